/// One layer's phrases for one direction, keyed by their normalised words.
public struct PhraseTable: Sendable {
    /// Normalised source phrase → translation as written.
    private(set) var translations: [String: String] = [:]
    /// The most words any key has: how far longest-match needs to look.
    private(set) var longestPhrase = 0
    /// For each word that starts a multi-word key, the most words such a key has, so
    /// longest-match tries only the lengths that can match.
    private var longestByFirstWord: [Substring: Int] = [:]

    /// An empty table.
    public init() {}

    /// A table of `entries`, read forwards (`reversed == false`) or backwards, for a
    /// direction derived from the opposite file. The first entry for a key wins.
    public init(_ entries: [DictionaryEntry], reversed: Bool = false) {
        translations.reserveCapacity(entries.count)
        for entry in entries {
            if reversed {
                // The reversed translation keeps the question or exclamation mark that
                // the written side carried (`¿Dónde está el baño?` → `where is the bathroom?`).
                let mark = entry.target.last.flatMap { "?!".contains($0) ? String($0) : nil } ?? ""
                let source = entry.source.last.map { ".?!".contains($0) } == true ? entry.source : entry.source + mark
                insert(source: entry.target, target: source, replacing: false)
            } else {
                insert(source: entry.source, target: entry.target, replacing: false)
            }
        }
    }

    /// Adds (or with `replacing`, overwrites) one phrase.
    public mutating func insert(source: String, target: String, replacing: Bool = true) {
        guard let (key, wordCount) = PhraseText.normalizedKey(source) else { return }
        if !replacing, translations[key] != nil { return }
        translations[key] = target
        longestPhrase = max(longestPhrase, wordCount)
        if wordCount > 1, let space = key.firstIndex(of: " ") {
            let first = key[..<space]
            longestByFirstWord[first] = max(longestByFirstWord[first] ?? 0, wordCount)
        }
    }

    /// The most words a key starting with `word` has (1 when only single words can match).
    public func longestPhrase(startingWith word: String) -> Int {
        longestByFirstWord[Substring(word)] ?? 1
    }

    /// The translation of a normalised key, if this table has it.
    public subscript(key: String) -> String? { translations[key] }

    /// How many phrases the table holds.
    public var count: Int { translations.count }
}
