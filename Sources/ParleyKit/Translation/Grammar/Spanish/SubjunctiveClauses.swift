/// Spanish says the verb after a wish, a purpose, a doubt or a time still to come in the
/// subjunctive (`espero que le guste`, `no creo que esté abierto`, `antes de que se vaya`);
/// Apertium writes the English present as the indicative (`Espero que le gusta`). After a
/// trigger the target pack lists, the clause's first finite verb, when it is a present
/// indicative, is written in the present subjunctive of the same person and number, the form
/// asked of Apertium's generator (irregular ones included: `es` → `sea`, `hay` → `haya`).
///
/// Only a word that is nothing but a verb is changed (`cuenta` may be a noun); a past or
/// future verb, or a clause's end, stops the search. The words are the target pack's
/// `subjunctive-triggers.txt`; the analyser reads the verb, the generator writes it.
struct SubjunctiveClauses: TranslationRule {
    static let stages: Set<TranslationStage> = [.sentence]

    private let rules: [[String]]
    private let language: String
    private let morphology: Morphology

    /// The rule of the target's pack, or nil when it has none.
    static func make(for context: TranslationContext) -> SubjunctiveClauses? {
        let pack = context.target
        let rules = pack.list("subjunctive-triggers").map { $0.lowercased().split(separator: " ").map(String.init) }
        return rules.isEmpty ? nil : SubjunctiveClauses(rules: rules, language: pack.language, morphology: context.morphology)
    }

    /// How many words after a trigger its verb is looked for (`que el tiempo no está`).
    private static let reach = 4

    /// `text` with each present indicative after a listed trigger made subjunctive.
    func apply(to text: String, facts: SentenceFacts) -> String {
        let triggers = rules
        guard let analyser = morphology.analyser(for: language),
              let generator = morphology.generator(for: language) else { return text }
        var tokens = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let words = tokens.map { PhraseText.bareWord($0).lowercased() }
        for trigger in triggers {
            for start in PhraseText.occurrences(of: trigger, in: words) {
                let end = start + trigger.count - 1
                if !Self.endsClause(tokens[end]), let (at, form) = Self.subjunctive(after: end, tokens: tokens, words: words, analyser, generator) {
                    tokens[at] = PhraseText.replacingWord(in: tokens[at], with: form)
                }
            }
        }
        return tokens.joined(separator: " ")
    }

    /// The place and subjunctive form of the clause's verb after the trigger ending at `end`,
    /// or nil when its first verb is not a present indicative.
    private static func subjunctive(after end: Int, tokens: [String], words: [String],
                                    _ analyser: any WordAnalyser, _ generator: any WordGenerator) -> (Int, String)? {
        for at in (end + 1)..<min(words.count, end + 1 + reach) {
            let readings = analyser.readings(of: words[at])
            let verbReadings = readings.filter { ProtectedSpans.verbTags.contains($0.partOfSpeech) }
            if !verbReadings.isEmpty && verbReadings.count == readings.count {
                // Imperatives share forms with the present (`gusta`); they are not the clause's verb.
                let present = verbReadings.filter { $0.tags.contains("pri") }
                guard !present.isEmpty, present.count + verbReadings.filter({ $0.tags.contains("imp") }).count == verbReadings.count
                else { return nil }
                let forms = Set(present.map { reading in
                    generator.form(of: reading.base, tags: [reading.partOfSpeech] + reading.tags.map { $0 == "pri" ? "prs" : $0 })
                })
                guard forms.count == 1, let form = forms.first ?? nil else { return nil }
                return (at, form)
            }
            if endsClause(tokens[at]) { return nil }
        }
        return nil
    }

    private static func endsClause(_ token: String) -> Bool {
        token.last.map { ",;:.?!".contains($0) } == true
    }
}
