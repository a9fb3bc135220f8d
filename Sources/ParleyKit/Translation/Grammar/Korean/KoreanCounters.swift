/// Korean counts a noun with a counter after it: `two coffees` is `커피 두 잔`, `three
/// tickets` `표 세 장`, `two friends` `친구 두 명`. Assembled word by word, the number came out
/// as the bare native numeral before the noun (`둘 커피`), which no one says.
///
/// Where a number the target pack's `counted-numbers.tsv` knows stands right before a
/// translated noun, the two become one segment: the noun, the number's form before a
/// counter, and the noun's counter from `counters.tsv` (`-` for a noun that is its own unit:
/// `두 시간`).
struct KoreanCounters: SegmentRule {
    /// Each number's form before a counter, each noun's counter, the predicate endings.
    let numbers: [String: String]
    let counters: [String: String]
    let endings: Set<String>
    /// The amounts the direction reads and writes (Sino-Korean numbers).
    let amounts: Amounts?

    /// The rule of the target's pack, or nil when it has no counters.
    static func make(for context: TranslationContext) -> KoreanCounters? {
        let pack = context.target
        let numbers = pack.map("counted-numbers")
        let counters = pack.map("counters")
        guard !numbers.isEmpty, !counters.isEmpty else { return nil }
        return KoreanCounters(numbers: numbers, counters: counters, endings: pack.words("predicate-endings"),
                              amounts: Amounts.between(context.source, context.target))
    }

    /// `segments` with each counted noun said with its number and counter. A noun whose
    /// counter is `sino` is a unit counted in Sino-Korean numerals (`twenty percent` → `이십
    /// 퍼센트`, `ten euros` → `십 유로`), the number read from the source by `Amounts`.
    func apply(to segments: [TranslationSegment]) -> [TranslationSegment] {
        guard segments.count > 1 else { return segments }
        var result: [TranslationSegment] = []
        var index = 0
        while index < segments.count {
            let segment = segments[index]
            if index + 1 < segments.count, segment.origin != .passthrough, let number = numbers[segment.target],
               case let noun = segments[index + 1], noun.origin != .passthrough, noun.origin != .number,
               !noun.target.contains(" "), let last = noun.target.last, !endings.contains(String(last)),
               let counter = counters[noun.target] ?? counters["*"],
               let counted = Self.counted(noun.target, number: number, counter: counter,
                                          saidAs: segment.source, amounts: amounts) {
                result.append(TranslationSegment(source: segment.source + " " + noun.source, target: counted, origin: noun.origin))
                index += 2
                continue
            }
            result.append(segment)
            index += 1
        }
        return result
    }

    /// `noun` with its number (`number`, the form before a counter; a unit counted in
    /// Sino-Korean numerals takes the number `saidAs` in the source instead) and counter;
    /// nil when a Sino-Korean number cannot be read or written.
    private static func counted(_ noun: String, number: String, counter: String, saidAs: String,
                                amounts: Amounts?) -> String? {
        switch counter {
        case "sino":
            guard let amounts,
                  let value = amounts.value(of: saidAs.split(separator: " ").map(String.init)),
                  let written = amounts.written(value) else { return nil }
            return "\(written) \(noun)"
        case "-": return "\(number) \(noun)"
        default: return "\(noun) \(number) \(counter)"
        }
    }

}

/// A pattern's template filled in (`저는 {X} 살이에요`) with each number the target pack
/// knows said in its form before a counter, where a counter word opens the next word
/// (`스물 살이에요` → `스무 살이에요`, `둘 잔` → `두 잔`). The counters are `counters.tsv`'s
/// and `counter-words.txt`'s (`살`, which counts no noun of its own).
struct KoreanCountedNumbers: TranslationRule {
    static let stages: Set<TranslationStage> = [.filledTemplate]

    let numbers: [String: String]
    let counters: Set<String>

    /// The rule of the target's pack, or nil when it has no counted numbers.
    static func make(for context: TranslationContext) -> KoreanCountedNumbers? {
        let pack = context.target
        let numbers = pack.map("counted-numbers")
        guard !numbers.isEmpty else { return nil }
        return KoreanCountedNumbers(numbers: numbers,
                                    counters: Set(pack.map("counters").values).union(pack.words("counter-words")).subtracting(["-", "*"]))
    }

    func apply(to text: String, facts: SentenceFacts) -> String {
        var tokens = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for index in tokens.indices.dropLast() {
            guard let form = numbers[tokens[index]], counters.contains(where: { tokens[index + 1].hasPrefix($0) }) else { continue }
            tokens[index] = form
        }
        return tokens.joined(separator: " ")
    }
}
