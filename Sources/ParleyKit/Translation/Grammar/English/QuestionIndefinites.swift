/// English asks about `anyone` and `anything` (`is there anyone here who speaks English`,
/// `do you need anything else`) where Spanish says `alguien` and `algo`; Apertium reads them
/// as "whoever" and "whatever" (`¿Hay cualquiera aquí…?`). In a question the word is said to
/// the engine as the one it translates right (`someone` → `alguien`).
///
/// The words are the source pack's `question-indefinites.tsv`.
enum QuestionIndefinites {
    /// Each installed language's words and what to say instead in a question, read once.
    static let byLanguage: [String: [String: String]] = LanguagePack.perInstalledLanguage { $0.map("question-indefinites") }
        .filter { !$0.value.isEmpty }

    /// `token` (whose word is `word`) as said to the engine in a question of `language`.
    static func said(_ token: String, word: String, language: String) -> String {
        guard let plain = byLanguage[language]?[word], let range = token.range(of: word, options: .caseInsensitive) else { return token }
        let capital = token[range].first?.isUppercase == true
        return token.replacingCharacters(in: range, with: capital ? SentenceStyle.capitalizedFirstLetter(plain) : plain)
    }
}
