/// Contractions written out before lookup, per source language, so input and dictionary
/// keys meet in one form: English `I'm` → `i am`, `don't` → `do not`, Spanish `al` →
/// `a el` and `del` → `de el` (so `del museo` finds `el museo` and `de`). Dictionaries are
/// written with full forms; speech recognisers and typists use the short ones.
///
/// What each language contracts is in its pack: `contractions.tsv` (whole words) and
/// `contraction-endings.tsv` (general endings such as `n't`, tried in order).
public struct SourceContractions: Sendable {
    /// Whole contracted words and their full forms.
    let words: [String: [String]]
    /// General endings and the word each stands for, in the order they are tried.
    let endings: [(ending: String, full: String)]
    /// The contracted words, for a test without making a String of each word of a key.
    let wordKeys: Set<Substring>
    /// A character every ending holds (the apostrophe): a word without it needs no
    /// ending tried, which keeps the per-word test cheap.
    let endingCharacter: Character?

    /// The contractions of `pack`'s language.
    init(pack: LanguagePack) {
        var words: [String: [String]] = [:]
        for row in pack.table("contractions") where words[row[0]] == nil {
            words[row[0]] = row[1].split(separator: " ").map(String.init)
        }
        self.words = words
        endings = pack.table("contraction-endings").map { ($0[0], $0[1]) }
        wordKeys = Set(words.keys.map { Substring($0) })
        let endings = self.endings
        endingCharacter = endings.first?.ending.first { character in endings.allSatisfy { $0.ending.contains(character) } }
    }

    var isEmpty: Bool { words.isEmpty && endings.isEmpty }

    /// The full form of one lower-case word, or nil when it is not a contraction.
    /// A possessive (`John's`) is not expanded: `'s` is no ending of the table.
    func expansion(of word: String) -> [String]? {
        if let full = words[word] { return full }
        if let endingCharacter, !word.contains(endingCharacter) { return nil }
        for (ending, full) in endings where word.hasSuffix(ending) && word.count > ending.count {
            var stem = String(word.dropLast(ending.count))
            // An ending without its own apostrophe (`n't`) leaves none on the stem.
            if !ending.hasPrefix("'"), stem.hasSuffix("'") { stem.removeLast() }
            return [stem, full]
        }
        return nil
    }

    /// The contractions of every installed language, read once: lookups happen per word.
    static let byLanguage: [String: SourceContractions] =
        LanguagePack.perInstalledLanguage(SourceContractions.init(pack:)).filter { !$0.value.isEmpty }

    /// Whether `language` has contractions written out here.
    public static func applies(to language: String?) -> Bool {
        language.flatMap { byLanguage[$0] } != nil
    }

    /// A cheap test that `key` (normalised, space-separated) may hold a contraction, so
    /// loading a 100,000-entry dictionary does not expand every key: an ending's character
    /// (the apostrophe), else one of its words a whole contraction. A substring search per
    /// contraction cost twice the whole load once the table had twenty words.
    public static func mightContain(_ key: String, language: String) -> Bool {
        guard let contractions = byLanguage[language] else { return false }
        if let character = contractions.endingCharacter {
            if key.contains(character) { return true }
        } else if contractions.endings.contains(where: { key.contains($0.ending) }) {
            return true
        }
        return key.split(separator: " ").contains(where: contractions.wordKeys.contains)
    }

    /// The full form of one lower-case word in `language`, or nil.
    public static func expansion(of word: String, language: String) -> [String]? {
        byLanguage[language]?.expansion(of: word)
    }

    /// `words` written out, with `surface` (as written) kept one for one.
    public static func expand(_ words: [String], surface: [String], language: String)
        -> (words: [String], surface: [String]) {
        guard let contractions = byLanguage[language], words.contains(where: { contractions.expansion(of: $0) != nil })
        else { return (words, surface) }
        var expandedWords: [String] = []
        var expandedSurface: [String] = []
        for (index, word) in words.enumerated() {
            if let full = contractions.expansion(of: word) {
                expandedWords += full
                expandedSurface += full
            } else {
                expandedWords.append(word)
                expandedSurface.append(index < surface.count ? surface[index] : word)
            }
        }
        return (expandedWords, expandedSurface)
    }

    /// `words` written out in `language`.
    public static func expand(_ words: [String], language: String) -> [String] {
        expand(words, surface: words, language: language).words
    }
}
