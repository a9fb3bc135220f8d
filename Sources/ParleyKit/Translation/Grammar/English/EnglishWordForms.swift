/// English suffix rules for `WordForms`: the base forms an inflected word may come from
/// (`tickets` → `ticket`, `walked` → `walk`), and a noun's plural.
enum EnglishWordForms {
    /// Base-form candidates for `word`, most likely first.
    static func bases(of word: String) -> [(base: String, inflection: WordForms.Inflection)] {
        var result: [(String, WordForms.Inflection)] = []
        func add(_ base: String, _ inflection: WordForms.Inflection) {
            if base.count >= 2, !result.contains(where: { $0.0 == base }) { result.append((base, inflection)) }
        }
        if word.hasSuffix("'s") { add(String(word.dropLast(2)), .other) }
        if word.hasSuffix("ies") { add(String(word.dropLast(3)) + "y", .plural) }
        if word.hasSuffix("es") { add(String(word.dropLast(2)), .plural) }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us") { add(String(word.dropLast()), .plural) }
        if word.hasSuffix("ied") { add(String(word.dropLast(3)) + "y", .other) }
        if word.hasSuffix("ed") {
            let stem = String(word.dropLast(2))
            add(stem, .other)
            add(stem + "e", .other)
            if let undoubled = undoubled(stem) { add(undoubled, .other) }
        }
        if word.hasSuffix("ing"), word.count >= 5 {
            let stem = String(word.dropLast(3))
            add(stem, .other)
            add(stem + "e", .other)
            if let undoubled = undoubled(stem) { add(undoubled, .other) }
        }
        return result
    }

    /// `stopp` → `stop`: the consonant English doubles before `-ed`/`-ing`.
    private static func undoubled(_ stem: String) -> String? {
        guard stem.count >= 3, let last = stem.last, stem.dropLast().last == last, !"aeiouls".contains(last)
        else { return nil }
        return String(stem.dropLast())
    }

    /// The plural of the noun `word` (`bus` → `buses`, `city` → `cities`).
    static func plural(of word: String) -> String {
        if word.hasSuffix("s") || word.hasSuffix("x") || word.hasSuffix("ch") || word.hasSuffix("sh") {
            return word + "es"
        }
        if word.hasSuffix("y"), let before = word.dropLast().last, !"aeiou".contains(before) {
            return String(word.dropLast()) + "ies"
        }
        return word + "s"
    }
}
