/// English contractions written out in full, so `I'm lost` finds the phrase `i am lost`
/// and `don't` finds `do` and `not`. Dictionaries are written with full forms; speech
/// recognisers and typists use the short ones.
public enum EnglishContractions {
    /// Contractions whose full form cannot be read off a general suffix rule.
    static let irregular: [String: [String]] = [
        "can't": ["can", "not"], "cannot": ["can", "not"], "won't": ["will", "not"],
        "shan't": ["shall", "not"], "ain't": ["am", "not"], "i'm": ["i", "am"],
        "it's": ["it", "is"], "that's": ["that", "is"], "what's": ["what", "is"],
        "where's": ["where", "is"], "there's": ["there", "is"], "here's": ["here", "is"],
        "who's": ["who", "is"], "how's": ["how", "is"], "he's": ["he", "is"],
        "she's": ["she", "is"], "when's": ["when", "is"], "why's": ["why", "is"],
        "let's": ["let", "us"], "y'all": ["you", "all"], "gonna": ["going", "to"],
        "wanna": ["want", "to"], "gotta": ["have", "to"],
    ]

    /// General endings: `-n't`, `-'re`, `-'ll`, `-'ve`, `-'d` (read as `would`, the
    /// commoner sense in requests: "I'd like").
    static let suffixes: [(ending: String, full: String)] = [
        ("n't", "not"), ("'re", "are"), ("'ll", "will"), ("'ve", "have"), ("'d", "would"), ("'m", "am"),
    ]

    /// The full form of one lower-case word, or nil when it is not a contraction.
    /// A possessive (`John's`) is not expanded: it is not a contraction.
    public static func expansion(of word: String) -> [String]? {
        if let full = irregular[word] { return full }
        guard word.contains("'") else { return nil }
        for (ending, full) in suffixes where word.hasSuffix(ending) && word.count > ending.count {
            var stem = String(word.dropLast(ending.count))
            // don't → do not, isn't → is not; but can't/won't are irregular above.
            if ending == "n't", stem.hasSuffix("'") { stem.removeLast() }
            return [stem, full]
        }
        return nil
    }
}
