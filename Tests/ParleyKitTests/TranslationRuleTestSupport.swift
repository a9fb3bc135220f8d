@testable import ParleyKit

extension DirectionRule {
    /// The rule for a direction from and into `language` (the rules a test asks for by one
    /// language read only one pack: the target's, or the source's), or nil when it has none.
    static func of(_ language: String) -> Self? {
        make(for: TranslationContext(from: language, to: language))
    }
}

extension TranslationRule {
    /// `text` through the rule for a direction into `language`, in a sentence that asks and
    /// commands (a rule that runs only for one of those runs); unchanged when there is no rule.
    static func apply(to text: String, language: String) -> String {
        of(language)?.apply(to: text, facts: SentenceFacts(sourceWords: [], asks: true, commands: true)) ?? text
    }
}

extension SegmentRule {
    /// `segments` through the rule for the direction from `source` into `target`; unchanged
    /// when the packs do not call for it.
    static func apply(to segments: [TranslationSegment], from source: String, to target: String) -> [TranslationSegment] {
        make(for: TranslationContext(from: source, to: target))?.apply(to: segments) ?? segments
    }
}
