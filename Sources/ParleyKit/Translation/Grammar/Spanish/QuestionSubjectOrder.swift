/// Spanish asks with the verb before its subject after a question word (`¿Cuándo cierra el
/// museo?`, `¿Dónde para el autobús?`); Apertium keeps the English statement order the
/// question was put in (`¿Cuándo el museo cierra?`). In a question whose opening question
/// word (after a preposition, `a qué hora`) is followed by an article, a noun and a word
/// that is nothing but a finite verb, the verb is put before the article.
///
/// For a pack whose `features.txt` says `verb-before-subject-in-questions`; the words are its
/// `question-words.txt`, `question-prepositions.txt` and `articles.txt`; the analyser says
/// which words are nouns and verbs.
struct QuestionSubjectOrder: TranslationRule {
    private struct Rules: Sendable {
        let questionWords: Set<String>
        let prepositions: Set<String>
        let articles: Set<String>
    }

    static let stages: Set<TranslationStage> = [.sentence]

    private let rules: Rules
    private let language: String
    private let morphology: Morphology

    /// The rule of the target's pack, or nil when it has none.
    static func make(for context: TranslationContext) -> QuestionSubjectOrder? {
        let pack = context.target
        guard pack.has("verb-before-subject-in-questions") else { return nil }
        return QuestionSubjectOrder(rules: Rules(questionWords: pack.words("question-words"),
                                                 prepositions: pack.words("question-prepositions"),
                                                 articles: pack.words("articles")),
                                    language: pack.language, morphology: context.morphology)
    }

    private static let finiteTenses: Set<String> = ["pri", "ifi", "fti", "pii", "cni"]

    /// `text` with its verb before its subject when it is a question (`facts.asks`).
    func apply(to text: String, facts: SentenceFacts) -> String {
        guard facts.asks, let analyser = morphology.analyser(for: language) else { return text }
        var tokens = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let words = tokens.map { PhraseText.bareWord($0).lowercased() }
        // The question word, after a preposition and before a noun it asks about (`qué hora`).
        var at = 0
        if at < words.count, rules.prepositions.contains(words[at]) { at += 1 }
        guard at < words.count, rules.questionWords.contains(words[at]) else { return text }
        at += 1
        if at < words.count, !rules.articles.contains(words[at]),
           analyser.readings(of: words[at]).contains(where: { $0.partOfSpeech == "n" }) { at += 1 }
        let verbAt = at + 2
        guard verbAt < words.count, rules.articles.contains(words[at]),
              tokens[at...(verbAt - 1)].allSatisfy({ $0.last?.isLetter == true }),
              analyser.readings(of: words[at + 1]).contains(where: { $0.partOfSpeech == "n" }) else { return text }
        let verb = analyser.readings(of: words[verbAt])
        guard !verb.isEmpty, verb.allSatisfy({ ProtectedSpans.verbTags.contains($0.partOfSpeech) }),
              verb.contains(where: { !Self.finiteTenses.isDisjoint(with: $0.tags) }) else { return text }
        // The verb's marks (`cierra?`) stay at the end of what it now follows.
        let word = String(tokens[verbAt].prefix { $0.isLetter })
        let marks = tokens[verbAt].dropFirst(word.count)
        tokens[verbAt] = tokens[verbAt - 1] + marks
        tokens[verbAt - 1] = tokens[verbAt - 2]
        tokens[verbAt - 2] = word
        return tokens.joined(separator: " ")
    }
}
