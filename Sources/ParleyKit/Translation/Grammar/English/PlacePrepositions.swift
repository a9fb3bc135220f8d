/// Where Spanish says `en` for any place, English picks the preposition by the place: `at
/// reception`, `at the next station`, `on the second street`, `on the card`. Apertium writes
/// `in` for every one (`You can leave the suitcases in reception`, `The password is in the
/// card`). The preposition before a noun the target pack names, over at most one determiner
/// and two adjectives or ordinals, is replaced by that noun's own.
///
/// The words are the target pack's `place-prepositions.tsv`: the preposition Apertium wrote,
/// the noun, the preposition instead, and a word that must follow the noun (`-` for none:
/// `at the end of the corridor`, but `in the end` alone). The determiners are its
/// `subject-determiners.txt` and `articles.txt`; its analyser says which words are adjectives.
struct PlacePrepositions: Sendable {
    struct Rule: Sendable {
        let instead: String
        /// A word that must follow the noun, or nil.
        let before: String?
    }

    /// The rules by the preposition written and the noun.
    let rules: [String: [String: Rule]]
    let determiners: Set<String>
    let language: String
    /// The analysers rules ask about words (the context's).
    let morphology: any Morphology

    init(pack: LanguagePack, morphology: any Morphology) {
        var rules: [String: [String: Rule]] = [:]
        for row in pack.table("place-prepositions") where rules[row[0], default: [:]][row[1]] == nil {
            rules[row[0], default: [:]][row[1]] = Rule(instead: row[2], before: row[3] == "-" ? nil : row[3])
        }
        self.rules = rules
        determiners = pack.words("subject-determiners").union(pack.words("articles"))
        language = pack.language
        self.morphology = morphology
    }

    /// The rule of the target's pack, or nil when it has none.
    static func make(for context: TranslationContext) -> PlacePrepositions? {
        let pack = context.target
        let rule = PlacePrepositions(pack: pack, morphology: context.morphology)
        return rule.rules.isEmpty ? nil : rule
    }

    /// `text` with each preposition before a named place replaced by that place's own.
    func apply(to text: String) -> String {
        var tokens = text.split(separator: " ").map(String.init)
        for index in tokens.indices {
            let written = PhraseText.bareWord(tokens[index])
            // The preposition itself carries no marks; one before a comma ends a phrase.
            guard let nouns = rules[written.lowercased()], tokens[index].count == written.count,
                  let (noun, rule) = place(after: index, in: tokens, nouns: nouns) else { continue }
            if let before = rule.before, noun + 1 == tokens.count || PhraseText.bareWord(tokens[noun + 1]).lowercased() != before { continue }
            let capital = written.first?.isUppercase == true
            tokens[index] = capital ? SentenceStyle.capitalizedFirstLetter(rule.instead) : rule.instead
        }
        return tokens.joined(separator: " ")
    }

    /// The position and rule of the named noun the preposition at `index` governs: the next
    /// word, or the word after a determiner and up to two adjectives or ordinals (`the next`,
    /// `the second`), none of them followed by a mark.
    private func place(after index: Int, in tokens: [String], nouns: [String: Rule]) -> (Int, Rule)? {
        var position = index + 1
        var modifiers = 0
        while position < tokens.count {
            let word = PhraseText.bareWord(tokens[position]).lowercased()
            if let rule = nouns[word] {
                // `in the bus station`: the place is the noun the named one qualifies.
                let followedByNoun = tokens[position].count == word.count && position + 1 < tokens.count
                    && isNounOnly(PhraseText.bareWord(tokens[position + 1]).lowercased())
                return followedByNoun ? nil : (position, rule)
            }
            guard tokens[position].count == word.count else { return nil }
            if position == index + 1, determiners.contains(word) {
                position += 1
                continue
            }
            guard modifiers < 2, isModifier(word) else { return nil }
            modifiers += 1
            position += 1
        }
        return nil
    }

    /// A word the analyser reads as an adjective or an ordinal, and never as a preposition.
    private func isModifier(_ word: String) -> Bool {
        let readings = morphology.analyser(for: language)?.readings(of: word) ?? []
        return readings.contains { $0.partOfSpeech == "adj" || $0.tags.contains("ord") }
            && !readings.contains { $0.partOfSpeech == "pr" }
    }

    /// A word the analyser reads only as a noun (or an adjective that is one too).
    private func isNounOnly(_ word: String) -> Bool {
        let readings = morphology.analyser(for: language)?.readings(of: word) ?? []
        return readings.contains { $0.partOfSpeech == "n" }
            && readings.allSatisfy { ["n", "adj", "vblex"].contains($0.partOfSpeech) }
    }
}

extension PlacePrepositions: TranslationRule {
    static let stages: Set<TranslationStage> = [.engineReply]

    func apply(to text: String, facts: SentenceFacts) -> String { apply(to: text) }
}
