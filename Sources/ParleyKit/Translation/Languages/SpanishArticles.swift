/// English has one `the` and one `a`; Spanish articles agree with their noun. A
/// dictionary can only say `the → el`, so `the station` came out `el estación` and
/// `the trains` `el trenes` (and `my bags` `mi bolsas`). When an article or possessive stands alone in its segment, it is made to
/// agree with the first word of the next: plural when that word is, feminine when its
/// ending says so (`-a`, `-ión`, `-dad`, `-tud`, `-umbre`), except for the common
/// masculine words in `-a` (`el mapa`, `el día`).
public enum SpanishArticles {
    /// Nouns in `-a` that take `el`: masculine ones, and feminine ones with a stressed
    /// first `a` (`el agua`).
    static let masculineInA: Set<String> = [
        "día", "mapa", "problema", "sistema", "idioma", "programa", "tema", "clima", "planeta", "sofá",
        "agua", "aula", "alma", "hacha", "águila", "hambre", "área",
    ]

    /// Common words after an article that are not its noun (`the nearest` → `cerca de`):
    /// their endings say nothing about the noun's gender, so the article is left alone.
    static let notNouns: Set<String> = [
        "cerca", "lejos", "muy", "más", "menos", "aquí", "allí", "ahí", "bastante", "demasiado", "tan", "ya",
        "no", "sí", "de", "a", "en", "con", "para", "por", "otra", "otro", "misma", "mismo", "próxima", "próximo",
        "primera", "primero", "última", "último", "buena", "bueno", "mala", "malo",
    ]

    /// The article forms by (plural, feminine) for the definite and indefinite article.
    static let definite = [false: [false: "el", true: "la"], true: [false: "los", true: "las"]]
    static let indefinite = [false: [false: "un", true: "una"], true: [false: "unos", true: "unas"]]

    /// Possessives agree in number only (`mi maleta`, `mis maletas`).
    static func possessive(_ singular: String) -> [Bool: [Bool: String]] {
        [false: [false: singular, true: singular], true: [false: singular + "s", true: singular + "s"]]
    }

    /// `segments` with each lone article or possessive agreeing with the word after it.
    public static func agreeing(_ segments: [TranslationSegment]) -> [TranslationSegment] {
        var result = segments
        for index in result.indices.dropLast() {
            let article = result[index].target
            let table: [Bool: [Bool: String]]
            switch article {
            case "el", "la", "los", "las": table = definite
            case "un", "una", "unos", "unas": table = indefinite
            case "mi", "mis": table = possessive("mi")
            case "tu", "tus": table = possessive("tu")
            case "su", "sus": table = possessive("su")
            default: continue
            }
            let next = result[index + 1]
            guard next.origin != .passthrough, next.origin != .number,
                  let noun = next.target.split(separator: " ").first.map(String.init),
                  !notNouns.contains(noun.lowercased()) else { continue }
            let plural = isPlural(noun, source: next.source)
            let form = table[plural]![isFeminine(singular(noun, plural: plural))]!
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

    private static func singular(_ noun: String, plural: Bool) -> String {
        guard plural else { return noun }
        if noun.hasSuffix("iones") { return String(noun.dropLast(5)) + "ión" }
        if noun.hasSuffix("es"), let before = noun.dropLast(2).last, !"aeiou".contains(before) {
            return String(noun.dropLast(2))
        }
        return String(noun.dropLast())
    }

    static func isFeminine(_ noun: String) -> Bool {
        let word = noun.lowercased()
        if masculineInA.contains(word) { return false }
        return ["a", "ión", "dad", "tad", "tud", "umbre"].contains { word.hasSuffix($0) }
    }
}
