/// English puts `to`, `at`, `from` before a noun; Korean marks the same thing with a
/// particle after it (`to the airport` → `공항에`, `from the hotel` → `호텔에서`). Passed
/// through, the preposition is a stray English word; attached, it is correct Korean.
public enum KoreanPostpositions {
    /// English prepositions and the particle each becomes.
    static let particles: [String: String] = [
        "to": "에", "in": "에", "on": "에", "into": "에", "at": "에서", "from": "에서",
    ]

    /// `segments` (English → Korean) with each untranslated preposition turned into a
    /// particle on the noun after it, when that noun is one Korean word and not a verb
    /// or sentence (which end in `요` or `다`).
    public static func apply(to segments: [TranslationSegment], from source: String, to target: String)
        -> [TranslationSegment] {
        guard source == "en", target == "ko" else { return segments }
        var result: [TranslationSegment] = []
        var index = 0
        while index < segments.count {
            let segment = segments[index]
            if segment.origin == .passthrough, let particle = particles[segment.source], index + 1 < segments.count {
                let noun = segments[index + 1]
                if noun.origin != .passthrough, noun.origin != .number, !noun.target.contains(" "),
                   let last = noun.target.last, last != "요", last != "다", last != "?", last.isLetter {
                    result.append(TranslationSegment(source: segment.source + " " + noun.source,
                                                     target: noun.target + particle, origin: noun.origin))
                    index += 2
                    continue
                }
            }
            result.append(segment)
            index += 1
        }
        return result
    }
}
