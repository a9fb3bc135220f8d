/// English says a verb after `like`, `want`, `know`… with `to` (`I would like to change`,
/// `I do not know how to swim`); a sentence assembled from a phrasebook piece and Apertium's
/// rest, or translated from Spanish's bare infinitive, may leave it out (`I would like
/// change`, `I do not know swim`). After a verb of the target pack's list, a word that is
/// nothing but a verb in its base form (or, before an object, a noun too: `change these
/// shoes`) gets the list's words before it.
///
/// The words are the target pack's `infinitive-takers.tsv`; the analyser says which words
/// are only verbs.
struct InfinitiveMarker: TranslationRule {
    private struct Rules: Sendable {
        let takers: [String: String]
        /// What opens an object (`these`, `the`): after it, a word that may also be a noun
        /// is the verb (`like change these shoes`).
        let determiners: Set<String>
    }

    static let stages: Set<TranslationStage> = [.sentence]

    private let rules: Rules
    private let language: String
    private let morphology: Morphology

    /// The rule of the target's pack, or nil when it has none.
    static func make(for context: TranslationContext) -> InfinitiveMarker? {
        let pack = context.target
        let rules = Rules(takers: pack.map("infinitive-takers"), determiners: pack.words("articles").union(pack.words("subject-determiners")))
        return rules.takers.isEmpty ? nil : InfinitiveMarker(rules: rules, language: pack.language, morphology: context.morphology)
    }

    /// `text` with `to` before each bare verb that follows a verb of the list.
    func apply(to text: String, facts: SentenceFacts) -> String {
        guard let analyser = morphology.analyser(for: language) else { return text }
        var tokens = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var index = tokens.count - 1
        while index > 0 {
            defer { index -= 1 }
            guard tokens[index - 1].last?.isLetter == true, let marker = rules.takers[tokens[index - 1].lowercased()] else { continue }
            let readings = analyser.readings(of: PhraseText.bareWord(tokens[index]).lowercased())
            let beforeObject = index + 1 < tokens.count && rules.determiners.contains(tokens[index + 1].lowercased())
            guard !readings.isEmpty,
                  readings.allSatisfy({ ProtectedSpans.verbTags.contains($0.partOfSpeech) || beforeObject && $0.partOfSpeech == "n" }),
                  readings.contains(where: { $0.tags.contains("inf") }),
                  !readings.contains(where: { ["vaux", "vbmod"].contains($0.partOfSpeech) }) else { continue }
            tokens.insert(contentsOf: marker.split(separator: " ").map(String.init), at: index)
        }
        return tokens.joined(separator: " ")
    }
}
