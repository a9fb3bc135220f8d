/// Single words that a dictionary has only inside phrases. A phrasebook says
/// `where is the bathroom → ¿Dónde está el baño?` but has no line for `está`, so the
/// derived Spanish → English direction passes `está` through in any other sentence.
///
/// Words are read off only where the alignment leaves no doubt: a phrase and its
/// translation of the same length in which every other word is already a known
/// translation of its counterpart, or an article and a noun against a single word.
/// Word order differs between languages (`red wine` / `vino tinto`), so two or more
/// unexplained positions teach nothing.
public enum PhraseAlignment {
    /// Articles dropped when one side is `article + noun` and the other a single word: the
    /// `articles.txt` of the language's pack. When the language is not known, every pack's articles
    /// count but those another language uses as a function word of its own (`a` only where
    /// the language is known to be English: in Spanish it is a preposition, and `a menudo`
    /// is "often", not "menudo").
    static func articles(of pack: LanguagePack?) -> Set<String> {
        guard let pack else { return articlesOfAnyLanguage }
        return pack.words("articles")
    }

    /// The articles of every pack that no other pack lists among its `glue-words.txt`
    /// without listing them as articles too.
    static let articlesOfAnyLanguage: Set<String> = {
        let packs = LanguagePack.installedLanguages().map(LanguagePack.named)
        let ambiguous = packs.reduce(into: Set<String>()) { $0.formUnion($1.words("glue-words").subtracting($1.words("articles"))) }
        return packs.reduce(into: Set<String>()) { $0.formUnion($1.words("articles")) }.subtracting(ambiguous)
    }()

    /// Phrases longer than this are not aligned word by word.
    static let maximumLength = 6

    /// Word translations implied by `pairs` (source phrase, its translation, in the
    /// table's direction) for source words that no one-word entry covers.
    /// The languages' packs, when known, let English `a` count as an article.
    public static func derivedWords(from pairs: [(source: String, target: String)], sourcePack: LanguagePack? = nil,
                                    targetPack: LanguagePack? = nil) -> [(word: String, translation: String)] {
        let sourceArticles = articles(of: sourcePack)
        let targetArticles = articles(of: targetPack)
        let split = pairs.map { (PhraseText.words($0.source), PhraseText.words($0.target)) }
        var known: [String: Set<String>] = [:]
        for (source, target) in split where source.count == 1 {
            known[source[0], default: []].insert(target.joined(separator: " "))
            if target.count == 2, targetArticles.contains(target[0]) { known[source[0], default: []].insert(target[1]) }
        }
        var derived: [(String, String)] = []
        @discardableResult
        func learn(_ word: String, _ translation: String) -> Bool {
            guard known[word] == nil, !PhraseText.isNumber(word) else { return false }
            known[word] = [translation]
            derived.append((word, translation))
            return true
        }
        // Article + noun against one word: `el tren → train` teaches `tren → train`.
        for (source, target) in split where source.count == 2 && sourceArticles.contains(source[0]) {
            if target.count == 1 { learn(source[1], target[0]) }
            if target.count == 2, targetArticles.contains(target[0]) { learn(source[1], target[1]) }
        }
        // Leave one out, repeated: each word learned can explain a position elsewhere.
        var learnedSomething = true
        while learnedSomething {
            learnedSomething = false
            for (source, target) in split where source.count == target.count && (2...maximumLength).contains(source.count) {
                let unexplained = source.indices.filter { known[source[$0]]?.contains(target[$0]) != true }
                guard unexplained.count == 1, let index = unexplained.first else { continue }
                if learn(source[index], target[index]) {
                    learnedSomething = true
                } else if !PhraseText.isNumber(source[index]), known[source[index]]?.insert(target[index]).inserted == true {
                    // A known word met with another translation (`is` → `es`, here `está`) keeps
                    // its entry but explains this position from now on, so the phrase's other
                    // words can be learned elsewhere (`where is the station`).
                    learnedSomething = true
                }
            }
        }
        // Counting how often two words share a position across phrases was tried and
        // dropped: in the shipped phrasebook it learned one right word and one wrong one
        // (`will → a`, from `we will → vamos a`).
        return derived
    }
}
