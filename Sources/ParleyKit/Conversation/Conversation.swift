/// One of the two people in a conversation, known by the locale they speak.
public struct Side: Sendable, Equatable {
    /// The locale this side speaks and hears.
    public var locale: LocaleTag

    /// A side speaking `locale`.
    public init(locale: LocaleTag) { self.locale = locale }
}

/// Two sides taking turns: whose turn it is and which way translation goes. Holds no I/O;
/// the conversation engine drives it.
public struct Conversation: Sendable, Equatable {
    /// The two sides, in the order they were named.
    public private(set) var sides: [Side]
    /// Index of the side whose turn it is.
    public private(set) var current = 0

    /// A conversation in which `first` speaks first.
    public init(first: LocaleTag, second: LocaleTag) {
        sides = [Side(locale: first), Side(locale: second)]
    }

    /// The locale of the side whose turn it is.
    public var speakerLocale: LocaleTag { sides[current].locale }
    /// The locale the current speaker is translated into.
    public var listenerLocale: LocaleTag { sides[1 - current].locale }

    /// Gives the turn to the other side without a turn being taken.
    public mutating func swap() { current = 1 - current }

    /// Gives the turn to side `index` (0 or 1).
    public mutating func give(to index: Int) { current = index == 1 ? 1 : 0 }

    /// Switches to a new pair; `first` speaks next.
    public mutating func switchPair(first: LocaleTag, second: LocaleTag) {
        sides = [Side(locale: first), Side(locale: second)]
        current = 0
    }
}
