import Foundation

/// Spanish adjectives agree with their noun after ser and estar too: `la playa es muy
/// bonita`, `los pantalones son demasiado largos`. A post-edit writes one form of the
/// adjective (`very pretty` → `muy bonito`) whatever the subject, so an adjective in `-o`,
/// `-a`, `-os`, `-as` after `article noun copula (degree)` is made to agree with that noun:
/// its gender and number from the article (`la`, `los`), or from the analyser for a
/// determiner with one form for both (`mi`, `su`).
///
/// After a plural copula with no subject said, a singular adjective is made plural (`Están
/// muy cansado` → `cansados`); an adjective right after its noun agrees with it too (`un
/// abrigo rojo`, where a post-edit changed the noun).
///
/// The words are the pack's `agreement.tsv` (each determiner's four forms: masculine and
/// feminine singular, masculine and feminine plural), `copula-forms.tsv` (the forms of ser
/// and estar) and `predicate-degrees.txt` (`muy`, `demasiado`); the analyser says which
/// words are adjectives and what gender a noun has.
struct PredicateAgreement: Sendable {
    /// Each determiner's place in its row (0…3), or nil when its forms do not tell (`mi`).
    let determiners: [String: Int?]
    let copulas: Set<String>
    let degrees: Set<String>
    let language: String
    /// The analysers the rule asks about words (its context's).
    let morphology: any Morphology

    init(pack: LanguagePack, morphology: any Morphology) {
        self.morphology = morphology
        var determiners: [String: Int?] = [:]
        for row in pack.table("agreement") where row.count == 4 {
            for (index, form) in row.enumerated() where determiners[form] == nil {
                determiners[form] = row.filter { $0 == form }.count == 1 ? index : nil
            }
        }
        self.determiners = determiners
        let copulaRows = pack.table("copula-forms")
        copulas = Set(copulaRows.map { $0[0] } + copulaRows.map { $0[1] })
        degrees = pack.words("predicate-degrees")
        language = pack.language
    }

    /// The rule of the target's pack, or nil when it has none.
    static func make(for context: TranslationContext) -> PredicateAgreement? {
        let pack = context.target
        let rule = PredicateAgreement(pack: pack, morphology: context.morphology)
        return rule.determiners.isEmpty || rule.copulas.isEmpty || rule.degrees.isEmpty ? nil : rule
    }

