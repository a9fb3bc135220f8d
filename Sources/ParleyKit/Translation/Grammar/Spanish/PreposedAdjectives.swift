/// Spanish says some adjectives before their noun (`el mejor café`, `la peor habitación`);
/// Apertium writes them after it (`el café mejor`). An adjective of the target pack's
/// list right after `article noun` is put before the noun, and the place such a superlative
/// is the best of is said with the pack's preposition (`en la ciudad` → `de la ciudad`).
///
/// The words are the target pack's `preposed-adjectives.txt`, `superlative-places.tsv` and
/// `articles.txt`; the analyser says which word is a noun.
struct PreposedAdjectives: TranslationRule {
    private struct Rules: Sendable {
        let adjectives: Set<String>
        let places: [String: String]
        let articles: Set<String>
    }

    static let stages: Set<TranslationStage> = [.sentence]

    private let rules: Rules
    private let language: String
    private let morphology: Morphology

    /// The rule of the target's pack, or nil when it has none.
    static func make(for context: TranslationContext) -> PreposedAdjectives? {
        let pack = context.target
        let rules = Rules(adjectives: pack.words("preposed-adjectives"), places: pack.map("superlative-places"),
                          articles: pack.words("articles"))
        return rules.adjectives.isEmpty ? nil : PreposedAdjectives(rules: rules, language: pack.language, morphology: context.morphology)
    }

    /// `text` with each listed adjective before its noun.
    func apply(to text: String, facts: SentenceFacts) -> String {
        guard let analyser = morphology.analyser(for: language) else { return text }
        var tokens = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for adjectiveAt in tokens.indices.dropFirst(2) {
            let adjective = PhraseText.bareWord(tokens[adjectiveAt]).lowercased()
            guard rules.adjectives.contains(adjective), rules.articles.contains(PhraseText.bareWord(tokens[adjectiveAt - 2]).lowercased()),
                  tokens[adjectiveAt - 1].last?.isLetter == true,
                  analyser.readings(of: tokens[adjectiveAt - 1].lowercased()).contains(where: { $0.partOfSpeech == "n" }) else { continue }
            let marks = String(tokens[adjectiveAt].reversed().prefix { !$0.isLetter }.reversed())
            tokens[adjectiveAt] = tokens[adjectiveAt - 1] + marks
            tokens[adjectiveAt - 1] = adjective
        }
        // `el mejor café en la ciudad`: the place it is the best of.
        for placeAt in tokens.indices.dropFirst(3).dropLast() {
            guard let place = rules.places[tokens[placeAt].lowercased()],
                  rules.articles.contains(PhraseText.bareWord(tokens[placeAt - 3]).lowercased()),
                  rules.adjectives.contains(tokens[placeAt - 2].lowercased()), tokens[placeAt - 1].last?.isLetter == true,
                  rules.articles.contains(tokens[placeAt + 1].lowercased()) || tokens[placeAt + 1].first?.isUppercase == true
            else { continue }
            tokens[placeAt] = place
        }
        return tokens.joined(separator: " ")
    }
}
