/// A time of day as it was said: `half past nine` is 9:30, `a quarter to six` 5:45. Hours
/// keep the clock they were said on (`9` or `21`).
struct ClockTime: Equatable, Sendable {
    let hour: Int
    let minute: Int
}

/// A time of day with what was said around it, inner first: `at nine in the morning` is
/// 9:00 in the frames `morning`, then `at`.
struct TimeExpression: Equatable, Sendable {
    let time: ClockTime
    let frames: [String]
    /// Said by its name (`midnight`): written by its name where the other language has one.
    var named = false
}

/// One language's ways of saying a time of day, read from its pack:
/// `numbers.tsv` (`word	value	use`, where use is `hour`, `minute` or `*`) and
/// `clock-times.tsv` (`form	meaning	when`). Format in `dictionaries/languages/README.md`.
/// The same rows read a time (any row that fits) and write one (the first row that fits),
/// so the order of a file is its order of preference.
struct ClockTimeForms: Sendable {
    enum Token: Sendable, Equatable {
        case word(String)
        case hour, minute, time
    }

    /// What a row says.
    enum Meaning: Sendable, Equatable {
        /// Minutes past the hour said (`30` for `half past {h}`; `-15` for `a quarter to {h}`).
        case minutes(Int)
        /// The minutes said (`{m} past {h}`), or said before the hour (`{m} to {h}`).
        case slot, slotBefore
        /// One time (`noon`): read only.
        case exact(ClockTime)
        /// Words around a time (`at {t}`, `{t} in the morning`), by a name shared between languages.
        case frame(String)
    }

    struct Row: Sendable {
        let tokens: [Token]
        /// The form as written in the file, for writing.
        let written: String
        let meaning: Meaning
        /// `hour=1`, `minute=1-29`: the written hour or minutes must be in range.
        let hours: ClosedRange<Int>?
        let minutes: ClosedRange<Int>?
        /// Said as a time only inside a frame (`it is twenty to nine`, not `five to ten minutes`).
        let framed: Bool
        /// On a time: said as a time only inside a frame marked `bare` (`{h}` alone: `at
        /// nine`, not `it is ten euros`). On a frame: it may hold such a time.
        let bare: Bool
        /// On a frame marked `bare-minutes`: it holds such a time only when it has minutes
        /// (`for eight thirty`, not `for two` people or `for two weeks`).
        var bareMinutes = false
        /// On a frame marked `range`: it opens a range (`from seven to ten`), so it never holds
        /// a time read only inside a frame (`seven to ten` as 9:53).
        var opensRange = false
        /// A frame written onto the time's last word (Korean `{t}에`, `{t|이에요/예요}`): the endings.
        var glued: [String] = []

    }

    /// Number words (possibly of several words) → value and use.
    let numbers: [String: [(value: Int, use: String)]]
    /// Value → the first word written for it, per use (`hour`, `minute`).
    let numberWords: [String: [Int: String]]
    let longestNumber: Int
    let cores: [Row]
    let frames: [Row]
    /// Words that can start a time expression, so most words are turned away at once.
    let openers: Set<String>

    /// The forms in `pack` (empty when it has none).
    init(pack: LanguagePack) {
        var numbers: [String: [(value: Int, use: String)]] = [:]
        var numberWords: [String: [Int: String]] = ["hour": [:], "minute": [:]]
        var longest = 1
        for row in pack.table("numbers") where row.count >= 3 {
            guard let value = Int(row[1]) else { continue }
            let key = PhraseText.key(row[0])
            numbers[key, default: []].append((value, row[2]))
            longest = max(longest, key.split(separator: " ").count)
            for use in row[2] == "*" ? ["hour", "minute"] : [row[2]] where numberWords[use]?[value] == nil {
                numberWords[use, default: [:]][value] = row[0]
            }
        }
        var cores: [Row] = []
        var frames: [Row] = []
        for fields in pack.table("clock-times") where fields.count >= 3 {
            guard let row = Self.row(fields) else { continue }
            if case .frame = row.meaning { frames.append(row) } else { cores.append(row) }
        }
        self.numbers = numbers
        self.numberWords = numberWords
        longestNumber = longest
        self.cores = cores
        self.frames = frames
        var openers = Set(numbers.keys.compactMap { $0.split(separator: " ").first.map(String.init) })
        for row in cores + frames { if case .word(let word)? = row.tokens.first { openers.insert(word) } }
        self.openers = openers
    }

    /// Whether the language has any way of saying a time.
    var isEmpty: Bool { cores.isEmpty }

