/// Contractions written out before lookup, per source language, so input and dictionary
/// keys meet in one form: English `I'm` → `i am` (`EnglishContractions`), Spanish `al` →
/// `a el` and `del` → `de el` (so `del museo` finds `el museo` and `de`).
public enum SourceContractions {
    /// Spanish article contractions.
    static let spanish: [String: [String]] = ["al": ["a", "el"], "del": ["de", "el"]]

    /// Whether `language` has contractions written out here.
    public static func applies(to language: String?) -> Bool {
        language == "en" || language == "es"
    }

    /// A cheap test that `key` (normalised, space-separated) may hold a contraction, so
    /// loading a 100,000-entry dictionary does not split every key into words.
    public static func mightContain(_ key: String, language: String) -> Bool {
        switch language {
        case "en":
            return key.contains("'") || key.contains("cannot") || key.contains("nna") || key.contains("gotta")
        case "es":
            let padded = " \(key) "
            return padded.contains(" al ") || padded.contains(" del ")
        default:
            return false
        }
    }

    /// The full form of one lower-case word in `language`, or nil.
    public static func expansion(of word: String, language: String) -> [String]? {
        switch language {
        case "en": EnglishContractions.expansion(of: word)
        case "es": spanish[word]
        default: nil
        }
    }

    /// `words` written out, with `surface` (as written) kept one for one.
    public static func expand(_ words: [String], surface: [String], language: String)
        -> (words: [String], surface: [String]) {
        guard applies(to: language), words.contains(where: { expansion(of: $0, language: language) != nil })
        else { return (words, surface) }
        var expandedWords: [String] = []
        var expandedSurface: [String] = []
        for (index, word) in words.enumerated() {
            if let full = expansion(of: word, language: language) {
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
