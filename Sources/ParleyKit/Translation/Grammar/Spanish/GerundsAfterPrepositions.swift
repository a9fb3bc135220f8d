/// Spanish says a verb after a preposition in the infinitive (`gracias por esperar`, `sin
/// pagar`, `gracias por ayudarme`); English says it in `-ing`, and a slot or a reply
/// translated on its own comes out as the gerund (`Gracias por esperando`, `por
/// ayudándome`). After a preposition the target pack lists, a word its analyser reads only
/// as a gerund, alone or with a clitic joined to it, is written as the infinitive.
///
/// The words are the target pack's `infinitive-prepositions.txt` and `clitics.txt`.
struct GerundsAfterPrepositions: TranslationRule {
    private struct Rules: Sendable {
        let prepositions: Set<String>
        let clitics: [String]
    }

    static let stages: Set<TranslationStage> = [.engineReply, .filledTemplate]

    private let rules: Rules
    private let language: String
    private let morphology: Morphology

    /// The rule of the target's pack, or nil when it has none.
    static func make(for context: TranslationContext) -> GerundsAfterPrepositions? {
        let pack = context.target
        let rules = Rules(prepositions: pack.words("infinitive-prepositions"),
                          clitics: pack.list("clitics").sorted { $0.count > $1.count })
        return rules.prepositions.isEmpty ? nil : GerundsAfterPrepositions(rules: rules, language: pack.language, morphology: context.morphology)
    }

    /// `text` with each gerund after a listed preposition made an infinitive.
    func apply(to text: String, facts: SentenceFacts) -> String {
        guard let analyser = morphology.analyser(for: language) else { return text }
        var tokens = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for index in tokens.indices.dropFirst() where rules.prepositions.contains(tokens[index - 1].lowercased()) {
            let word = String(tokens[index].prefix { $0.isLetter })
            let marks = tokens[index].dropFirst(word.count)
            guard word.count > 4, let infinitive = Self.infinitive(of: word.lowercased(), rules: rules, analyser: analyser) else { continue }
            tokens[index] = infinitive + marks
        }
        return tokens.joined(separator: " ")
    }

    /// The infinitive (with its clitic, if joined) of `word` when it is only a gerund.
    private static func infinitive(of word: String, rules: Rules, analyser: any WordAnalyser) -> String? {
        func lemma(_ gerund: String) -> String? {
            let readings = analyser.readings(of: gerund)
            guard !readings.isEmpty, readings.allSatisfy({ $0.tags.contains("ger") }) else { return nil }
            return readings[0].base
        }
        if let plain = lemma(word) { return plain }
        // `ayudándome`: the clitic off, the accent it brought off too.
        for clitic in rules.clitics where word.hasSuffix(clitic) && word.count > clitic.count + 4 {
            let stem = String(word.dropLast(clitic.count))
            let unaccented = String(stem.map { ["á": "a", "é": "e", "í": "i"][$0] ?? $0 })
            if unaccented != stem, let base = lemma(unaccented) { return base + clitic }
        }
        return nil
    }
}
