/// Where a piece of a translation came from.
public enum TranslationOrigin: String, Sendable, Equatable, Codable, CaseIterable {
    /// The user's own entries (`parley dict add`).
    case user
    /// A phrasebook shipped in `dictionaries/`.
    case phrasebook
    /// An imported bilingual dictionary (FreeDict).
    case dictionary
    /// A machine-translation engine (Apertium).
    case engine
    /// A number, carried over unchanged.
    case number
    /// Not found anywhere: kept as it was and marked.
    case passthrough
}

/// One source span and the target text it became.
public struct TranslationSegment: Sendable, Equatable, Codable {
    /// The source words this segment covers, as matched (lower case, no punctuation).
    public let source: String
    /// The target text for them.
    public let target: String
    /// Where the target text came from.
    public let origin: TranslationOrigin

    /// Creates a segment.
    public init(source: String, target: String, origin: TranslationOrigin) {
        self.source = source
        self.target = target
        self.origin = origin
    }
}

/// A finished translation: the text to show and speak, and how it was assembled.
public struct Translation: Sendable, Equatable {
    /// The text that was translated.
    public let sourceText: String
    /// The source locale.
    public let source: LocaleTag
    /// The target locale.
    public let target: LocaleTag
    /// The translation, with sentence case and punctuation restored: what is spoken.
    public let text: String
    /// The same text with each passed-through word in brackets (`[xyzzy]`): what is shown.
    public let markedText: String
    /// The pieces, in source order.
    public let segments: [TranslationSegment]

    /// Creates a translation.
    public init(sourceText: String, source: LocaleTag, target: LocaleTag, text: String,
                markedText: String? = nil, segments: [TranslationSegment]) {
        self.sourceText = sourceText
        self.source = source
        self.target = target
        self.text = text
        self.markedText = markedText ?? text
        self.segments = segments
    }

    /// The words that were not found anywhere and were passed through.
    public var unknownWords: [String] {
        segments.filter { $0.origin == .passthrough }.map(\.source)
    }
}

/// Turns text in one locale into text in another. Implementations are synchronous and
/// may block (an engine process); callers run them off the Swift concurrency pool.
public protocol Translating: Sendable {
    /// A short name for listings (`dictionary`, `apertium`).
    var name: String { get }
    /// Translates `text` from `source` to `target`; throws a `.translation` error that
    /// says which pairs exist when the pair is not available.
    func translate(_ text: String, from source: LocaleTag, to target: LocaleTag) throws -> Translation
}
