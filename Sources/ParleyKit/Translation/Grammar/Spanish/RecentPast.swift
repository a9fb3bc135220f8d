/// Spain tells what has just happened in the present perfect: `I lost my passport` is `He
/// perdido el pasaporte`, `I did not understand` is `No lo he entendido`. Apertium writes the
/// preterite (`Perdí`, `No entendí`), which in Spain places it in a time that is over. Where
/// the English told the past with no such time (no `yesterday`, `last night`, `ago`), each
/// verb Apertium wrote in the preterite becomes haber + participle, its clitics and `no`
/// staying before it.
///
/// The words are the packs': the target's `recent-past.tsv` (haber by person and number) and
/// `participles.tsv` (irregular participles and the regular endings), the source's
/// `past-time-words.txt`. The target's analyser says which words are preterites.
struct RecentPast: Sendable {
    /// The form of haber by person and number (`p1 sg` → `he`).
    let haber: [String: String]
    /// Irregular participles by verb, and the regular ending by infinitive ending.
    let irregular: [String: String]
    let endings: [(infinitive: String, participle: String)]
    /// Source words that set the past in a time that is over, and the forms of `be`, which
    /// tell a past that is over (`was`) or a passive Apertium may misread (`is served`).
    let pastTimeWords: Set<String>
    let beForms: Set<String>
    /// The source language, whose analyser says which words are past tenses.
    let sourceLanguage: String
    /// The target language, whose analyser reads its verbs.
    let language: String

    /// The analysers the rule asks about words (its context's).
    let morphology: any Morphology

    init(from source: LanguagePack, to target: LanguagePack, morphology: any Morphology) {
        haber = Dictionary(target.table("recent-past").filter { $0.count >= 3 }.map { ("\($0[0]) \($0[1])", $0[2]) },
                           uniquingKeysWith: { first, _ in first })
        let participles = target.table("participles").filter { $0.count >= 2 }
        irregular = Dictionary(participles.filter { !$0[0].hasPrefix("-") }.map { ($0[0], $0[1]) }, uniquingKeysWith: { first, _ in first })
        endings = participles.filter { $0[0].hasPrefix("-") }.map { (String($0[0].dropFirst()), $0[1]) }
        pastTimeWords = source.words("past-time-words")
        beForms = Set(source.table("auxiliaries").filter { $0.count >= 2 && $0[1].hasPrefix("be") }.map { $0[0] })
        sourceLanguage = source.language
        language = target.language
        self.morphology = morphology
    }

    /// The rule for the context's direction, or nil when its packs do not have it.
    static func make(for context: TranslationContext) -> RecentPast? {
        let (source, target) = (context.source, context.target)
        let made = RecentPast(from: source, to: target, morphology: context.morphology)
        return made.haber.isEmpty || made.endings.isEmpty || made.pastTimeWords.isEmpty ? nil : made
    }

    /// `output` (the target for the source words `source`) with its preterites in the
    /// present perfect, when `source` tells a past with a verb that is nothing but a past
    /// tense (`lost`, `did`; not `cost`, which may be a present), with no form of `be` and
    /// nothing setting it in a time that is over.
    func apply(to output: String, source: [String]) -> String {
        guard !source.contains(where: { pastTimeWords.contains($0) || beForms.contains($0) }),
              source.contains(where: { VerbReadings.isOnlyPast($0, language: sourceLanguage, morphology: morphology) }),
              let analyser = morphology.analyser(for: language) else {
            return output
        }
        var tokens = output.split(separator: " ").map(String.init)
        for (index, token) in tokens.enumerated() {
            let word = String(token.drop { !$0.isLetter }.prefix { $0.isLetter })
            guard !word.isEmpty else { continue }
            let readings = analyser.readings(of: word.lowercased())
            // Only a verb the analyser reads as nothing but a preterite (`reservamos` is a present too).
            guard VerbReadings.isOnlyPreterite(readings), let reading = readings.first, let person = reading.tags.first(where: { $0.hasPrefix("p") }),
                  let number = reading.tags.first(where: { $0 == "sg" || $0 == "pl" }),
                  let auxiliary = haber["\(person) \(number)"], let participle = participle(of: reading.base) else { continue }
            let written = word.first?.isUppercase == true ? SentenceStyle.capitalizedFirstLetter(auxiliary) : auxiliary
            tokens[index] = token.replacingOccurrences(of: word, with: written + " " + participle)
        }
        return tokens.joined(separator: " ")
    }

    /// The participle of the verb `infinitive` (`perder` → `perdido`, `hacer` → `hecho`).
    func participle(of infinitive: String) -> String? {
        if let known = irregular[infinitive] { return known }
        for (ending, participle) in endings where infinitive.hasSuffix(ending) {
            return String(infinitive.dropLast(ending.count)) + participle
        }
        return nil
    }
}

extension RecentPast: TranslationRule {
    static let stages: Set<TranslationStage> = [.engineReply]

    func apply(to text: String, facts: SentenceFacts) -> String { apply(to: text, source: facts.sourceWords) }
}
