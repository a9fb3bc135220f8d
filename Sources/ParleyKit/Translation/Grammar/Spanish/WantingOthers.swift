/// English says what it wants of someone with an object and an infinitive (`I want you to
/// come`, `would you like me to take a photo`); Apertium writes it word for word (`Quiero te
/// para venir`, `¿Quiere me para hacer una foto?`). Spanish says it with `que` and the wanted
/// verb in the subjunctive of that person: `Quiero que venga`, `¿Quiere que haga una foto?`,
/// the imperfect subjunctive after a conditional (`Me gustaría que conociera…`). The listener
/// wanted of is usted, where the pack says `listener-formal`.
///
/// The words are the target pack's `wanting-verbs.txt` (base forms), `clitics.txt` and
/// `infinitive-prepositions.txt` (the `para` between); the analyser reads the verbs and the
/// pronoun's person, the generator writes the subjunctive.
struct WantingOthers: TranslationRule {
    private struct Rules: Sendable {
        let verbs: Set<String>
        let clitics: Set<String>
        let prepositions: Set<String>
        let formalListener: Bool
    }

    static let stages: Set<TranslationStage> = [.sentence]

    private let rules: Rules
    private let language: String
    private let morphology: Morphology

    /// The rule of the target's pack, or nil when it has none.
    static func make(for context: TranslationContext) -> WantingOthers? {
        let pack = context.target
        let rules = Rules(verbs: pack.words("wanting-verbs"), clitics: pack.words("clitics"),
                          prepositions: pack.words("infinitive-prepositions"), formalListener: pack.has("listener-formal"))
        return rules.verbs.isEmpty ? nil : WantingOthers(rules: rules, language: pack.language, morphology: context.morphology)
    }

    /// `text` with each `wanting-verb pronoun para infinitive` said with `que` and the subjunctive.
    func apply(to text: String, facts: SentenceFacts) -> String {
        guard let analyser = morphology.analyser(for: language),
              let generator = morphology.generator(for: language) else { return text }
        var tokens = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var at = 0
        while at + 3 < tokens.count {
            let words = tokens[at...(at + 3)].map { PhraseText.bareWord($0).lowercased() }
            guard tokens[at...(at + 2)].allSatisfy({ $0.last?.isLetter == true }),
                  rules.clitics.contains(words[1]), rules.prepositions.contains(words[2]),
                  let tense = Self.wantingTense(words[0], rules, analyser),
                  let person = Self.person(of: words[1], rules, analyser),
                  let wanted = Self.subjunctive(words[3], tense: tense, person: person, analyser, generator) else {
                at += 1
                continue
            }
            tokens.replaceSubrange((at + 1)...(at + 3), with: ["que", PhraseText.replacingWord(in: tokens[at + 3], with: wanted)])
            at += 3
        }
        return tokens.joined(separator: " ")
    }

    /// The subjunctive tense a wanting verb's form calls for: the present after a present,
    /// the imperfect after a conditional or an imperfect subjunctive (`gustaría`, `quisiera`).
    private static func wantingTense(_ word: String, _ rules: Rules, _ analyser: any WordAnalyser) -> String? {
        // `quiere` is also the familiar command, which no one says before a pronoun and `para`.
        let readings = analyser.readings(of: word).filter { rules.verbs.contains($0.base) && !$0.tags.contains("imp") }
        if !readings.isEmpty, readings.allSatisfy({ $0.tags.contains("pri") }) { return "prs" }
        if !readings.isEmpty, readings.allSatisfy({ $0.tags.contains("cni") || $0.tags.contains("pis") }) { return "pis" }
        return nil
    }

    /// The person and number of a pronoun wanted of (`me` → p1 sg), the listener's in the
    /// third person where the listener is usted.
    private static func person(of pronoun: String, _ rules: Rules, _ analyser: any WordAnalyser) -> [String]? {
        let personal = analyser.readings(of: pronoun).filter { $0.base == "prpers" && $0.tags.first == "pro" }
        guard personal.count == 1, let person = personal[0].tags.first(where: { ["p1", "p2", "p3"].contains($0) }),
              let number = personal[0].tags.first(where: { ["sg", "pl"].contains($0) }) else { return nil }
        return [person == "p2" && rules.formalListener ? "p3" : person, number]
    }

    /// `word`, an infinitive, in the subjunctive `tense` of `person`; a reflexive one with
    /// its pronoun before it (`quedarse` → `se quede`, `nos quedemos`).
    private static func subjunctive(_ word: String, tense: String, person: [String], _ analyser: any WordAnalyser,
                                    _ generator: any WordGenerator) -> String? {
        let reflexive = "<inf>+se<prn><enc><ref><p3><mf><sp>"
        let plain = analyser.readings(of: word).filter { $0.tags == ["inf"] }.map { "\($0.base)<\($0.partOfSpeech)>" }
        let reflexives = analyser.joinedReadings(of: word).filter { $0.hasSuffix(reflexive) && !$0.contains("<pron>") }
            .map { String($0.dropLast(reflexive.count)) }
        let tags = ([tense] + person).map { "<\($0)>" }.joined()
        if plain.isEmpty, reflexives.count == 1,
           let verb = generator.form(of: reflexives[0] + tags),
           let pronoun = generator.form(of: person[0] == "p3" ? "se<prn><pro><ref><p3><mf><sp>" : "prpers<prn><pro><\(person[0])><mf><\(person[1])>") {
            return pronoun + " " + verb
        }
        let forms = Set(plain.map { generator.form(of: $0 + tags) })
        guard reflexives.isEmpty, forms.count == 1, let form = forms.first ?? nil else { return nil }
        return form
    }
}
