/// One clause as espeak-ng's phonemizer returns it: IPA phonemes, and the punctuation that
/// ended the clause in the text (espeak-ng 1.51 reads it but does not return it).
struct PhonemeClause: Sendable, Equatable {
    /// The punctuation a Piper voice was trained to see at the end of a clause.
    static let terminators: Set<Character> = [".", "?", "!", ",", ";", ":"]
    /// Those of them that end a sentence.
    static let sentenceEnds: Set<Character> = [".", "?", "!"]

    /// IPA, words separated by spaces (`həlˈoʊ ðˈɛɹ`).
    let phonemes: String
    /// The clause's closing punctuation, if it had one.
    let terminator: Character?
}

/// Turns phonemized clauses into the sentences a Piper voice is given, one at a time: the
/// clauses of a sentence joined as Piper's own phonemizer joins them (`həlˈoʊ, hˈaʊ ɑːɹ
/// juː?`), the sentence's closing mark put back (a question must sound like one), and
/// only the symbols the voice knows.
struct PhonemeSentences {
    /// The voice's phoneme symbols (its `tokens.txt`).
    let symbols: Set<Unicode.Scalar>

    /// The sentences of `clauses`, each as Unicode code points; a sentence ends at `.`, `?`
    /// or `!`, and the last one with a full stop when the text had no closing mark. Symbols
    /// the voice does not know are left out, and a clause of none it knows with them.
    func sentences(from clauses: [PhonemeClause]) -> [[Int32]] {
        var sentences: [String] = []
        var current = ""
        for clause in clauses {
            let known = String(String.UnicodeScalarView(Self.withoutLanguageSwitches(clause.phonemes).unicodeScalars
                .filter { symbols.contains($0) || $0.properties.isWhitespace }))
            let phonemes = known.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !phonemes.isEmpty else {
                // A clause of punctuation alone still closes the sentence before it.
                if let mark = clause.terminator, PhonemeClause.sentenceEnds.contains(mark), !current.isEmpty {
                    sentences.append(Self.closing(current, with: mark))
                    current = ""
                }
                continue
            }
            if !current.isEmpty { current += " " }
            current += phonemes
            switch clause.terminator {
            case let mark? where PhonemeClause.sentenceEnds.contains(mark):
                sentences.append(current + String(mark))
                current = ""
            case let mark?:
                current += String(mark)
            case nil:
                break
            }
        }
        if !current.isEmpty { sentences.append(Self.closing(current, with: ".")) }
        return sentences.map { sentence in
            sentence.unicodeScalars.filter { symbols.contains($0) }.map { Int32(bitPattern: $0.value) }
        }
    }

    /// `text` ended by `mark`, replacing a comma or other clause mark already there.
    private static func closing(_ text: String, with mark: Character) -> String {
        var text = text
        while let last = text.last, PhonemeClause.terminators.contains(last) { text.removeLast() }
        return text + String(mark)
    }

    /// espeak-ng marks a word read in another language's rules as `(en)wˈiːkɛnd(es)`; the
    /// marks are not phonemes.
    static func withoutLanguageSwitches(_ phonemes: String) -> String {
        phonemes.replacing(/\([a-z]{2,3}(-[a-z0-9]+)*\)/, with: "")
    }

}
