/// Spanish suffix rules for `WordForms`: the base forms an inflected word may come from
/// (`trenes` → `tren`, `cuestan` → `costar`, `sucia` → `sucio`), and a noun's plural. The
/// verb endings are the pack's `verb-endings.tsv`.
enum SpanishWordForms {
    /// Base-form candidates for `word`, most likely first; `verbEndings` are the verb
    /// endings and the infinitive endings they come from, the first match winning.
    static func bases(of word: String, verbEndings: [(ending: String, infinitives: [String])])
        -> [(base: String, inflection: WordForms.Inflection)] {
        var result: [(String, WordForms.Inflection)] = []
        if word.hasSuffix("ces") { result.append((String(word.dropLast(3)) + "z", .plural)) }
        if word.hasSuffix("es") {
            // estaciones → estación: the accent a singular in -ión needs comes back.
            let stem = String(word.dropLast(2))
            result.append((stem, .plural))
            if stem.hasSuffix("ion") { result.append((String(stem.dropLast(3)) + "ión", .plural)) }
        }
        if word.hasSuffix("s") { result.append((String(word.dropLast()), .plural)) }
        // Verbs before adjectives: `necesita` is `necesitar`, not a feminine `necesito`
        // (which the phrasebook knows as "I need").
        result += infinitives(of: word, verbEndings: verbEndings).map { ($0, .other) }
        // Adjectives are listed masculine singular: sucia → sucio, cercanas → cercano.
        if word.hasSuffix("a") { result.append((String(word.dropLast()) + "o", .other)) }
        if word.hasSuffix("as") { result.append((String(word.dropLast(2)) + "o", .other)) }
        if word.hasSuffix("os") { result.append((String(word.dropLast(2)) + "o", .other)) }
        var seen = Set<String>()
        return result.filter { $0.0.count >= 2 && seen.insert($0.0).inserted }
    }

    /// Infinitive candidates for a conjugated verb, with the common stem changes undone
    /// (`cuestan` → `costar`, `quieren` → `querer`).
    static func infinitives(of word: String, verbEndings: [(ending: String, infinitives: [String])]) -> [String] {
        guard let (ending, infinitives) = verbEndings.first(where: { word.hasSuffix($0.ending) && word.count > $0.ending.count + 1 })
        else { return [] }
        let stem = String(word.dropLast(ending.count))
        var stems = [stem]
        if let range = stem.range(of: "ue", options: .backwards) { stems.append(stem.replacingCharacters(in: range, with: "o")) }
        if let range = stem.range(of: "ie", options: .backwards) { stems.append(stem.replacingCharacters(in: range, with: "e")) }
        return stems.flatMap { stem in infinitives.map { stem + $0 } }
    }

    /// The plural of the noun `word` (`tren` → `trenes`, `luz` → `luces`); an infinitive
    /// (`-ar`/`-er`/`-ir`) is a verb and has none, so it is returned as it is.
    static func plural(of word: String) -> String {
        if ["ar", "er", "ir", "ír"].contains(where: { word.hasSuffix($0) }) { return word }
        if let last = word.last, "aeiouáéó".contains(last) { return word + "s" }
        if word.hasSuffix("z") { return String(word.dropLast()) + "ces" }
        if word.hasSuffix("ión") { return String(word.dropLast(3)) + "iones" }
        if word.hasSuffix("s") || word.hasSuffix("x") { return word }
        return word + "es"
    }
}
