/// Restores what speech recognition drops: sentence case and end punctuation, in the
/// conventions of the target language (Spanish opens questions with ¿ and exclamations with ¡).
public enum SentenceStyle {
    /// The kind of sentence, read from the source.
    public enum Mood: Sendable, Equatable {
        case statement, question, exclamation
    }

    /// Words that open a question when they come first, per language. Recognised speech
    /// has no question mark, so the first word is the best clue there is.
    static let questionOpeners: [String: Set<String>] = [
        "en": ["where", "what", "when", "who", "whom", "whose", "why", "how", "which", "is", "are",
               "do", "does", "did", "can", "could", "would", "will", "should", "may", "have", "has",
               "am", "was", "were", "shall"],
        "es": ["dónde", "donde", "qué", "que", "cuándo", "cuando", "quién", "quien", "quiénes",
               "por qué", "cómo", "como", "cuál", "cual", "cuánto", "cuanto", "cuánta", "cuántos",
               "cuántas", "adónde"],
        "fr": ["où", "quand", "comment", "pourquoi", "qui", "quel", "quelle", "quels", "quelles", "combien",
               "est-ce", "est-ce que", "qu'est-ce"],
    ]

    /// Prepositions that may come before a question word (`a qué hora`, `en qué parada`,
    /// `de dónde`, `at what time`, `in which street`): the second word then opens the question.
    /// Spanish only counts its accented question words there (`a que` is not a question).
    static let prepositionsBeforeQuestions: [String: Set<String>] = [
        "en": ["at", "in", "on", "from", "to", "for", "with", "since", "until", "about", "by"],
        "es": ["a", "en", "de", "desde", "hasta", "con", "para", "por", "sobre"],
    ]
    static let questionWordsAfterPrepositions: [String: Set<String>] = [
        "en": ["what", "which", "where", "who", "whom", "whose", "when", "how"],
        "es": ["qué", "dónde", "cuándo", "quién", "quiénes", "cuál", "cuáles", "cuánto", "cuánta", "cuántos",
               "cuántas", "cómo"],
    ]

    /// Korean question words: a sentence containing one is a question wherever it stands.
    static let koreanQuestionWords = ["어디", "뭐", "무엇", "언제", "누구", "왜", "어떻게", "얼마", "몇", "무슨", "어느"]

    /// Endings that only ask (`갈까요`, `괜찮나요`). `가요` is not one: it is the plain
    /// polite "go" (`저도 가요`, "I go too"), a question only with a question word or `?`.
    static let koreanQuestionEndings = ["까", "까요", "나요"]

    /// The mood of `text` in `language`: its own end punctuation if it has some, else
    /// its first word.
    public static func mood(of text: String, language: String) -> Mood {
        mood(of: text, words: PhraseText.words(text), language: language)
    }

    /// The mood of `text` whose words (from `PhraseText.words`) are already known.
    public static func mood(of text: String, words: [String], language: String) -> Mood {
        let trimmed = PhraseText.trimmed(text)
        if trimmed.hasSuffix("?") || trimmed.hasPrefix("¿") { return .question }
        if trimmed.hasSuffix("!") || trimmed.hasPrefix("¡") { return .exclamation }
        guard let first = words.first else { return .statement }
        if questionOpeners[language]?.contains(first) == true { return .question }
        if words.count > 1, questionOpeners[language]?.contains(first + " " + words[1]) == true { return .question }
        if words.count > 2, prepositionsBeforeQuestions[language]?.contains(first) == true,
           questionWordsAfterPrepositions[language]?.contains(words[1]) == true { return .question }
        // Typed text with a full stop says it is a statement.
        if language == "es", !trimmed.hasSuffix("."), asksAsARequest(words) { return .question }
        if language == "ko", let last = words.last {
            let asks = koreanQuestionEndings.contains { last.hasSuffix($0) }
                || words.contains { word in koreanQuestionWords.contains { word.hasPrefix($0) } }
            if asks { return .question }
        }
        return .statement
    }

    /// A Spanish request that a recogniser wrote without `¿…?`: `puede`/`podría` asking the
    /// listener to do something for the speaker (`me puede ayudar`, `puede ayudarme`,
    /// `puede repetirlo por favor`). Without those signs `puede dejar las maletas aquí` is
    /// as likely a permission (`you can leave…`) and stays a statement; `puede que…` and
    /// `puede ser` (maybe) never ask.
    static func asksAsARequest(_ words: [String]) -> Bool {
        let forSpeaker = ["me", "nos"].contains(words.first ?? "")
        let start = ["me", "nos", "le", "les", "lo", "la", "te"].contains(words.first ?? "") ? 1 : 0
        guard start < words.count, ["puede", "podría", "pueden", "podrían"].contains(words[start]),
              start + 1 < words.count, !["que", "ser", "estar", "haber"].contains(words[start + 1]) else { return false }
        let infinitive = words[start + 1]
        let toSpeaker = ["me", "nos", "melo", "mela", "noslo", "nosla", "melos", "melas"].contains { infinitive.hasSuffix($0) }
        return forSpeaker || toSpeaker || words.contains("favor")
    }

    /// `body` as a sentence of `language`: first letter upper case, end punctuation for
    /// `mood` (and the opening ¿/¡ for Spanish). A body that already ends in punctuation
    /// keeps it.
    public static func sentence(_ body: String, mood: Mood, language: String) -> String {
        var text = PhraseText.trimmed(body)
        if let last = text.last, ".?!…".contains(last) { return capitalizedFirstLetter(String(text)) }
        // An opening ¿ or ¡ without its closing mark is re-added below with the mood's.
        while let first = text.first, "¿¡".contains(first) { text = text.dropFirst() }
        guard !text.isEmpty else { return "" }
        let sentence = capitalizedFirstLetter(String(text))
        let wordCount = sentence.split(separator: " ").count
        switch mood {
        case .question:
            return language == "es" ? "¿\(sentence)?" : "\(sentence)?"
        case .exclamation:
            return language == "es" ? "¡\(sentence)!" : "\(sentence)!"
        case .statement:
            // A lone word or a name is not a sentence; a longer statement gets its full stop.
            return wordCount >= 3 ? "\(sentence)." : sentence
        }
    }

    /// A phrase written as a sentence (`¿Dónde está?`) made fit for the middle of one:
    /// opening and closing punctuation removed and, unless it looks like a name or
    /// acronym, the first letter lower-cased.
    public static func embedded(_ phrase: String) -> String {
        // Most dictionary translations are lower-case fragments already: leave them be.
        if let first = phrase.utf8.first, let last = phrase.utf8.last,
           first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z"),
           !". ?!".utf8.contains(last), last != 0xA6 /* the last byte of … */ {
            return phrase
        }
        var text = PhraseText.trimmed(phrase)
        while let first = text.first, "¿¡".contains(first) { text = text.dropFirst() }
        while let last = text.last, ".?!…".contains(last) { text = text.dropLast() }
        guard let first = text.first, first.isUppercase else { return String(text) }
        let firstWord = text.prefix { !$0.isWhitespace }
        let restOfWordIsLower = firstWord.dropFirst().allSatisfy { !$0.isUppercase }
        guard firstWord.count > 1, restOfWordIsLower else { return String(text) }
        return first.lowercased() + text.dropFirst()
    }

    static func capitalizedFirstLetter(_ text: String) -> String {
        guard let index = text.firstIndex(where: \.isLetter) else { return text }
        return text[..<index] + text[index].uppercased() + text[text.index(after: index)...]
    }
}
