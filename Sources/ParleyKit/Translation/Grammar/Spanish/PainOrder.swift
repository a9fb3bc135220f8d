/// Spanish says what hurts as the subject and whom it hurts as the object (`me duele la
/// cabeza`, `le duelen los pies`); English says whose body part hurts (`my head hurts`, `his
/// feet hurt`). Apertium keeps the Spanish frame (`It hurts me the head`, `hurt him the
/// feet`), which no one says. The object pronoun becomes the possessive before the body
/// part, and the verb follows it, agreeing; in a question it asks with `does`/`do`.
///
/// The words are the source pack's `pain-verbs.txt` (`duele`, `duelen`) and the target's
/// `pain-verbs.tsv` (each form Apertium writes, with the singular and plural said), its
/// `object-possessives.tsv` (`me my`), `articles.txt`, `subject-pronouns.tsv` and
/// `body-parts.txt`; the analyser says whether a body part is plural.
struct PainOrder: Sendable {
    let sourceVerbs: Set<String>
    /// Each form written (`hurts`, `hurt`) → (singular, plural).
    let verbs: [String: (singular: String, plural: String)]
    let possessives: [String: String]
    /// The auxiliary that asks, by `singular`, `plural` or `past`.
    let askingAuxiliaries: [String: String]
    /// The source's objects that, in a question, are the listener (`le`, `les`), and the
    /// target's possessive of the listener (`your`).
    let listenerObjects: Set<String>
    let listenerPossessive: String?
    let articles: Set<String>
    let subjects: Set<String>
    let bodyParts: Set<String>
    let language: String
    let sourceLanguage: String
    /// The analysers rules ask about words (the context's).
    let morphology: any Morphology

    /// The rule for the context's direction, or nil when its packs do not have it.
    static func make(for context: TranslationContext) -> PainOrder? {
        let (source, target) = (context.source, context.target)
        let rule = PainOrder(sourceVerbs: source.words("pain-verbs"),
                             verbs: Dictionary(target.table("pain-verbs").map { ($0[0], (singular: $0[1], plural: $0[2])) },
                                               uniquingKeysWith: { first, _ in first }),
                             possessives: target.map("object-possessives"),
                             askingAuxiliaries: target.map("pain-question-auxiliaries"),
                             listenerObjects: source.words("listener-objects"),
                             listenerPossessive: target.table("object-pronouns").first { $0[1] == "2" }
                                .flatMap { target.map("object-possessives")[$0[0]] },
                             articles: target.words("articles"),
                             subjects: Set(target.table("subject-pronouns").map { $0[0] }),
                             bodyParts: target.words("body-parts"), language: target.language,
                             sourceLanguage: source.language, morphology: context.morphology)
        return rule.sourceVerbs.isEmpty || rule.verbs.isEmpty || rule.possessives.isEmpty ? nil : rule
    }

    /// `output` (Apertium's English for a run of `source` words) with `[it] hurts me [a lot]
    /// the head` said `my head hurts [a lot]`; `question`: asked (`does my head hurt`).
    func apply(to output: String, source: [String], question: Bool) -> String {
        guard let told = source.first(where: sourceVerbs.contains) else { return output }
        // `ayer me dolía la cabeza`: a pain told in the past keeps Apertium's past (`hurt`).
        let past = morphology.analyser(for: sourceLanguage)?.readings(of: told)
            .allSatisfy { $0.tags.contains("pii") || $0.tags.contains("ifi") } == true
        var tokens = output.split(separator: " ").map(String.init)
        guard let verbAt = tokens.firstIndex(where: { verbs[$0.lowercased()] != nil }),
              verbAt + 1 < tokens.count, var possessive = possessives[tokens[verbAt + 1].lowercased()] else { return output }
        // `¿Le duelen los pies?`: asked, `le` is the listener (`your feet`), not `his`.
        if question, let listenerPossessive, source.contains(where: listenerObjects.contains) { possessive = listenerPossessive }
        // What stands between the object and the body part (`a lot`) goes after the verb.
        guard let partAt = tokens.indices.dropFirst(verbAt + 2).first(where: { index in
            index + 1 < tokens.count && articles.contains(tokens[index].lowercased())
                && bodyParts.contains(PhraseText.bareWord(tokens[index + 1]).lowercased())
        }) else { return output }
        let noun = tokens[partAt + 1]
        let marks = String(noun.reversed().prefix { $0.isPunctuation }.reversed())
        let bareNoun = String(noun.dropLast(marks.count))
        let plural = morphology.analyser(for: language)?.readings(of: bareNoun.lowercased())
            .contains { $0.partOfSpeech == "n" && $0.isPluralNoun } == true
        guard var forms = verbs[tokens[verbAt].lowercased()] else { return output }
        if past { forms = (tokens[verbAt].lowercased(), tokens[verbAt].lowercased()) }
        let between = Array(tokens[(verbAt + 2)..<partAt])
        var start = verbAt
        // `It hurts`: the subject Apertium supplied goes.
        if start > 0, subjects.contains(tokens[start - 1].lowercased()) { start -= 1 }
        let capital = tokens[start].first?.isUppercase == true
        var said: [String]
        if question {
            guard let auxiliary = askingAuxiliaries[past ? "past" : plural ? "plural" : "singular"] else { return output }
            said = [auxiliary, possessive, bareNoun, forms.plural] + between
        } else {
            said = [possessive, bareNoun, plural ? forms.plural : forms.singular] + between
        }
        if capital { said[0] = SentenceStyle.capitalizedFirstLetter(said[0]) }
        said[said.count - 1] += marks
        tokens.replaceSubrange(start...(partAt + 1), with: said)
        return tokens.joined(separator: " ")
    }
}

extension PainOrder: TranslationRule {
    static let stages: Set<TranslationStage> = [.engineReply]

    func apply(to text: String, facts: SentenceFacts) -> String { apply(to: text, source: facts.run, question: facts.asks) }
}
