import Foundation

/// A translation waiting to be said.
public struct QueuedSpeech: Sendable, Equatable {
    /// The segment it translates.
    public let number: Int
    /// What to say, in the voices of their locales.
    public let parts: [SpokenPart]
    /// When its segment was heard, in seconds on the queue's clock.
    public let heardAt: Double

    /// Segment `number`'s translation, heard at `heardAt`.
    public init(number: Int, parts: [SpokenPart], heardAt: Double) {
        self.number = number
        self.parts = parts
        self.heardAt = heardAt
    }
}

/// The order in which translations are said while interpretation goes on: oldest first, but
/// a voice that falls behind by more than `allowedLag` seconds skips to the newest waiting
/// translation (a lecture does not wait for the voice), and says which it skipped. Time is
/// whatever clock the caller reads: seconds passed in (tests pass numbers).
public struct SpeechQueue: Sendable {
    /// How far behind the voice may fall before it skips.
    public let allowedLag: Double
    /// The range `allowedLag` may be set in: less would skip translations a voice says in
    /// time; more makes a voice talk about what was said a minute ago.
    public static let allowedLags = 2.0...60.0
    /// About two segments of speech.
    public static let defaultLag = 10.0
    private var waiting: [QueuedSpeech] = []

    /// A queue that skips when it falls more than `allowedLag` seconds behind (clamped to
    /// `allowedLags`).
    public init(allowedLag: Double = SpeechQueue.defaultLag) {
        self.allowedLag = min(max(allowedLag, Self.allowedLags.lowerBound), Self.allowedLags.upperBound)
    }

    /// Translations waiting.
    public var count: Int { waiting.count }

    /// Adds a translation to say.
    public mutating func add(_ speech: QueuedSpeech) {
        waiting.append(speech)
    }

    /// The next translation to say at `now`, and those skipped to reach it: when the oldest
    /// waiting one is more than `allowedLag` behind, every one but the newest is skipped.
    public mutating func next(now: Double) -> (speech: QueuedSpeech, skipped: [QueuedSpeech])? {
        guard let oldest = waiting.first else { return nil }
        guard now - oldest.heardAt > allowedLag, waiting.count > 1 else {
            waiting.removeFirst()
            return (oldest, [])
        }
        let newest = waiting.removeLast()
        defer { waiting.removeAll() }
        return (newest, waiting)
    }
}