    private static func row(_ fields: [String]) -> Row? {
        var tokens: [Token] = []
        var glued: [String] = []
        for piece in fields[0].split(separator: " ") {
            switch piece.lowercased() {
            case "{h}": tokens.append(.hour)
            case "{m}": tokens.append(.minute)
            case let text where text.hasPrefix("{t"):
                tokens.append(.time)
                if let close = text.firstIndex(of: "}") {
                    let inside = text[text.index(after: text.startIndex)..<close]
                    let after = String(text[text.index(after: close)...])
                    if let bar = inside.firstIndex(of: "|") {
                        glued = inside[inside.index(after: bar)...].split(separator: "/").map(String.init)
                    } else if !after.isEmpty {
                        glued = [after]
                    }
                }
            // Text glued to a slot (`{t}에`) is for writing only: no word of input has that shape.
            case let text where text.contains("{"): tokens.append(.word("{"))
            default: tokens += PhraseText.words(String(piece)).map(Token.word)
            }
        }
        let meaning: Meaning
        switch fields[1] {
        case "m": meaning = .slot
        case "-m": meaning = .slotBefore
        case let code where Int(code) != nil: meaning = .minutes(Int(code)!)
        case let code where code.hasPrefix("="):
            let parts = code.dropFirst().split(separator: ":").compactMap { Int($0) }
            guard parts.count == 2 else { return nil }
            meaning = .exact(ClockTime(hour: parts[0], minute: parts[1]))
        case let name: meaning = .frame(name)
        }
        var hours: ClosedRange<Int>?, minutes: ClosedRange<Int>?, framed = false, bare = false, bareMinutes = false
        var opensRange = false
        for condition in fields[2].split(separator: " ") {
            if condition == "framed" { framed = true }
            if condition == "range" { opensRange = true }
            if condition == "bare" { bare = true }
            if condition == "bare-minutes" { bareMinutes = true }
            let pair = condition.split(separator: "=")
            guard pair.count == 2 else { continue }
            let bounds = pair[1].split(separator: "-").compactMap { Int($0) }
            guard let low = bounds.first else { continue }
            let range = low...(bounds.last ?? low)
            if pair[0] == "hour" { hours = range } else if pair[0] == "minute" { minutes = range }
        }
        return Row(tokens: tokens, written: fields[0], meaning: meaning, hours: hours, minutes: minutes, framed: framed,
                   bare: bare, bareMinutes: bareMinutes, opensRange: opensRange, glued: glued)
    }
}

// MARK: Reading

extension ClockTimeForms {
    /// The longest time expression starting at `start` in `words` (normalised), with how
    /// many words it takes; nil when none starts there.
    func expression(in words: [String], at start: Int) -> (length: Int, expression: TimeExpression)? {
        guard start < words.count, !cores.isEmpty,
              openers.contains(words[start]) || words[start].first?.isNumber == true else { return nil }
        var best: (length: Int, expression: TimeExpression)?
        func consider(_ end: Int, _ expression: TimeExpression) {
            if end - start > best?.length ?? 0 { best = (end - start, expression) }
        }
        // The time alone, or inside one frame before it, one after it, or both.
        let before = [(start, nil as String?, false, false, false)] + frames.compactMap { row -> (Int, String?, Bool, Bool, Bool)? in
            guard case .frame(let name) = row.meaning, let slot = row.tokens.firstIndex(of: .time), slot > 0,
                  slot == row.tokens.count - 1, let end = literal(row.tokens[..<slot], in: words, at: start) else { return nil }
            return (end, name, row.bare, row.bareMinutes, row.opensRange)
        }
        for (coreStart, outer, holdsBareTimes, holdsBareMinutes, opensRange) in before {
            for (coreEnd, time, needs, written, named) in coreTimes(in: words, at: coreStart) {
                var afters = [(coreEnd, written)]
                for row in frames {
                    guard case .frame(let name) = row.meaning, row.tokens.first == .time, row.tokens.count > 1,
                          let end = literal(row.tokens.dropFirst(), in: words, at: coreEnd) else { continue }
                    afters.append((end, name))
                }
                // `at nine`, `nine a.m.`; not `it is ten euros`, `about ten minutes`.
                for (end, inner) in afters where inner != nil || needs == .nothing
                    || outer != nil && (needs == .frame && !opensRange || holdsBareTimes && needs != .frame
                                        || holdsBareMinutes && time.minute > 0) {
                    consider(end, TimeExpression(time: time, frames: [inner, outer].compactMap { $0 }, named: named))
                }
            }
            // `아홉 시 반에`: the frame is the ending of the time's last word.
            for row in frames where !row.glued.isEmpty {
                guard case .frame(let name) = row.meaning, coreStart < words.count else { continue }
                for end in (coreStart + 1)...min(words.count, coreStart + 6) {
                    for ending in row.glued where words[end - 1].count > ending.count && words[end - 1].hasSuffix(ending) {
                        var bare = words
                        bare[end - 1] = String(words[end - 1].dropLast(ending.count))
                        for core in coreTimes(in: bare, at: coreStart) where core.end == end {
                            consider(end, TimeExpression(time: core.time, frames: [core.frame, outer, name].compactMap { $0 },
                                                         named: core.named))
                        }
                    }
                }
            }
        }
        return best
    }