    /// `text` with each adjective after `determiner noun copula (degree)` agreeing with the noun.
    func apply(to text: String) -> String {
        guard let analyser = morphology.analyser(for: language) else { return text }
        var tokens = text.split(separator: " ").map(String.init)
        for copulaAt in tokens.indices.dropFirst(2) where copulas.contains(tokens[copulaAt].lowercased()) {
            let determiner = tokens[copulaAt - 2].lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "¿¡"))
            guard let place = determiners[determiner] else { continue }
            // `el hotel de la ciudad está lleno`: a noun after a preposition is not the subject.
            if copulaAt > 2, analyser.readings(of: tokens[copulaAt - 3].lowercased()).contains(where: { $0.partOfSpeech == "pr" }) {
                continue
            }
            var adjectiveAt = copulaAt + 1
            adjectiveAt = afterDegree(tokens, at: adjectiveAt)
            guard adjectiveAt < tokens.count else { continue }
            let noun = tokens[copulaAt - 1].lowercased()
            let nounReadings = analyser.readings(of: noun).filter { $0.partOfSpeech == "n" }
            let form: (feminine: Bool, plural: Bool)
            let nounGender = nounReadings.count == 1 && nounReadings[0].tags.contains("f") != nounReadings[0].tags.contains("m")
                ? nounReadings[0].tags.contains("f") : nil
            if let place {
                // `el agua`: a feminine noun the article does not show is feminine still.
                form = (nounGender ?? (place % 2 == 1), place >= 2)
            } else if let reading = nounReadings.first, reading.tags.contains("f") || reading.tags.contains("m") {
                form = (reading.tags.contains("f"), reading.isPluralNoun)
            } else {
                continue
            }
            guard !nounReadings.isEmpty, let agreed = agreeing(tokens[adjectiveAt], form, analyser) else { continue }
            tokens[adjectiveAt] = agreed
        }
        return adjectivesAfterTheirNouns(pluralAfterPluralCopula(tokens, analyser), analyser).joined(separator: " ")
    }

    /// `tokens` with an adjective right after `determiner noun` agreeing with the noun, its
    /// gender the analyser's (`un abrigo roja` → `rojo`, after a post-edit put `abrigo` for
    /// Apertium's `capa`), its number the determiner's or the noun's.
    private func adjectivesAfterTheirNouns(_ tokens: [String], _ analyser: any WordAnalyser) -> [String] {
        var tokens = tokens
        for adjectiveAt in tokens.indices.dropFirst(2) {
            let determiner = tokens[adjectiveAt - 2].lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "¿¡"))
            guard determiners[determiner] != nil, tokens[adjectiveAt - 1].last?.isLetter == true else { continue }
            let nouns = analyser.readings(of: tokens[adjectiveAt - 1].lowercased()).filter { $0.partOfSpeech == "n" }
            // One reading that says its gender; a word that may be an adjective itself is left alone.
            guard nouns.count == 1, nouns[0].tags.contains("f") != nouns[0].tags.contains("m"),
                  !analyser.readings(of: tokens[adjectiveAt - 1].lowercased()).contains(where: { $0.partOfSpeech == "adj" }),
                  !analyser.readings(of: PhraseText.bareWord(tokens[adjectiveAt]).lowercased()).contains(where: { $0.partOfSpeech == "n" }),
                  let agreed = agreeing(tokens[adjectiveAt], (nouns[0].tags.contains("f"), nouns[0].isPluralNoun), analyser)
            else { continue }
            tokens[adjectiveAt] = agreed
        }
        return tokens
    }

    /// Where the adjective is when a degree may stand at `index` (`muy`, `un poco`).
    private func afterDegree(_ tokens: [String], at index: Int) -> Int {
        for length in [2, 1] where index + length <= tokens.count
            && degrees.contains(tokens[index..<(index + length)].joined(separator: " ").lowercased()) {
            return index + length
        }
        return index
    }

    /// `tokens` with a singular adjective after a plural copula made plural (`Estamos muy
    /// feliz` → `felices`, `Están muy cansado` → `cansados`): a subject left unsaid still has
    /// its number in the verb.
    private func pluralAfterPluralCopula(_ tokens: [String], _ analyser: any WordAnalyser) -> [String] {
        var tokens = tokens
        for copulaAt in tokens.indices where copulas.contains(PhraseText.bareWord(tokens[copulaAt]).lowercased()) {
            let copula = analyser.readings(of: PhraseText.bareWord(tokens[copulaAt]).lowercased())
                .filter { ProtectedSpans.verbTags.contains($0.partOfSpeech) }
            guard !copula.isEmpty, copula.allSatisfy({ $0.tags.contains("pl") }) else { continue }
            var adjectiveAt = copulaAt + 1
            adjectiveAt = afterDegree(tokens, at: adjectiveAt)
            guard adjectiveAt < tokens.count else { continue }
            let word = String(tokens[adjectiveAt].prefix { $0.isLetter })
            let readings = analyser.readings(of: word.lowercased())
            guard !word.isEmpty, readings.contains(where: { $0.partOfSpeech == "adj" }),
                  readings.allSatisfy({ $0.partOfSpeech != "adj" || $0.tags.contains("sg") }) else { continue }
            let plural = word.hasSuffix("z") ? word.dropLast() + "ces" : "aeiou".contains(word.last!) ? word + "s" : word + "es"
            guard analyser.readings(of: plural.lowercased()).contains(where: { $0.partOfSpeech == "adj" && $0.tags.contains("pl") })
            else { continue }
            tokens[adjectiveAt] = plural + tokens[adjectiveAt].dropFirst(word.count)
        }
        return tokens
    }

    /// `token` (an adjective in `-o`/`-a`/`-os`/`-as`, with any marks after it) in `form`, or nil.
    private func agreeing(_ token: String, _ form: (feminine: Bool, plural: Bool), _ analyser: any WordAnalyser) -> String? {
        let word = String(token.prefix { $0.isLetter })
        let marks = token.dropFirst(word.count)
        guard analyser.readings(of: word.lowercased()).contains(where: { $0.partOfSpeech == "adj" }) else { return nil }
        let stem: Substring
        if word.hasSuffix("os") || word.hasSuffix("as") { stem = word.dropLast(2) }
        else if word.hasSuffix("o") || word.hasSuffix("a") { stem = word.dropLast() }
        else { return nil }
        let agreed = String(stem) + (form.feminine ? "a" : "o") + (form.plural ? "s" : "")
        // Only a form the analyser knows as that adjective (`bonita`, not `ela`).
        guard analyser.readings(of: agreed.lowercased()).contains(where: { $0.partOfSpeech == "adj" }) else { return nil }
        return agreed + String(marks)
    }
}

extension PredicateAgreement: TranslationRule {
    static let stages: Set<TranslationStage> = [.engineReply, .sentence]

    func apply(to text: String, facts: SentenceFacts) -> String { apply(to: text) }
}
