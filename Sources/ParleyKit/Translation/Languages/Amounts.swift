/// An amount said in words (`fifteen thousand`, `three thousand five hundred`, `two hundred
/// and fifty`) is one number, and the target says it as one: Korean groups by ten thousand
/// (`만 오천`, `삼천오백`, `이백오십`). Word by word it came out `십오 천`, which no one says.
///
/// The words are the source pack's `amount-words.tsv` (each word with its value and kind:
/// `value`, `multiplier`, `joiner`: `and`, `article`: `a` before a multiplier) and the
/// target's `amount-numerals.tsv` (`digit`, `unit` and `group` numerals, and whether a one
/// before a unit or group is said). Only amounts with a multiplier are read; smaller numbers
/// keep their own translations (counted forms, clock times).
struct Amounts: Sendable {
    enum Kind: String, Sendable { case value, multiplier, joiner, article }

    struct Numeral: Sendable {
        let value: Int
        let word: String
        let saysOne: Bool
    }

    let words: [String: (value: Int, kind: Kind)]
    let digits: [Int: String]
    /// Units inside a group (1000, 100, 10), and the groups (10^8, 10^4), largest first.
    let units: [Numeral]
    let groups: [Numeral]

    /// The rule from `source` into `target`, or nil when the packs do not have it.
    static func between(_ source: String?, _ target: String?) -> Amounts? {
        guard let source, let target else { return nil }
        return rules.between(source, target)
    }

    private static let rules = PairRules<Amounts> { source, target in
        var words: [String: (value: Int, kind: Kind)] = [:]
        for row in source.table("amount-words") {
            guard let value = Int(row[1]), let kind = Kind(rawValue: row[2]), words[row[0]] == nil else { continue }
            words[row[0]] = (value, kind)
        }
        var digits: [Int: String] = [:], units: [Numeral] = [], groups: [Numeral] = []
        for row in target.table("amount-numerals") {
            guard let value = Int(row[1]) else { continue }
            let numeral = Numeral(value: value, word: row[2], saysOne: row[3] == "said")
            switch row[0] {
            case "digit": digits[value] = row[2]
            case "unit": units.append(numeral)
            case "group": groups.append(numeral)
            default: continue
            }
        }
        guard !words.isEmpty, digits.count == 9, !units.isEmpty else { return nil }
        return Amounts(words: words, digits: digits, units: units.sorted { $0.value > $1.value },
                       groups: groups.sorted { $0.value > $1.value })
    }

    /// The amount that starts at `start` in `words`, written the target's way, with how
    /// many words it takes; nil when no amount with a multiplier starts there.
    func translation(of words: [String], at start: Int) -> (text: String, length: Int)? {
        var total = 0, current = 0, length = 0, sawMultiplier = false
        var index = start
        while index < words.count {
            let parts = words[index].split(separator: "-").map(String.init)
            let read = parts.compactMap { self.words[$0] }
            guard read.count == parts.count, let first = read.first else { break }
            switch first.kind {
            case .value where read.allSatisfy { $0.kind == .value }:
                current += read.reduce(0) { $0 + $1.value }
            case .multiplier where read.count == 1:
                sawMultiplier = true
                if first.value < 1000 {
                    current = max(current, 1) * first.value
                } else {
                    total += max(current, 1) * first.value
                    current = 0
                }
            case .joiner where read.count == 1 && sawMultiplier && index + 1 < words.count:
                break
            case .article where read.count == 1 && index == start && index + 1 < words.count
                && self.words[words[index + 1]]?.kind == .multiplier:
                break
            default:
                index = words.count
                continue
            }
            index += 1
            length = index - start
        }
        // A trailing joiner (`two hundred and`) belongs to what follows.
        while length > 0, self.words[words[start + length - 1]]?.kind == .joiner { length -= 1 }
        guard sawMultiplier, length > 0, total + current > 0 else { return nil }
        return (written(total + current), length)
    }

    /// The value of `words` when they are all an amount's value words (`twenty`,
    /// `twenty-five`), or an amount with a multiplier; nil otherwise.
    func value(of words: [String]) -> Int? {
        let parts = words.flatMap { $0.split(separator: "-").map(String.init) }
        let read = parts.compactMap { self.words[$0] }
        guard !parts.isEmpty, read.count == parts.count else { return nil }
        if read.allSatisfy({ $0.kind == .value }) { return read.reduce(0) { $0 + $1.value } }
        return nil
    }

    /// `number` in the target's numerals, grouped (`15000` → `만 오천`).
    func written(_ number: Int) -> String {
        var rest = number
        var pieces: [String] = []
        for group in groups + [Numeral(value: 1, word: "", saysOne: true)] {
            let chunk = rest / group.value
            rest %= group.value
            guard chunk > 0 else { continue }
            let said = chunk == 1 && !group.saysOne && !group.word.isEmpty ? "" : chunkWords(chunk)
            pieces.append(said + group.word)
        }
        return pieces.joined(separator: " ")
    }

    /// A number below the smallest group (`3500` → `삼천오백`).
    private func chunkWords(_ number: Int) -> String {
        var rest = number
        var text = ""
        for unit in units {
            let digit = rest / unit.value
            rest %= unit.value
            guard digit > 0 else { continue }
            text += (digit == 1 && !unit.saysOne ? "" : digits[digit] ?? "") + unit.word
        }
        if rest > 0 { text += digits[rest] ?? "" }
        return text
    }
}
