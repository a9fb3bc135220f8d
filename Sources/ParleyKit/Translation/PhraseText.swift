/// How phrases are compared: recognised speech arrives lower case and without
/// punctuation, so dictionary keys and input are reduced to the same word list.
public enum PhraseText {
    /// Characters stripped from the ends of a word.
    static let edgePunctuation: Set<Character> = [
        ".", ",", "!", "?", "¿", "¡", ";", ":", "\"", "(", ")", "[", "]", "«", "»", "…",
        "“", "”", "‘", "’", "'", "-", "–", "—", "/",
    ]

    /// Lower-case words with surrounding punctuation removed; apostrophes and hyphens
    /// inside words are kept (`don't`, `e-mail`).
    public static func words(_ text: String) -> [String] {
        var result: [String] = []
        for raw in text.split(whereSeparator: { $0.isWhitespace }) {
            var word = Substring(raw)
            while let first = word.first, edgePunctuation.contains(first) { word = word.dropFirst() }
            while let last = word.last, edgePunctuation.contains(last) { word = word.dropLast() }
            if !word.isEmpty { result.append(word.lowercased()) }
        }
        return result
    }

    /// The lookup key of a phrase: its words joined by single spaces.
    public static func key(_ text: String) -> String {
        words(text).joined(separator: " ")
    }

    /// True for a word made of digits, optionally with `.`/`,` separators or a sign.
    public static func isNumber(_ word: String) -> Bool {
        guard word.contains(where: \.isNumber) else { return false }
        return word.allSatisfy { $0.isNumber || $0 == "." || $0 == "," || $0 == "-" || $0 == "+" || $0 == "%" }
    }
}
