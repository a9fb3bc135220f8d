/// A command to a stranger is said to usted (`Repita`, `Tenga cuidado`, `Ayúdeme`, `No
/// toque`), as the phrasebook says its commands; Apertium writes the familiar imperative
/// (`Repite`, `Ten`, `Ayúdame`) or, after `no`, the indicative (`No toca`). When the source
/// sentence is a command, the target's opening verb in the familiar imperative, with any
/// pronoun joined to it, or the present after a negation (past the pronouns before the
/// verb), is written in the formal command: the generator's form of the same verb in the
/// third person singular, the imperative or, after a negation, the present subjunctive.
///
/// For a pack whose `features.txt` says `listener-formal`; the words are its
/// `negations.txt` and `clitics.txt`; the analyser reads the verb, the generator writes it.
struct FormalCommands: TranslationRule {
    private struct Rules: Sendable {
        let negations: Set<String>
        let clitics: Set<String>
    }

    static let stages: Set<TranslationStage> = [.sentence]

    private let rules: Rules
    private let language: String
    private let morphology: Morphology

    /// The rule of the target's pack, or nil when it has none.
    static func make(for context: TranslationContext) -> FormalCommands? {
        let pack = context.target
        guard pack.has("listener-formal") else { return nil }
        return FormalCommands(rules: Rules(negations: pack.words("negations"), clitics: pack.words("clitics")),
                              language: pack.language, morphology: context.morphology)
    }

    /// `text` with its opening verb said to usted when the sentence is a command (`facts.commands`).
    func apply(to text: String, facts: SentenceFacts) -> String {
        guard facts.commands, let analyser = morphology.analyser(for: language),
              let generator = morphology.generator(for: language) else { return text }
        var tokens = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard let first = tokens.first else { return text }
        let formal: (at: Int, form: String)?
        if rules.negations.contains(PhraseText.bareWord(first).lowercased()) {
            // `No te preocupes`: a pronoun of the listener's own (the second person) is not
            // said to usted here.
            let verbAt = tokens.indices.dropFirst().first { !rules.clitics.contains(tokens[$0].lowercased()) }
            formal = verbAt.flatMap { at in
                tokens[1..<at].contains(where: { pronoun in
                    analyser.readings(of: pronoun.lowercased()).contains { $0.partOfSpeech == "prn" && $0.tags.contains("p2") }
                }) ? nil : Self.negated(PhraseText.bareWord(tokens[at]).lowercased(), analyser, generator).map { (at, $0) }
            }
        } else if rules.clitics.contains(PhraseText.bareWord(first).lowercased()) {
            // `Lo mantiene` → `Manténgalo`: the pronouns go after the formal command, joined to it.
            let pronounCount = tokens.prefix { rules.clitics.contains(PhraseText.bareWord($0).lowercased()) }.count
            guard pronounCount <= 2, pronounCount < tokens.count,
                  let form = Self.joined(tokens[..<pronounCount].map { PhraseText.bareWord($0).lowercased() },
                                    to: PhraseText.bareWord(tokens[pronounCount]).lowercased(), analyser, generator)
            else { return text }
            // The pronoun's capital and the verb's marks.
            let marks = tokens[pronounCount].reversed().prefix { !$0.isLetter }
            tokens.replaceSubrange(0...pronounCount, with: [PhraseText.replacingWord(in: first, with: form) + String(marks.reversed())])
            return tokens.joined(separator: " ")
        } else {
            formal = Self.imperative(PhraseText.bareWord(first).lowercased(), analyser, generator).map { (0, $0) }
        }
        guard let (at, form) = formal else { return text }
        tokens[at] = PhraseText.replacingWord(in: tokens[at], with: form)
        return tokens.joined(separator: " ")
    }

    /// The formal command of `verb` (a present or a familiar imperative) with `pronouns`
    /// joined to it (`lo` + `mantiene` → `manténgalo`); nil when a pronoun is the listener's
    /// or reflexive (`te`, `se`), or the verb is not one verb.
    private static func joined(_ pronouns: [String], to verb: String, _ analyser: any WordAnalyser,
                               _ generator: any WordGenerator) -> String? {
        var enclitics: [String] = []
        for pronoun in pronouns {
            let personal = analyser.readings(of: pronoun).filter { $0.base == "prpers" && $0.tags.first == "pro" }
            guard personal.count == 1, !personal[0].tags.contains("p2") else { return nil }
            enclitics.append("prpers<prn><enc>" + personal[0].tags.dropFirst().map { "<\($0)>" }.joined())
        }
        // After a pronoun that may be an article, only a word that is nothing but a verb:
        // `la cuenta` is no command, `les ayuda` is one.
        let all = analyser.readings(of: verb)
        let mayBeArticle = pronouns.contains { analyser.readings(of: $0).contains { $0.partOfSpeech == "det" } }
        guard !mayBeArticle || all.allSatisfy({ ProtectedSpans.verbTags.contains($0.partOfSpeech) }) else { return nil }
        let readings = all.filter { reading in
            reading.tags.starts(with: ["pri", "p3", "sg"]) || reading.tags.starts(with: ["imp", "p2", "sg"])
        }
        let verbs = Set(readings.map { "\($0.base)<\($0.partOfSpeech)>" })
        guard verbs.count == 1, let verbAnalysis = verbs.first else { return nil }
        return generator.form(of: ([verbAnalysis + "<imp><p3><sg>"] + enclitics).joined(separator: "+"))
    }

    /// The formal imperative of `word` when it is a familiar one, alone (`repite` →
    /// `repita`) or with pronouns joined to it (`ayúdame` → `ayúdeme`); nil otherwise, or
    /// when a pronoun joined to it is the listener's own (`siéntate`).
    private static func imperative(_ word: String, _ analyser: any WordAnalyser, _ generator: any WordGenerator) -> String? {
        let familiar = "<imp><p2><sg>"
        let plain = analyser.readings(of: word).filter { $0.tags.starts(with: ["imp", "p2", "sg"]) }
        let joined = analyser.joinedReadings(of: word).filter { $0.contains(familiar) && !$0.contains("<enc><p2>") }
        let analyses = plain.map { "\($0.base)<\($0.partOfSpeech)>\(familiar)" } + joined
        let forms = Set(analyses.map { generator.form(of: $0.replacingOccurrences(of: familiar, with: "<imp><p3><sg>")) })
        guard forms.count == 1, let form = forms.first ?? nil else { return nil }
        return form
    }

    /// The formal negative command of `word` after `no`, when it is a present of the listener
    /// or of a third person (`toca`, `toques` → `toque`); nil otherwise.
    private static func negated(_ word: String, _ analyser: any WordAnalyser, _ generator: any WordGenerator) -> String? {
        let readings = analyser.readings(of: word)
        let present = readings.filter { reading in
            (reading.tags.contains("pri") || reading.tags.contains("prs")) && reading.tags.contains("sg")
                && (reading.tags.contains("p2") || reading.tags.contains("p3"))
        }
        // After `no` a word that may also be a noun (`llama`) is the verb.
        guard !present.isEmpty else { return nil }
        let forms = Set(present.map { generator.form(of: $0.base, tags: [$0.partOfSpeech, "prs", "p3", "sg"]) })
        guard forms.count == 1, let form = forms.first ?? nil else { return nil }
        return form
    }
}
