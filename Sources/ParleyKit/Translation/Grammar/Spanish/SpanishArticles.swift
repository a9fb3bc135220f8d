/// English has one `the` and one `a`; Spanish articles agree with their noun. A
/// dictionary can only say `the → el`, so `the station` came out `el estación` and
/// `the trains` `el trenes` (and `my bags` `mi bolsas`). When an article or possessive stands alone in its segment, it is made to
/// agree with the first word of the next: plural when that word is, feminine when its
/// ending says so (`-a`, `-ión`, `-dad`, `-tud`, `-umbre`), except for the common
/// masculine words in `-a` (`el mapa`, `el día`), or the analyser, where installed, knows
/// it (`la sal`, `la llave`).
///
/// The data is the pack's: `agreement.tsv` (each article's four forms), `masculine-in-a.txt`,
/// `not-nouns.txt` and `feminine-endings.txt`.
struct SpanishArticles: Sendable {
    /// Each article or possessive's forms by (plural, feminine).
    let forms: [String: [Bool: [Bool: String]]]
    /// Nouns in `-a` that take `el`: masculine ones, and feminine ones with a stressed
    /// first `a` (`el agua`).
    let masculineInA: Set<String>
    /// Common words after an article that are not its noun (`the nearest` → `cerca de`):
    /// their endings say nothing about the noun's gender, so the article is left alone.
    let notNouns: Set<String>
    /// Endings that make a noun feminine.
    let feminineEndings: [String]
    /// The language, whose analyser (where installed) knows irregular plurals (`feet` → `pies`).
    let language: String
    /// The analysers the rule asks about words (its context's).
    let morphology: any Morphology

    init(pack: LanguagePack, morphology: any Morphology) {
        language = pack.language
        self.morphology = morphology
        var forms: [String: [Bool: [Bool: String]]] = [:]
        for row in pack.table("agreement") where row.count == 4 {
            let table = [false: [false: row[0], true: row[1]], true: [false: row[2], true: row[3]]]
            for form in row where forms[form] == nil { forms[form] = table }
        }
        self.forms = forms
        masculineInA = pack.words("masculine-in-a")
        notNouns = pack.words("not-nouns")
        feminineEndings = pack.list("feminine-endings")
    }

    /// `segments` with each lone article or possessive agreeing with the word after it.
    /// `readingAnyWord`: the word after is taken as the noun or an adjective agreeing with it
    /// even when it is listed in `not-nouns.txt` (a pattern's slot: `una buena tarde`).
    func agreeing(_ segments: [TranslationSegment], readingAnyWord: Bool = false) -> [TranslationSegment] {
        var result = segments
        for index in result.indices.dropLast() {
            let article = result[index].target
            guard let table = forms[article] else { continue }
            let next = result[index + 1]
            guard next.origin != .passthrough, next.origin != .number,
                  let noun = next.target.split(separator: " ").first.map(String.init),
                  readingAnyWord || !notNouns.contains(noun.lowercased()) else { continue }
            let plural = Self.isPlural(noun, source: next.source) || isAnalysedAsPlural(noun)
            let form = table[plural]![isFeminine(Self.singular(noun, plural: plural))]!
            if form != article {
                result[index] = TranslationSegment(source: result[index].source, target: form, origin: result[index].origin)
            }
        }
        return result
    }

    /// A plural: the English word it translates is plural-looking too (`trains` → `trenes`,
    /// but `bus` → `autobús` is not).
    static func isPlural(_ noun: String, source: String) -> Bool {
        guard noun.hasSuffix("s"), let sourceWord = source.split(separator: " ").last else { return false }
        return sourceWord.hasSuffix("s") && !sourceWord.hasSuffix("ss") && !sourceWord.hasSuffix("us")
            && !sourceWord.hasSuffix("is")
    }

    /// Whether the analyser reads `noun` only as a plural noun (`pies`, translating `feet`,
    /// which has no `-s` to go by).
    private func isAnalysedAsPlural(_ noun: String) -> Bool {
        let nouns = (morphology.analyser(for: language)?.readings(of: noun.lowercased()) ?? []).filter { $0.partOfSpeech == "n" }
        return !nouns.isEmpty && nouns.allSatisfy(\.isPluralNoun)
    }

    private static func singular(_ noun: String, plural: Bool) -> String {
        guard plural else { return noun }
        if noun.hasSuffix("iones") { return String(noun.dropLast(5)) + "ión" }
        if noun.hasSuffix("es"), let before = noun.dropLast(2).last, !"aeiou".contains(before) {
            return String(noun.dropLast(2))
        }
        return String(noun.dropLast())
    }

    /// Whether `noun` takes the feminine article: never one in `masculine-in-a.txt`; else as
    /// the analyser's noun readings all say (`la sal`, `la llave`, `el coche`); else by its ending.
    func isFeminine(_ noun: String) -> Bool {
        let word = noun.lowercased()
        if masculineInA.contains(word) { return false }
        let genders = Set((morphology.analyser(for: language)?.readings(of: word) ?? [])
            .filter { $0.partOfSpeech == "n" }.flatMap { $0.tags.filter { $0 == "f" || $0 == "m" } })
        if genders.count == 1, let gender = genders.first { return gender == "f" }
        return feminineEndings.contains { word.hasSuffix($0) }
    }
}
