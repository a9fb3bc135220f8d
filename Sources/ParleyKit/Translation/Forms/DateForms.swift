/// How one language says a date of the month (`the fifth of July`, `el cinco de julio`), read
/// from its pack: `date-forms.tsv` (the templates read and written, by kind), `days.tsv` and
/// `months.tsv` (the words for days and months; the first row of a value is the one written)
/// and `date-prepositions.txt`. Apertium says dates word by word (`en el quinto de julio`,
/// `on fifteen August`); `Dates` says them as a whole, the target's way.
struct DateForms: Sendable {
    /// A date read in a sentence: how many words it took, and its kind (`on`, `the`, `bare`).
    struct Reading: Equatable {
        let length: Int
        let kind: String
        let day: Int
        let month: Int
    }

    private let readings: [(kind: String, template: [String])]
    private let writings: [String: String]
    private let days: [String: Int]
    private let months: [String: Int]
    private let writtenDays: [Int: String]
    private let writtenMonths: [Int: String]
    private let prepositions: Set<String>
    /// Every word a date may open with: a cheap first test at each word of a sentence.
    private let openingWords: Set<String>

    init(pack: LanguagePack) {
        let forms = pack.table("date-forms").filter { $0.count >= 3 }
        readings = forms.filter { $0[0] == "read" }.map { (kind: $0[1], template: $0[2].split(separator: " ").map(String.init)) }
            .sorted { $0.template.count > $1.template.count }
        writings = Dictionary(forms.filter { $0[0] == "write" }.map { ($0[1], $0[2]) }, uniquingKeysWith: { first, _ in first })
        var days: [String: Int] = [:], writtenDays: [Int: String] = [:]
        for row in pack.table("days") where row.count >= 2 {
            guard let day = Int(row[1]) else { continue }
            if days[row[0]] == nil { days[row[0]] = day }
            if writtenDays[day] == nil { writtenDays[day] = row[0] }
        }
        var months: [String: Int] = [:], writtenMonths: [Int: String] = [:]
        for row in pack.table("months") where row.count >= 3 {
            guard let month = Int(row[1]) else { continue }
            if months[row[0]] == nil { months[row[0]] = month }
            if writtenMonths[month] == nil { writtenMonths[month] = row[2] }
        }
        (self.days, self.writtenDays, self.months, self.writtenMonths) = (days, writtenDays, months, writtenMonths)
        prepositions = pack.words("date-prepositions")
        var openingWords: Set<String> = []
        for (_, template) in readings {
            switch template.first {
            case "{d}": openingWords.formUnion(days.keys.compactMap { $0.split(separator: " ").first.map(String.init) })
            case "{m}": openingWords.formUnion(months.keys)
            case let word?: openingWords.insert(word)
            case nil: break
            }
        }
        self.openingWords = openingWords
    }

    /// Whether the pack says enough to read and write dates.
    var isEmpty: Bool { readings.isEmpty || writings.isEmpty || days.isEmpty || months.isEmpty }

    /// The date `words` say from `start`, if any; a date with its article after a word that
    /// is no preposition (`llegamos el cinco de julio`) says when something happens (`on`).
    func read(_ words: [String], at start: Int) -> Reading? {
        guard start < words.count, openingWords.contains(words[start]) else { return nil }
        for (kind, template) in readings {
            guard let (length, day, month) = match(template, words, at: start) else { continue }
            var said = kind
            if kind == "the", !prepositions.isEmpty, start > 0, !prepositions.contains(words[start - 1]) { said = "on" }
            return Reading(length: length, kind: said, day: day, month: month)
        }
        return nil
    }

    /// The date written as this language says a date of `kind`; nil when it cannot be.
    func write(day: Int, month: Int, kind: String) -> String? {
        guard let template = writings[kind], let dayWord = writtenDays[day], let monthWord = writtenMonths[month] else { return nil }
        return template.replacingOccurrences(of: "{d}", with: dayWord).replacingOccurrences(of: "{m}", with: monthWord)
    }

    /// How many words `template` takes of `words` from `start`, with the day and month.
    private func match(_ template: [String], _ words: [String], at start: Int) -> (Int, Int, Int)? {
        var position = start
        var day: Int?, month: Int?
        for token in template {
            guard position < words.count else { return nil }
            switch token {
            case "{d}":
                // A day may be several words (`thirty first`, `treinta y uno`): the longest that is one.
                guard let (length, value) = (1...3).reversed().lazy.compactMap({ length -> (Int, Int)? in
                    guard position + length <= words.count,
                          let value = days[words[position..<(position + length)].joined(separator: " ")] else { return nil }
                    return (length, value)
                }).first else { return nil }
                (day, position) = (value, position + length)
            case "{m}":
                guard let value = months[words[position]] else { return nil }
                (month, position) = (value, position + 1)
            default:
                guard words[position] == token else { return nil }
                position += 1
            }
        }
        guard let day, let month, (1...31).contains(day) else { return nil }
        return (position - start, day, month)
    }
}

/// Dates read in one language and written in another, from the two packs' `DateForms`.
struct Dates: Sendable {
    let source: DateForms
    let target: DateForms

    /// The dates between the packs `source` and `target`, or nil when either has no date
    /// forms. Made once per direction, with its rules (`DirectionForms`).
    static func between(_ source: LanguagePack, _ target: LanguagePack) -> Dates? {
        let dates = Dates(source: DateForms(pack: source), target: DateForms(pack: target))
        return dates.source.isEmpty || dates.target.isEmpty ? nil : dates
    }

    /// The date `words` say from `start`, written in the target: how many words it took and the text.
    func translation(of words: [String], at start: Int) -> (length: Int, text: String)? {
        guard let reading = source.read(words, at: start),
              let text = target.write(day: reading.day, month: reading.month, kind: reading.kind) else { return nil }
        return (reading.length, text)
    }
}