    /// Where literal `tokens` end when they match `words` from `start`.
    private func literal(_ tokens: ArraySlice<Token>, in words: [String], at start: Int) -> Int? {
        var index = start
        for token in tokens {
            guard case .word(let word) = token, index < words.count, words[index] == word else { return nil }
            index += 1
        }
        return index
    }

    /// Every time a core row (or a written time, `9:30`, `9am`) reads at `start`.
    /// A time written `9am` brings its own frame (`am`).
    private func coreTimes(in words: [String], at start: Int)
        -> [(end: Int, time: ClockTime, needs: Need, frame: String?, named: Bool)] {
        var found: [(end: Int, time: ClockTime, needs: Need, frame: String?, named: Bool)] = []
        guard start < words.count else { return found }
        if let written = Self.digitTime(words[start]) {
            found.append((start + 1, written.time, .nothing, written.frame, false))
        }
        for row in cores {
            for (end, hour, minute) in matches(row.tokens[...], in: words, at: start, hour: nil, minute: nil) {
                let time: ClockTime
                switch row.meaning {
                case .minutes(let minutes) where minutes >= 0: time = ClockTime(hour: hour ?? 0, minute: minutes)
                case .minutes(let minutes): time = ClockTime(hour: Self.hourBefore(hour ?? 0), minute: 60 + minutes)
                case .slot: time = ClockTime(hour: hour ?? 0, minute: minute ?? 0)
                case .slotBefore: time = ClockTime(hour: Self.hourBefore(hour ?? 0), minute: 60 - (minute ?? 0))
                case .exact(let exact): time = exact
                case .frame: continue
                }
                if let hours = row.hours, !hours.contains(hour ?? -1) { continue }
                if let minutes = row.minutes, !minutes.contains(minute ?? -1) { continue }
                let needs: Need = row.bare ? .bareFrame : row.framed ? .frame : .nothing
                found.append((end, time, needs, nil, row.meaning == .exact(time)))
            }
        }
        return found
    }

    /// What a time read by a row must stand in to count as a time.
    enum Need { case nothing, frame, bareFrame }

    private static func hourBefore(_ hour: Int) -> Int { hour == 1 ? 12 : hour - 1 }

    /// The ways `tokens` match from `start`: a number may be one word or several.
    private func matches(_ tokens: ArraySlice<Token>, in words: [String], at start: Int, hour: Int?, minute: Int?)
        -> [(end: Int, hour: Int?, minute: Int?)] {
        guard let token = tokens.first else { return [(start, hour, minute)] }
        guard start < words.count else { return [] }
        switch token {
        case .word(let word):
            return words[start] == word ? matches(tokens.dropFirst(), in: words, at: start + 1, hour: hour, minute: minute) : []
        case .time:
            return []
        case .hour, .minute:
            let use = token == .hour ? "hour" : "minute"
            var result: [(end: Int, hour: Int?, minute: Int?)] = []
            for (length, value) in number(in: words, at: start, use: use) {
                guard token == .hour ? (1...24).contains(value) : (1...59).contains(value) else { continue }
                result += matches(tokens.dropFirst(), in: words, at: start + length,
                                  hour: token == .hour ? value : hour, minute: token == .minute ? value : minute)
            }
            return result
        }
    }

    /// The numbers for `use` starting at `start`: words from the pack, or digits.
    private func number(in words: [String], at start: Int, use: String) -> [(length: Int, value: Int)] {
        if let value = Int(words[start]), words[start].count <= 2 { return [(1, value)] }
        var result: [(length: Int, value: Int)] = []
        for length in stride(from: min(longestNumber, words.count - start), through: 1, by: -1) {
            let key = length == 1 ? words[start] : words[start..<(start + length)].joined(separator: " ")
            for entry in numbers[key] ?? [] where entry.use == "*" || entry.use == use {
                result.append((length, entry.value))
            }
        }
        return result
    }

    /// `9:30`, `21:15`, `9am`, `9:30pm` written as one word: the clock read from digits.
    static func digitTime(_ word: String) -> (time: ClockTime, frame: String?)? {
        var text = Substring(word)
        var afternoon: Bool?
        for (suffix, pm) in [("a.m", false), ("p.m", true), ("am", false), ("pm", true)] where text.hasSuffix(suffix) {
            afternoon = pm
            text = text.dropLast(suffix.count)
            break
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
              let hour = Int(parts[0]), (0...24).contains(hour), parts[0].count <= 2 else { return nil }
        let minute = parts.count == 2 ? Int(parts[1]) : 0
        guard let minute, (0...59).contains(minute), parts.count == 2 ? parts[1].count == 2 : afternoon != nil else { return nil }
        return (ClockTime(hour: hour, minute: minute), afternoon.map { $0 ? "pm" : "am" })
    }
}
