/// Restores what speech recognition drops: sentence case and end punctuation, in the
/// conventions of the target language (Spanish opens questions with ¿ and exclamations with ¡).
public enum SentenceStyle {
    /// The kind of sentence, read from the source.
    public enum Mood: Sendable, Equatable {
        case statement, question, exclamation
        /// A wish (`have a great weekend`, `que te vaya bien`): written as an exclamation.
        case wish
        /// A command or request in the imperative (`do come in`, `siga recto`): a statement's marks.
        case command
    }

    /// The words that open a question in the language of `pack`: its question words and
    /// auxiliaries. Asked for at every phrase edge, so whoever needs them keeps the set.
    static func questionOpeners(in pack: LanguagePack) -> Set<String> {
        pack.words("question-words").union(pack.words("question-auxiliaries"))
            .union(pack.words("question-auxiliaries-before-subjects"))
    }

    /// The mood of `text` in the language of `pack`: its own end punctuation if it has some,
    /// else its opening words (see `SentenceMood`).
    public static func mood(of text: String, pack: LanguagePack) -> Mood {
        SentenceMood.mood(of: text, words: PhraseText.words(text), pack: pack)
    }

    /// The mood of `text` whose words (from `PhraseText.words`) are already known.
    public static func mood(of text: String, words: [String], pack: LanguagePack) -> Mood {
        SentenceMood.mood(of: text, words: words, pack: pack)
    }

    /// The mood `text` states with its own marks (`?`, `¡…!`), or nil when it has none: what
    /// an exact phrasebook match keeps when its translation carries no marks of its own.
    public static func markedMood(of text: String) -> Mood? {
        let trimmed = PhraseText.trimmed(text)
        if trimmed.hasSuffix("?") || trimmed.hasPrefix("¿") { return .question }
        if trimmed.hasSuffix("!") || trimmed.hasPrefix("¡") { return .exclamation }
        return nil
    }

    /// `body` as a sentence of the language of `pack`: first letter upper case, end
    /// punctuation for `mood` (and the opening ¿/¡ for Spanish). A body that already ends
    /// in punctuation keeps it.
    public static func sentence(_ body: String, mood: Mood, pack: LanguagePack) -> String {
        var text = PhraseText.trimmed(body)
        if let last = text.last, ".?!…".contains(last) { return capitalizedFirstLetter(String(text)) }
        // An opening ¿ or ¡ without its closing mark is re-added below with the mood's.
        while let first = text.first, PhraseText.openingMarks.contains(first) { text = text.dropFirst() }
        guard !text.isEmpty else { return "" }
        let sentence = capitalizedFirstLetter(String(text))
        let wordCount = sentence.split(separator: " ").count
        switch mood {
        case .question:
            return opening("?", pack) + sentence + "?"
        case .exclamation, .wish:
            return opening("!", pack) + sentence + "!"
        case .command:
            return "\(sentence)."
        case .statement:
            // A lone word or a name is not a sentence; a longer statement gets its full stop.
            return wordCount >= 3 ? "\(sentence)." : sentence
        }
    }

    /// One sentence's translation as it stands among others of the same line: one that came
    /// out without an end mark (a short phrasebook entry, `good morning.` → `Buenos días`)
    /// gets the full stop its source ended with, so it does not run into the next sentence.
    public static func keepingEnd(of source: String, _ translation: String) -> String {
        guard let last = translation.last, !".?!…".contains(last),
              let end = source.last(where: { !$0.isWhitespace && !"\"'”’)»".contains($0) }), ".…".contains(end)
        else { return translation }
        return translation + String(end)
    }

    /// The mark a language opens a sentence with when it ends with `mark` (Spanish `¿…?`,
    /// `¡…!`), from its pack's `opening-marks.tsv`; empty for most languages.
    private static func opening(_ mark: String, _ pack: LanguagePack) -> String {
        pack.map("opening-marks")[mark] ?? ""
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
        while let first = text.first, PhraseText.openingMarks.contains(first) { text = text.dropFirst() }
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
