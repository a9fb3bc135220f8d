import Foundation
@testable import ParleyKit
import ParleyKitTesting

extension DirectionRule {
    /// The rule for a direction from and into `language` (the rules a test asks for by one
    /// language read only one pack: the target's, or the source's), asking `morphology` about
    /// words (by default none: no analyser, as without Apertium), or nil when it has none.
    static func of(_ language: String, morphology: any ParleyKit.Morphology = InMemoryMorphology()) -> Self? {
        make(for: TranslationContext(from: language, to: language, morphology: morphology))
    }
}

extension TranslationRule {
    /// `text` through the rule for a direction into `language`, in a sentence that asks and
    /// commands (a rule that runs only for one of those runs); unchanged when there is no rule.
    static func apply(to text: String, language: String, morphology: any ParleyKit.Morphology = InMemoryMorphology()) -> String {
        of(language, morphology: morphology)?.apply(to: text, facts: SentenceFacts(sourceWords: [], asks: true, commands: true)) ?? text
    }
}

extension SegmentRule {
    /// `segments` through the rule for the direction from `source` into `target`; unchanged
    /// when the packs do not call for it.
    static func apply(to segments: [TranslationSegment], from source: String, to target: String,
                      morphology: any ParleyKit.Morphology = InMemoryMorphology()) -> [TranslationSegment] {
        make(for: TranslationContext(from: source, to: target, morphology: morphology))?.apply(to: segments) ?? segments
    }
}

extension InMemoryMorphology {
    /// The lt-proc answers recorded in `Fixtures/<name>`: lines `A`, language, word and its
    /// analyses joined by `/`; lines `G`, language, analysis and the form generated; `#` a note.
    static func recorded(_ name: String) -> InMemoryMorphology {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
        var analyses: [String: [String: [String]]] = [:]
        var forms: [String: [String: String]] = [:]
        for line in ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 else { continue }
            if fields[0] == "A" { analyses[fields[1], default: [:]][fields[2]] = fields[3].split(separator: "/").map(String.init) }
            if fields[0] == "G" { forms[fields[1], default: [:]][fields[2]] = fields[3] }
        }
        return InMemoryMorphology(analyses: analyses, forms: forms)
    }
}
