/// English asks about `anyone` and `anything` (`is there anyone here who speaks English`,
/// `do you need anything else`) where Spanish says `alguien` and `algo`; Apertium reads them
/// as "whoever" and "whatever" (`¿Hay cualquiera aquí…?`). In a question the word is said to
/// the engine as the one it translates right (`someone` → `alguien`).
///
/// The words are the source pack's `question-indefinites.tsv`.
struct QuestionIndefinites: DirectionRule {
    /// Each word and what to say instead in a question.
    let plain: [String: String]

    /// The words of the source's pack, or nil when it has none.
    static func make(for context: TranslationContext) -> QuestionIndefinites? {
        let plain = context.source.map("question-indefinites")
        return plain.isEmpty ? nil : QuestionIndefinites(plain: plain)
    }

    /// `token` (whose word is `word`) as said to the engine in a question.
    func said(_ token: String, word: String) -> String {
        guard let plain = plain[word], let range = token.range(of: word, options: .caseInsensitive) else { return token }
        let capital = token[range].first?.isUppercase == true
        return token.replacingCharacters(in: range, with: capital ? SentenceStyle.capitalizedFirstLetter(plain) : plain)
    }
}
