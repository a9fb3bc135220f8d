/// Spanish tells how long something has gone on up to now with the present and `desde hace`
/// (`vivo en España desde hace dos años`); English with the present perfect (`I have lived
/// in Spain for two years`). Apertium keeps the present (`I live in Spain for two years`).
/// When the source says one of its duration openers, the English clause's first present
/// verb after its subject is written in the present perfect, the auxiliary and participle
/// from the target's generator: `I live` → `I have lived`, `my brother is` → `my brother has
/// been`, `I do not eat` → `I have not eaten`. A perfect already written is left alone.
///
/// The words are the source pack's `duration-openers.txt` and the target's
/// `perfect-words.tsv`; the target's analyser reads the subject and the verb.
struct DurationPerfect: Sendable {
    let openers: [[String]]
    let auxiliary: String
    let negation: String
    let language: String
    /// The analysers the rule asks about words (its context's).
    let morphology: any Morphology

    /// The rule for the context's direction, or nil when its packs do not have it.
    static func make(for context: TranslationContext) -> DurationPerfect? {
        let (source, target) = (context.source, context.target)
        let words = target.map("perfect-words")
        guard let auxiliary = words["auxiliary"], let negation = words["negation"] else { return nil }
        let openers = source.list("duration-openers").map { $0.split(separator: " ").map(String.init) }
        return openers.isEmpty ? nil : DurationPerfect(openers: openers, auxiliary: auxiliary, negation: negation,
                                                      language: target.language, morphology: context.morphology)
    }

    /// The verbs that have a perfect (not the modals: `can`).
    private static let verbs: Set<String> = ["vblex", "vbser", "vbhaver"]

    /// `output` (the English of a run of `source` words) with its present in the perfect
    /// when the source tells how long it has gone on.
    func apply(to output: String, source: [String]) -> String {
        guard openers.contains(where: { !PhraseText.occurrences(of: $0, in: source).isEmpty }),
              let analyser = morphology.analyser(for: language),
              let generator = morphology.generator(for: language) else { return output }
        var tokens = output.split(separator: " ").map(String.init)
        func word(_ index: Int) -> String { PhraseText.bareWord(tokens[index]).lowercased() }
        for index in tokens.indices.dropFirst() {
            // `I` is only known written with its capital.
            let written = PhraseText.bareWord(tokens[index - 1])
            let subject = analyser.readings(of: word(index - 1)) + (written == word(index - 1) ? [] : analyser.readings(of: written))
            let readings = analyser.readings(of: word(index))
            // After a subject pronoun or a noun that is nothing else (`will` may be a noun);
            // a verb anywhere else is the clause's first, and not one to put in the perfect.
            guard subject.contains(where: { $0.partOfSpeech == "prn" && $0.tags.contains("subj") })
                    || !subject.isEmpty && subject.allSatisfy({ ["n", "np"].contains($0.partOfSpeech) }) else {
                if readings.contains(where: { ProtectedSpans.verbTags.contains($0.partOfSpeech) }),
                   !readings.contains(where: { ["n", "prn", "det", "adj", "pr"].contains($0.partOfSpeech) }) { return output }
                continue
            }
            // `I do not eat`: the verb is after the negation, its person in `do`.
            var verbAt = index
            var person = readings
            if readings.contains(where: { $0.partOfSpeech == "vbdo" }), index + 2 < tokens.count, word(index + 1) == negation {
                verbAt = index + 2
            } else if readings.contains(where: { $0.partOfSpeech == "vbdo" }) {
                return output
            }
            let verb = analyser.readings(of: word(verbAt)).filter { Self.verbs.contains($0.partOfSpeech) }
            guard let present = (verbAt == index ? verb.first { $0.tags.contains("pri") || $0.tags.contains("pres") }
                                                 : verb.first { $0.tags.contains("inf") }) else { continue }
            if verbAt == index { person = [present] }
            // `I have had fever`: already a perfect.
            if present.partOfSpeech == "vbhaver", index + 1 < tokens.count,
               analyser.readings(of: word(index + 1)).contains(where: { $0.tags.contains("pp") }) { return output }
            let thirdSingular = person.contains { $0.tags.contains("p3") && $0.tags.contains("sg") }
            guard let have = generator.form(of: auxiliary, tags: ["vbhaver"] + (thirdSingular ? ["pri", "p3", "sg"] : ["pres"])),
                  let participle = generator.form(of: present.base, tags: [present.partOfSpeech, "pp"]) else { return output }
            let marks = String(tokens[verbAt].reversed().prefix { !$0.isLetter }.reversed())
            let said = verbAt == index ? [have, participle + marks] : [have, tokens[index + 1], participle + marks]
            tokens.replaceSubrange(index...verbAt, with: said)
            return tokens.joined(separator: " ")
        }
        return output
    }
}

extension DurationPerfect: TranslationRule {
    static let stages: Set<TranslationStage> = [.sentence]

    func apply(to text: String, facts: SentenceFacts) -> String { apply(to: text, source: facts.sourceWords) }
}
