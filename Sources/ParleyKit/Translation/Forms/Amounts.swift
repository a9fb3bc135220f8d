/// An amount is one number, and each language says it its own way: English in words
/// (`fifteen thousand`, `three thousand five hundred`, `two hundred and fifty`), Korean in
/// Sino-Korean numerals grouped by ten thousand (`만 오천`, `삼천오백`, `이백오십`). Word by
/// word it came out `십오 천` one way and `Ten thousand five thousand` the other.
///
/// A language says amounts in words with `amount-words.tsv` (each word with its value and
/// kind: `value`, `multiplier`, `joiner`: `and`, `article`: `a` before a multiplier), or in
/// numerals with `amount-numerals.tsv` (`digit`, `unit` and `group` numerals, and whether a
/// one before a unit or group is said). Amounts are read from the source's file and written
/// with the target's. Only amounts with a multiplier (or a unit numeral) are read: smaller
/// numbers keep their own translations (counted forms, clock times).
struct Amounts: Sendable {
    /// An amount said in words.
    struct Words: Sendable {
        enum Kind: String, Sendable { case value, multiplier, joiner, article }
        let words: [String: (value: Int, kind: Kind)]
        /// For writing: each value's word, the multipliers largest first, and the joiner.
        let byValue: [Int: String]
        let multipliers: [(value: Int, word: String)]
        let joiner: String?

        init?(pack: LanguagePack) {
            var words: [String: (value: Int, kind: Kind)] = [:]
            var byValue: [Int: String] = [:], multipliers: [(value: Int, word: String)] = [], joiner: String?
            for row in pack.table("amount-words") {
                guard let value = Int(row[1]), let kind = Kind(rawValue: row[2]), words[row[0]] == nil else { continue }
                words[row[0]] = (value, kind)
                switch kind {
                case .value where byValue[value] == nil: byValue[value] = row[0]
                case .multiplier: multipliers.append((value, row[0]))
                case .joiner where joiner == nil: joiner = row[0]
                default: break
                }
            }
            guard !words.isEmpty else { return nil }
            self.words = words
            self.byValue = byValue
            self.multipliers = multipliers.sorted { $0.value > $1.value }
            self.joiner = joiner
        }

        /// The amount with a multiplier that starts at `start`, and how many words it takes.
        func read(_ tokens: [String], at start: Int) -> (value: Int, length: Int)? {
            var total = 0, current = 0, length = 0, sawMultiplier = false
            var index = start
            reading: while index < tokens.count {
                let parts = tokens[index].split(separator: "-").map(String.init)
                let read = parts.compactMap { words[$0] }
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
                case .joiner where read.count == 1 && sawMultiplier && index + 1 < tokens.count:
                    break
                case .article where read.count == 1 && index == start && index + 1 < tokens.count
                    && words[tokens[index + 1]]?.kind == .multiplier:
                    break
                default:
                    break reading
                }
                index += 1
                length = index - start
            }
            // A trailing joiner (`two hundred and`) belongs to what follows.
            while length > 0, words[tokens[start + length - 1]]?.kind == .joiner { length -= 1 }
            guard sawMultiplier, length > 0, total + current > 0 else { return nil }
            return (total + current, length)
        }

        /// The value of `tokens` when they are all value words (`twenty`, `twenty-five`).
        func value(of tokens: [String]) -> Int? {
            let parts = tokens.flatMap { $0.split(separator: "-").map(String.init) }
            let read = parts.compactMap { words[$0] }
            guard !parts.isEmpty, read.count == parts.count, read.allSatisfy({ $0.kind == .value }) else { return nil }
            return read.reduce(0) { $0 + $1.value }
        }

