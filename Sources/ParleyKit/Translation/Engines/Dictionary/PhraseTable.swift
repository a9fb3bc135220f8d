/// One layer's phrases for one direction, keyed by their normalised words.
public struct PhraseTable: Sendable {
    /// Normalised source phrase → translation as written.
    private(set) var translations: [String: String] = [:]
    /// For each word that starts a multi-word key, the most words such a key has, so
    /// longest-match tries only the lengths that can match.
    private var longestByFirstWord: [Substring: Int] = [:]

    /// An empty table.
    public init() {}

    /// Tables larger than this (imported dictionaries) are not searched for words hidden
    /// in phrases: they are word lists already, and they must load fast.
    static let alignmentLimit = 20_000

    /// A table of `entries`, read forwards (`reversed == false`) or backwards, for a
    /// direction derived from the opposite file. The first entry for a key wins. When the
    /// source language has contractions, they are written out in keys (`let's go` is
    /// found as `let us go`), matching how input is read (`SourceContractions`). Single words that appear only
    /// inside phrases are added after the written entries (see `PhraseAlignment`). The
    /// languages' packs come from `packs`.
    public init(_ entries: [DictionaryEntry], reversed: Bool = false, sourceLanguage: String? = nil,
                targetLanguage: String? = nil, learningWordsFromPhrases: Bool = true,
                packs: LanguagePacks = LanguagePacks()) {
        let sourcePack = sourceLanguage.map(packs.pack)
        let targetPack = targetLanguage.map(packs.pack)
        contractionLanguage = SourceContractions.applies(to: sourceLanguage) ? sourceLanguage : nil
        indexesCompactKeys = sourcePack.map(DictionaryTranslator.spacesAreLoose(pack:)) ?? false
        translations.reserveCapacity(entries.count)
        // Read once for the table, not once per entry: tables are loaded on a turn's first use.
        let capitalised = reversed ? targetPack?.words("capitalised-pronouns") ?? [] : []
        for entry in entries {
            if reversed {
                // The reversed translation keeps the question or exclamation mark that
                // the written side carried (`¿Dónde está el baño?` → `where is the bathroom?`).
                let mark = entry.target.last.flatMap { "?!".contains($0) ? String($0) : nil } ?? ""
                var source = entry.source.last.map { ".?!".contains($0) } == true ? entry.source : entry.source + mark
                // A side written as a sentence (`Hasta mañana`) is a whole utterance read
                // backwards too, not a fragment to write into another sentence (`trabajo hasta
                // mañana` is no `I work see you tomorrow`). A question (`¿A qué hora?`) stays a
                // fragment: it may open a longer question (`a qué hora viene el autobús`).
                if let first = entry.target.first, first.isUppercase || first == "¡", mark != "?", !PhrasePattern.isPattern(source) {
                    source = SentenceStyle.capitalizedFirstLetter(source)
                }
                // The written side is a lower-case key: `I` gets its capital back.
                source = Self.capitalisingPronouns(source, pronouns: capitalised)
                insert(source: entry.target, target: source, replacing: false)
            } else {
                insert(source: entry.source, target: entry.target, replacing: false)
            }
        }
        guard learningWordsFromPhrases, entries.count <= Self.alignmentLimit else { return }
        // A pattern's slot is no word to learn from.
        let pairs = entries.filter { !PhrasePattern.isPattern($0.source) && !PhrasePattern.isPattern($0.target) }.map { reversed ? (source: $0.target, target: $0.source) : (source: $0.source, target: $0.target) }
        for (word, translation) in PhraseAlignment.derivedWords(from: pairs, sourcePack: sourcePack,
                                                                    targetPack: targetPack) {
            insert(source: word, target: translation, replacing: false)
        }
    }

    /// `text` with `pronouns`, which the target writes with a capital (`i` → `I`), capitalised.
    private static func capitalisingPronouns(_ text: String, pronouns: Set<String>) -> String {
        guard !pronouns.isEmpty, text.split(separator: " ").contains(where: { pronouns.contains(String($0)) }) else { return text }
        return text.split(separator: " ", omittingEmptySubsequences: false)
            .map { pronouns.contains(String($0)) ? SentenceStyle.capitalizedFirstLetter(String($0)) : String($0) }
            .joined(separator: " ")
    }

    /// The language whose contractions are written out in keys (`let's` → `let us`,
    /// `al` → `a el`), as they are in input; nil for none.
    private var contractionLanguage: String?
    /// Whether each multi-word key is also kept without its spaces: recognisers of these
    /// languages split and join words their own way, so `화장실이 어디예요` must be found
    /// when it is heard as `화장실 이 어디 예요`.
    private var indexesCompactKeys = false
    /// Multi-word keys without their spaces, consulted after the keys as written so a
    /// real one-word entry always wins.
    private var compactTranslations: [String: String] = [:]

    /// Adds (or with `replacing`, overwrites) one phrase.
    public mutating func insert(source: String, target: String, replacing: Bool = true) {
        if PhrasePattern.isPattern(source) {
            guard let pattern = PhrasePattern(key: source, template: target, language: contractionLanguage) else { return }
            if let known = patterns.firstIndex(where: { $0.parts == pattern.parts }) {
                if replacing { patterns[known] = pattern }
            } else {
                patterns.append(pattern)
            }
            return
        }
        guard var (key, wordCount) = PhraseText.normalizedKey(source) else { return }
        if let language = contractionLanguage, SourceContractions.mightContain(key, language: language) {
            let words = key.split(separator: " ").map(String.init)
            if words.contains(where: { SourceContractions.expansion(of: $0, language: language) != nil }) {
                let full = SourceContractions.expand(words, language: language)
                (key, wordCount) = (full.joined(separator: " "), full.count)
            }
        }
        if !replacing, translations[key] != nil { return }
        translations[key] = target
        if indexesCompactKeys, wordCount > 1 {
            let compact = key.replacingOccurrences(of: " ", with: "")
            if replacing || compactTranslations[compact] == nil { compactTranslations[compact] = target }
        }
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
    public subscript(key: String) -> String? { translations[key] ?? compactTranslations[key] }

    /// The entries with slots (`where is {X}`), in file order; kept apart from the phrases,
    /// which are found by key.
    private(set) var patterns: [PhrasePattern] = []

    /// How many phrases the table holds.
    public var count: Int { translations.count }
}
