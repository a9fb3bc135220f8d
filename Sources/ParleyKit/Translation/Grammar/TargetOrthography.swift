/// Spelling rules of the target language that word-by-word assembly breaks: articles agree
/// with their noun (`SpanishArticles`, for a pack whose `features.txt` says
/// `article-agreement`; made per direction with its rules, as it asks the analyser), a contraction's full form is written contracted (`a el` → `al`,
/// `de el` → `del`, from `contractions.tsv` when the features say `writes-contractions`),
/// and some words are written with a capital (English `I`, `American`:
/// `capitalised-pronouns.txt` and `capitalised.txt`).
/// They are applied to the segments themselves, so what is shown, what is spoken and the
/// spoken parts all say the same words.
public enum TargetOrthography {
    /// One language's rules, read from its pack.
    struct Rules: Sendable {
        /// Contractions to write, by the full form's second word and then its first
        /// (`el` → `a` → `al`).
        let contractions: [String: [String: String]]
        /// The second words of the contractions, each after a space: a cheap test first.
        let contractionMarkers: [String]
        /// Pronouns written with a capital, alone or contracted (`i`, `i'm`).
        let capitalisedPronouns: Set<String>
        /// Each capitalised pronoun with an apostrophe, the start of its contractions (`i'`).
        let contractedPronouns: [String]
        /// Words written with a capital (nationalities and languages, in English).
        let capitalised: Set<String>

        init(pack: LanguagePack) {
            var contractions: [String: [String: String]] = [:]
            if pack.has("writes-contractions") {
                for row in pack.table("contractions") {
                    let full = row[1].split(separator: " ").map(String.init)
                    guard full.count == 2, contractions[full[1]]?[full[0]] == nil else { continue }
                    contractions[full[1], default: [:]][full[0]] = row[0]
                }
            }
            self.contractions = contractions
            contractionMarkers = contractions.keys.sorted().map { " " + $0 }
            capitalisedPronouns = pack.words("capitalised-pronouns")
            contractedPronouns = capitalisedPronouns.sorted().map { $0 + "'" }
            capitalised = pack.words("capitalised")
        }

        var capitalises: Bool { !capitalisedPronouns.isEmpty || !capitalised.isEmpty }
    }

    /// The rules of every installed language, read once.
    static let byLanguage: [String: Rules] = LanguagePack.perInstalledLanguage(Rules.init(pack:))

    /// `segments` with the target language's agreement (`articles`, the direction's), contractions
    /// and capitals restored. Passed-through words are left exactly as they were said.
    static func apply(to segments: [TranslationSegment], language: String, articles: SpanishArticles?) -> [TranslationSegment] {
        guard let rules = byLanguage[language] else { return segments }
        var result = segments
        if let articles { result = articles.agreeing(result) }
        if !rules.contractions.isEmpty { result = contracting(result, rules) }
        if rules.capitalises { result = result.map { capitalizing($0, rules) } }
        return result
    }

    /// The same rules on plain text: a phrasebook entry, or a sentence Apertium and the
    /// phrasebook assembled together (`cómo llego a` + `el museo`).
    public static func apply(toText text: String, language: String) -> String {
        guard let rules = byLanguage[language] else { return text }
        var result = text
        if !rules.contractions.isEmpty { result = contractedWithin(result, rules) }
        if rules.capitalises { result = capitalized(result, rules) }
        return result
    }

    /// `a el` → `al`, `de el` → `del`, inside a segment and across two: the two segments
    /// become one, since neither word is left on its own.
    static func contracting(_ segments: [TranslationSegment], _ rules: Rules) -> [TranslationSegment] {
        var result: [TranslationSegment] = []
        for segment in segments {
            var current = segment
            if current.origin != .passthrough { current = replacing(current, target: contractedWithin(current.target, rules)) }
            if let previous = result.last, previous.origin != .passthrough, current.origin != .passthrough,
               let merged = contractedAcross(previous.target, current.target, rules) {
                result[result.count - 1] = TranslationSegment(source: previous.source + " " + current.source,
                                                              target: merged, origin: previous.origin)
                continue
            }
            result.append(current)
        }
        return result
    }

    private static func contractedWithin(_ text: String, _ rules: Rules) -> String {
        guard rules.contractionMarkers.contains(where: { text.contains($0) }) else { return text }
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index + 1 < words.count {
            if let contraction = contraction(words[index], words[index + 1], rules) {
                words[index] = contraction
                words.remove(at: index + 1)
            }
            index += 1
        }
        return words.joined(separator: " ")
    }

    private static func contractedAcross(_ left: String, _ right: String, _ rules: Rules) -> String? {
        let lastSpace = left.lastIndex(of: " ").map { left.index(after: $0) } ?? left.startIndex
        let lastWord = String(left[lastSpace...])
        let firstWord = String(right.prefix { $0 != " " })
        guard let contraction = contraction(lastWord, firstWord, rules) else { return nil }
        return String(left[..<lastSpace]) + contraction + String(right.dropFirst(firstWord.count))
    }

    /// The contraction of two words (`a el`, `De el`: a capital stays), matched exactly
    /// (`el` the article, not the pronoun `él`).
    private static func contraction(_ first: String, _ second: String, _ rules: Rules) -> String? {
        guard let firsts = rules.contractions[second] else { return nil }
        if let contraction = firsts[first] { return contraction }
        let lowered = first.prefix(1).lowercased() + first.dropFirst()
        guard lowered != first, let contraction = firsts[lowered] else { return nil }
        return contraction.prefix(1).uppercased() + contraction.dropFirst()
    }

    private static func capitalizing(_ segment: TranslationSegment, _ rules: Rules) -> TranslationSegment {
        guard segment.origin != .passthrough else { return segment }
        return replacing(segment, target: capitalized(segment.target, rules))
    }

    /// Phrasebook keys are lower case: English `i` (and `i'm`) becomes `I`, and the names of
    /// nationalities and languages, which English capitalises, get their capital
    /// (`i am american` → `I am American`).
    private static func capitalized(_ text: String, _ rules: Rules) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            if rules.capitalisedPronouns.contains(String(word))
                || rules.contractedPronouns.contains(where: { word.hasPrefix($0) }) {
                return word.prefix(1).uppercased() + word.dropFirst()
            }
            let bare = word.prefix { $0.isLetter }
            guard !bare.isEmpty, bare.first?.isLowercase == true, rules.capitalised.contains(String(bare)) else {
                return String(word)
            }
            return word.prefix(1).uppercased() + word.dropFirst()
        }.joined(separator: " ")
    }

    private static func replacing(_ segment: TranslationSegment, target: String) -> TranslationSegment {
        target == segment.target ? segment : TranslationSegment(source: segment.source, target: target, origin: segment.origin)
    }
}