        /// `number` in words (`3500` → `three thousand five hundred`, `250` → `two hundred
        /// and fifty`), or nil when the words to say it are missing.
        func write(_ number: Int) -> String? {
            func below100(_ number: Int) -> String? {
                if let word = byValue[number] { return word }
                guard let tens = byValue[number / 10 * 10], let ones = byValue[number % 10] else { return nil }
                return tens + "-" + ones
            }
            func said(_ number: Int) -> String? {
                for (value, word) in multipliers where number >= value {
                    guard let head = said(number / value) else { return nil }
                    let rest = number % value
                    guard rest > 0 else { return head + " " + word }
                    guard let tail = said(rest) else { return nil }
                    // `two hundred and fifty`: the joiner after hundreds, before what is under a hundred.
                    let joined = value == 100 && rest < 100 ? joiner.map { " \($0) " } ?? " " : " "
                    return head + " " + word + joined + tail
                }
                return number == 0 ? nil : below100(number)
            }
            return said(number)
        }
    }

    /// An amount said in numerals grouped by a large unit (Korean `만`).
    struct Numerals: Sendable {
        struct Numeral: Sendable {
            let value: Int
            let word: String
            let saysOne: Bool
        }

        let digits: [Int: String]
        /// Units inside a group (1000, 100, 10), and the groups (10^8, 10^4), largest first.
        let units: [Numeral]
        let groups: [Numeral]
        /// For reading: each digit's value, and each unit or group by its numeral.
        let digitValues: [String: Int]
        let unitsByWord: [String: (value: Int, isGroup: Bool)]

        init?(pack: LanguagePack) {
            var digits: [Int: String] = [:], units: [Numeral] = [], groups: [Numeral] = []
            for row in pack.table("amount-numerals") {
                guard let value = Int(row[1]) else { continue }
                let numeral = Numeral(value: value, word: row[2], saysOne: row[3] == "said")
                switch row[0] {
                case "digit": digits[value] = row[2]
                case "unit": units.append(numeral)
                case "group": groups.append(numeral)
                default: continue
                }
            }
            guard digits.count == 9, !units.isEmpty else { return nil }
            self.digits = digits
            self.units = units.sorted { $0.value > $1.value }
            self.groups = groups.sorted { $0.value > $1.value }
            digitValues = Dictionary(digits.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
            unitsByWord = Dictionary(units.map { ($0.word, ($0.value, false)) } + groups.map { ($0.word, ($0.value, true)) },
                                     uniquingKeysWith: { first, _ in first })
        }

        /// The amount that starts at `start`: tokens made only of numerals, each with a unit
        /// or a group (`만 오천`, `삼천오백`; not `이` alone, which is also "this").
        func read(_ tokens: [String], at start: Int) -> (value: Int, length: Int)? {
            var total = 0, section = 0, digit = 0, length = 0
            for token in tokens[start...] {
                let characters = token.map(String.init)
                guard characters.contains(where: { unitsByWord[$0] != nil }),
                      characters.allSatisfy({ digitValues[$0] != nil || unitsByWord[$0] != nil }) else { break }
                for character in characters {
                    if let value = digitValues[character] {
                        digit = value
                    } else if let unit = unitsByWord[character] {
                        if unit.isGroup {
                            total += max(section + digit, 1) * unit.value
                            section = 0
                        } else {
                            section += max(digit, 1) * unit.value
                        }
                        digit = 0
                    }
                }
                length += 1
            }
            guard length > 0 else { return nil }
            return (total + section + digit, length)
        }

        /// `number` in numerals, grouped (`15000` → `만 오천`).
        func write(_ number: Int) -> String {
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

    let sourceWords: Words?
    let sourceNumerals: Numerals?
    let targetWords: Words?
    let targetNumerals: Numerals?

    /// The rule from the pack `source` into `target`, or nil when the packs cannot read and
    /// write amounts. Made once per direction, with its rules (`DirectionForms`).
    static func between(_ source: LanguagePack, _ target: LanguagePack) -> Amounts? {
        let rule = Amounts(sourceWords: Words(pack: source), sourceNumerals: Numerals(pack: source),
                           targetWords: Words(pack: target), targetNumerals: Numerals(pack: target))
        let reads = rule.sourceWords != nil || rule.sourceNumerals != nil
        let writesOtherwise = rule.targetNumerals != nil && rule.sourceNumerals == nil
            || rule.targetWords != nil && rule.sourceNumerals != nil
        return reads && writesOtherwise ? rule : nil
    }

    /// The amount that starts at `start` in `words`, written the target's way, with how
    /// many words it takes; nil when no amount starts there.
    func translation(of words: [String], at start: Int) -> (text: String, length: Int)? {
        guard let read = sourceNumerals?.read(words, at: start) ?? sourceWords?.read(words, at: start),
              let text = written(read.value) else { return nil }
        return (text, read.length)
    }

    /// `number` the target's way.
    func written(_ number: Int) -> String? {
        targetNumerals?.write(number) ?? targetWords?.write(number)
    }

    /// The value of `words` when they are all the source's value words (`twenty`).
    func value(of words: [String]) -> Int? {
        sourceWords?.value(of: words)
    }
}
