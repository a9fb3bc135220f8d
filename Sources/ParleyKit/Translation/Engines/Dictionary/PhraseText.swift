/// How phrases are compared: recognised speech arrives lower case and without
/// punctuation, so dictionary keys and input are reduced to the same word list.
public enum PhraseText {
    /// Characters stripped from the ends of a word.
    static let edgePunctuation: Set<Character> = [
        ".", ",", "!", "?", "¿", "¡", ";", ":", "\"", "(", ")", "[", "]", "«", "»", "…",
        "“", "”", "‘", "’", "'", "-", "–", "—", "/",
    ]
    /// The marks that open a question or an exclamation (`¿`, `¡`): skipped where a
    /// sentence's first word is looked for.
    static let openingMarks: Set<Character> = ["¿", "¡"]

    /// Lower-case words with surrounding punctuation removed; apostrophes and hyphens
    /// inside words are kept (`don't`, `e-mail`). It runs on every utterance, so ASCII
    /// text (most English) takes a byte-level path.
    public static func words(_ text: String) -> [String] {
        words(text, keepingCase: false)
    }

    /// The same words as `words(_:)`, one for one, as they were written: a name that
    /// passes through untranslated keeps its capital letter.
    public static func surfaceWords(_ text: String) -> [String] {
        words(text, keepingCase: true)
    }

    private static func words(_ text: String, keepingCase: Bool) -> [String] {
        if let ascii = asciiWords(text, keepingCase: keepingCase) { return ascii }
        var result: [String] = []
        for raw in text.split(whereSeparator: { $0.isWhitespace }) {
            var word = Substring(raw)
            while let first = word.first, edgePunctuation.contains(first) { word = word.dropFirst() }
            while let last = word.last, edgePunctuation.contains(last) { word = word.dropLast() }
            // A typographic apostrophe inside a word (`don’t`) is the same as a straight one.
            if !word.isEmpty {
                let normal = word.contains("’") ? word.replacingOccurrences(of: "’", with: "'") : String(word)
                result.append(keepingCase ? normal : normal.lowercased())
            }
        }
        return result
    }

    /// `words` for pure ASCII text, or nil when the text has other characters.
    private static func asciiWords(_ text: String, keepingCase: Bool) -> [String]? {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { bytes -> [String]? in
            var result: [String] = []
            var index = 0
            while index < bytes.count {
                while index < bytes.count, isASCIISpace(bytes[index]) { index += 1 }
                var start = index
                while index < bytes.count, !isASCIISpace(bytes[index]) {
                    if bytes[index] >= 0x80 { return nil }
                    index += 1
                }
                var end = index
                while start < end, asciiEdgePunctuation.contains(bytes[start]) { start += 1 }
                while end > start, asciiEdgePunctuation.contains(bytes[end - 1]) { end -= 1 }
                guard start < end else { continue }
                result.append(String(unsafeUninitializedCapacity: end - start) { buffer in
                    for offset in 0..<(end - start) {
                        let byte = bytes[start + offset]
                        buffer[offset] = !keepingCase && byte >= 65 && byte <= 90 ? byte + 32 : byte
                    }
                    return end - start
                })
            }
            return result
        } ?? nil
    }

    private static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 32 || (byte >= 9 && byte <= 13)
    }

    private static let asciiEdgePunctuation: Set<UInt8> = Set(edgePunctuation.compactMap { $0.asciiValue })

    /// `text` without leading and trailing white space.
    public static func trimmed(_ text: String) -> Substring {
        var result = Substring(text)
        while let first = result.unicodeScalars.first, first.properties.isWhitespace { result = result.dropFirst() }
        while let last = result.unicodeScalars.last, last.properties.isWhitespace { result = result.dropLast() }
        return result
    }

    /// The key and word count of a phrase. Text already in key form (lower-case ASCII
    /// letters, digits and apostrophes, single spaces) is used as it is, which is what
    /// keeps loading large imported dictionaries fast.
    public static func normalizedKey(_ text: String) -> (key: String, wordCount: Int)? {
        var isKeyForm = true
        var spaces = 0
        var previous: UInt8 = 32
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                break
            case UInt8(ascii: "'") where previous != 32:
                break
            case 32 where previous != 32:
                spaces += 1
            default:
                isKeyForm = false
            }
            if !isKeyForm { break }
            previous = byte
        }
        if isKeyForm, !text.isEmpty, previous != 32, previous != UInt8(ascii: "'") {
            return (text, spaces + 1)
        }
        let words = words(text)
        return words.isEmpty ? nil : (words.joined(separator: " "), words.count)
    }

    /// The lookup key of a phrase: its words joined by single spaces.
    public static func key(_ text: String) -> String {
        words(text).joined(separator: " ")
    }

    /// The positions in `words` where `phrase` starts.
    static func occurrences(of phrase: [String], in words: [String]) -> [Int] {
        guard !phrase.isEmpty, phrase.count <= words.count else { return [] }
        return (0...(words.count - phrase.count)).filter { words[$0..<($0 + phrase.count)].elementsEqual(phrase) }
    }

    /// A token of output without the marks around it (`¿Está,` → `Está`).
    static func bareWord(_ token: String) -> String {
        String(token.drop { !$0.isLetter }.reversed().drop { !$0.isLetter }.reversed())
    }

    /// `token` with its word (`bareWord`) replaced by `word`, the marks around it kept and a
    /// capital first letter kept (`¿Quiere` with `queremos` → `¿Queremos`).
    static func replacingWord(in token: String, with word: String) -> String {
        let written = bareWord(token)
        let replacement = written.first?.isUppercase == true ? SentenceStyle.capitalizedFirstLetter(word) : word
        guard !written.isEmpty, let range = token.range(of: written) else { return token }
        return token.replacingCharacters(in: range, with: replacement)
    }

    /// True for a word made of digits, optionally with `.`/`,` separators or a sign.
    public static func isNumber(_ word: String) -> Bool {
        guard word.contains(where: \.isNumber) else { return false }
        return word.allSatisfy { $0.isNumber || $0 == "." || $0 == "," || $0 == "-" || $0 == "+" || $0 == "%" }
    }
}
