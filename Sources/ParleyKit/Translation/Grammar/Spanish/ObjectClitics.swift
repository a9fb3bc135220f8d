/// Spanish says a pronoun object as a clitic: before a conjugated verb (`¿Lo tiene en
/// azul?`) or joined to an infinitive (`envolverlo`). Apertium sometimes writes English's
/// order with a strong pronoun (`¿Tiene él en azul?`, `¿Podría envolver él…?`), which reads
/// as "does he have…". A strong pronoun right after a word that can only be a verb taking an
/// object (not `para`, also "for"; not `es`) is moved where the clitic goes.
///
/// The pronouns and clitics are the target pack's `object-clitics.tsv`; the target's
/// analyser says which words are verbs and which infinitives.
struct ObjectClitics: Sendable {
    /// Each strong pronoun and its clitic (`él` → `lo`).
    let clitics: [String: String]
    let language: String
    /// The analysers the rule asks about words (its context's).
    let morphology: any Morphology

    init(pack: LanguagePack, morphology: any Morphology) {
        self.morphology = morphology
        clitics = pack.map("object-clitics")
        language = pack.language
    }

    /// The rule of the target's pack, or nil when it has none.
    static func make(for context: TranslationContext) -> ObjectClitics? {
        let pack = context.target
        let rule = ObjectClitics(pack: pack, morphology: context.morphology)
        return rule.clitics.isEmpty ? nil : rule
    }

    /// `text` with each strong pronoun after a verb made the verb's clitic.
    func apply(to text: String) -> String {
        guard let analyser = morphology.analyser(for: language) else { return text }
        var tokens = text.split(separator: " ").map(String.init)
        var index = 1
        while index < tokens.count {
            // The pronoun alone, or with the punctuation after it (`él?`).
            let pronoun = String(tokens[index].prefix { $0.isLetter })
            let verb = String(tokens[index - 1].drop { !$0.isLetter })
            guard let clitic = clitics[pronoun.lowercased()], tokens[index].count == pronoun.count || tokens[index].dropFirst(pronoun.count).allSatisfy(\.isPunctuation),
                  verb.allSatisfy(\.isLetter), !verb.isEmpty else { index += 1; continue }
            // A verb that takes an object, and nothing else (`para` is also "for"; `es él` is "it is him").
            let all = analyser.readings(of: verb.lowercased())
            let readings = all.filter { ["vblex", "vbmod"].contains($0.partOfSpeech) }
            guard !readings.isEmpty, readings.count == all.count else { index += 1; continue }
            let trailing = String(tokens[index].dropFirst(pronoun.count))
            if readings.contains(where: { $0.tags.contains("inf") }) {
                tokens[index - 1] += clitic
                if trailing.isEmpty { tokens.remove(at: index) } else { tokens[index - 1] += trailing; tokens.remove(at: index) }
            } else {
                // Before the verb, after any `no`; the verb keeps the capital or `¿` it opened with.
                let opening = String(tokens[index - 1].prefix { !$0.isLetter })
                let capital = verb.first?.isUppercase == true
                tokens[index - 1] = opening + (capital ? SentenceStyle.capitalizedFirstLetter(clitic) : clitic) + " "
                    + (capital ? verb.prefix(1).lowercased() + verb.dropFirst() : verb)
                if trailing.isEmpty { tokens.remove(at: index) } else { tokens[index - 1] += trailing; tokens.remove(at: index) }
            }
        }
        return tokens.joined(separator: " ")
    }
}

extension ObjectClitics: TranslationRule {
    static let stages: Set<TranslationStage> = [.engineReply]

    func apply(to text: String, facts: SentenceFacts) -> String { apply(to: text) }
}
