/// Spelling rules of the target language that word-by-word assembly breaks: Spanish
/// articles agree with their noun (`SpanishArticles`) and `a el` is written `al`, `de el` `del`; English writes the pronoun `I` in capitals.
/// They are applied to the segments themselves, so what is shown, what is spoken and the
/// spoken parts all say the same words.
public enum TargetOrthography {
    /// `segments` with the target language's contractions and capitals restored.
    /// Passed-through words are left exactly as they were said.
    public static func apply(to segments: [TranslationSegment], language: String) -> [TranslationSegment] {
        switch language {
        case "es": return contractingSpanishArticles(SpanishArticles.agreeing(segments))
        case "en": return segments.map(capitalizingEnglishI)
        default: return segments
        }
    }

    /// The same rules on plain text: a phrasebook entry, or a sentence Apertium and the
    /// phrasebook assembled together (`cómo llego a` + `el museo`).
    public static func apply(toText text: String, language: String) -> String {
        switch language {
        case "es": contractedWithin(text)
        case "en": capitalizedI(text)
        default: text
        }
    }

    /// `a el` → `al`, `de el` → `del`, inside a segment and across two: the two segments
    /// become one, since neither word is left on its own.
    static func contractingSpanishArticles(_ segments: [TranslationSegment]) -> [TranslationSegment] {
        var result: [TranslationSegment] = []
        for segment in segments {
            var current = segment
            if current.origin != .passthrough { current = replacing(current, target: contractedWithin(current.target)) }
            if let previous = result.last, previous.origin != .passthrough, current.origin != .passthrough,
               let merged = contractedAcross(previous.target, current.target) {
                result[result.count - 1] = TranslationSegment(source: previous.source + " " + current.source,
                                                              target: merged, origin: previous.origin)
                continue
            }
            result.append(current)
        }
        return result
    }

    private static func contractedWithin(_ text: String) -> String {
        guard text.contains(" el") else { return text }
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index + 1 < words.count {
            if let contraction = contraction(words[index], words[index + 1]) {
                words[index] = contraction
                words.remove(at: index + 1)
            }
            index += 1
        }
        return words.joined(separator: " ")
    }

    private static func contractedAcross(_ left: String, _ right: String) -> String? {
        let lastSpace = left.lastIndex(of: " ").map { left.index(after: $0) } ?? left.startIndex
        let lastWord = String(left[lastSpace...])
        let firstWord = String(right.prefix { $0 != " " })
        guard let contraction = contraction(lastWord, firstWord) else { return nil }
        return String(left[..<lastSpace]) + contraction + String(right.dropFirst(firstWord.count))
    }

    /// The contraction of `a`/`de` followed by the article `el` (not the pronoun `él`).
    private static func contraction(_ first: String, _ second: String) -> String? {
        guard second == "el" else { return nil }
        switch first {
        case "a": return "al"
        case "A": return "Al"
        case "de": return "del"
        case "De": return "Del"
        default: return nil
        }
    }

    private static func capitalizingEnglishI(_ segment: TranslationSegment) -> TranslationSegment {
        guard segment.origin != .passthrough else { return segment }
        return replacing(segment, target: capitalizedI(segment.target))
    }

    /// English phrasebook keys are lower case: their `i` (and `i'm`) becomes `I`, and the
    /// names of nationalities and languages, which English capitalises, get their capital
    /// (`i am american` → `I am American`).
    private static func capitalizedI(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            if word == "i" || word.hasPrefix("i'") { return "I" + word.dropFirst() }
            let bare = word.prefix { $0.isLetter }
            guard !bare.isEmpty, bare.first?.isLowercase == true, englishProperAdjectives.contains(String(bare)) else {
                return String(word)
            }
            return word.prefix(1).uppercased() + word.dropFirst()
        }.joined(separator: " ")
    }

    /// Nationalities and languages, which English writes with a capital.
    static let englishProperAdjectives: Set<String> = [
        "american", "korean", "english", "spanish", "french", "german", "italian", "japanese", "chinese",
        "british", "canadian", "mexican", "australian", "portuguese", "brazilian", "russian", "dutch", "swedish",
        "irish", "scottish", "welsh", "greek", "turkish", "indian", "argentinian", "colombian", "peruvian",
        "chilean", "cuban", "polish", "swiss", "austrian", "belgian", "danish", "norwegian", "finnish",
        "vietnamese", "thai", "arabic", "european", "asian", "african", "latin",
    ]

    private static func replacing(_ segment: TranslationSegment, target: String) -> TranslationSegment {
        target == segment.target ? segment : TranslationSegment(source: segment.source, target: target, origin: segment.origin)
    }
}
