import Foundation

/// Small rule-based morphology for words a dictionary has only in their base form:
/// `tickets` is found as `ticket`, `trenes` as `tren`, `walked` as `walk`. It guesses
/// candidates and the dictionary decides: a candidate counts only when some table knows it,
/// so a wrong guess costs nothing but a lookup.
///
/// Which suffix rules a language uses is its pack's `features.txt` (`inflections-english`,
/// `inflections-spanish`); the Spanish rules read `verb-endings.tsv`, and whether a plural
/// ending makes a plural noun reads `plural-suffix-marks-nouns` or `plural-markers.txt`.
public enum WordForms {
    /// The suffix rules a language's words follow.
    enum Rules: Sendable {
        case english, spanish
    }

    /// What one language's pack says about its word forms.
    struct Language: Sendable {
        let rules: Rules?
        /// Verb endings and the infinitive endings they come from, the first match winning.
        let verbEndings: [(ending: String, infinitives: [String])]
        /// Words after which a plural-looking word is a plural noun.
        let pluralMarkers: Set<String>
        /// Whether a plural ending always makes a plural noun.
        let pluralSuffixMarksNouns: Bool

        init(pack: LanguagePack) {
            rules = pack.has("inflections-english") ? .english : pack.has("inflections-spanish") ? .spanish : nil
            verbEndings = pack.table("verb-endings").map { ($0[0], $0[1].split(separator: " ").map(String.init)) }
            pluralMarkers = pack.words("plural-markers")
            pluralSuffixMarksNouns = pack.has("plural-suffix-marks-nouns")
        }
    }

    /// Every installed language's word forms, read once: they are asked per word.
    static let byLanguage: [String: Language] = LanguagePack.perInstalledLanguage(Language.init(pack:))

    /// How a word differs from the base form it was found under.
    public enum Inflection: Sendable, Equatable {
        /// A noun's plural (`-s`, `-es`, `-ies`): worth making the translation plural too.
        case plural
        /// Any other ending (`-ed`, `-ing`, a verb's `-s`): the base form's translation is
        /// the best a dictionary can do.
        case other
    }

    /// Base-form candidates for `word` in `language`, most likely first.
    public static func baseForms(of word: String, language: String) -> [(base: String, inflection: Inflection)] {
        guard word.count >= 3, !PhraseText.isNumber(word), let known = byLanguage[language] else { return [] }
        switch known.rules {
        case .english: return englishBases(of: word)
        case .spanish: return spanishBases(of: word, verbEndings: known.verbEndings)
        case nil: return []
        }
    }

    static func englishBases(of word: String) -> [(base: String, inflection: Inflection)] {
        var result: [(String, Inflection)] = []
        func add(_ base: String, _ inflection: Inflection) {
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

    static func spanishBases(of word: String, verbEndings: [(ending: String, infinitives: [String])])
        -> [(base: String, inflection: Inflection)] {
        var result: [(String, Inflection)] = []
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
        result += spanishInfinitives(of: word, verbEndings: verbEndings).map { ($0, .other) }
        // Adjectives are listed masculine singular: sucia → sucio, cercanas → cercano.
        if word.hasSuffix("a") { result.append((String(word.dropLast()) + "o", .other)) }
        if word.hasSuffix("as") { result.append((String(word.dropLast(2)) + "o", .other)) }
        if word.hasSuffix("os") { result.append((String(word.dropLast(2)) + "o", .other)) }
        var seen = Set<String>()
        return result.filter { $0.0.count >= 2 && seen.insert($0.0).inserted }
    }

    /// Infinitive candidates for a conjugated Spanish verb, with the common stem changes
    /// undone (`cuestan` → `costar`, `quieren` → `querer`).
    static func spanishInfinitives(of word: String, verbEndings: [(ending: String, infinitives: [String])]) -> [String] {
        guard let (ending, infinitives) = verbEndings.first(where: { word.hasSuffix($0.ending) && word.count > $0.ending.count + 1 })
        else { return [] }
        let stem = String(word.dropLast(ending.count))
        var stems = [stem]
        if let range = stem.range(of: "ue", options: .backwards) { stems.append(stem.replacingCharacters(in: range, with: "o")) }
        if let range = stem.range(of: "ie", options: .backwards) { stems.append(stem.replacingCharacters(in: range, with: "e")) }
        return stems.flatMap { stem in infinitives.map { stem + $0 } }
    }

    /// Whether a plural-looking source word found under its base form should make its
    /// translation plural, given the word before it.
    public static func translationIsPlural(language: String, previousWord: String?) -> Bool {
        guard let known = byLanguage[language] else { return false }
        if known.pluralSuffixMarksNouns { return true }
        // Elsewhere a final `-s` is as often a verb's (`quieres`): only after a plural marker.
        guard !known.pluralMarkers.isEmpty else { return false }
        return previousWord.map { known.pluralMarkers.contains($0) || PhraseText.isNumber($0) } ?? false
    }

    /// The plural of a one-word translation `word` in `language`, or `word` unchanged when
    /// it is not a word that plural rules fit (a phrase, a verb's infinitive, a capitalised name).
    public static func plural(of word: String, language: String) -> String {
        guard !word.contains(" "), let first = word.first, first.isLowercase, word.count >= 2 else { return word }
        switch byLanguage[language]?.rules {
        case .spanish:
            // Infinitives (-ar/-er/-ir) are verbs: they have no plural.
            if ["ar", "er", "ir", "ír"].contains(where: { word.hasSuffix($0) }) { return word }
            if let last = word.last, "aeiouáéó".contains(last) { return word + "s" }
            if word.hasSuffix("z") { return String(word.dropLast()) + "ces" }
            if word.hasSuffix("ión") { return String(word.dropLast(3)) + "iones" }
            if word.hasSuffix("s") || word.hasSuffix("x") { return word }
            return word + "es"
        case .english:
            if word.hasSuffix("s") || word.hasSuffix("x") || word.hasSuffix("ch") || word.hasSuffix("sh") {
                return word + "es"
            }
            if word.hasSuffix("y"), let before = word.dropLast().last, !"aeiou".contains(before) {
                return String(word.dropLast()) + "ies"
            }
            return word + "s"
        case nil:
            return word
        }
    }
}
