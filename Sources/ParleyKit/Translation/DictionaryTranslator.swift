/// Translates with the dictionary layers, matching the way speech arrives: the whole
/// utterance first, then the longest phrase at each position, then single words.
/// Numbers are carried over; unknown words are kept and marked as passed through.
public struct DictionaryTranslator: Translating {
    public let name = "dictionary"
    /// The dictionaries translated from.
    public let library: DictionaryLibrary

    /// A translator over `library`.
    public init(library: DictionaryLibrary) {
        self.library = library
    }

    public func translate(_ text: String, from source: LocaleTag, to target: LocaleTag) throws -> Translation {
        let pair = LanguagePair(source, target)
        let tables = library.tables(for: pair)
        guard !tables.isEmpty else { throw missingPair(pair) }
        let words = PhraseText.words(text)
        let mood = SentenceStyle.mood(of: text, words: words, language: source.language)

        if let whole = Self.lookup(words[...], in: tables, joiningWithoutSpaces: Self.spacesAreLoose(source)) {
            let segment = TranslationSegment(source: words.joined(separator: " "), target: whole.target,
                                             origin: whole.origin)
            let styled = SentenceStyle.sentence(whole.target, mood: mood, language: target.language)
            return Translation(sourceText: text, source: source, target: target, text: styled, segments: [segment])
        }
        let segments = Self.segments(of: words, using: tables, joiningWithoutSpaces: Self.spacesAreLoose(source))
        func body(marking: Bool) -> String {
            segments.map { segment in
                switch segment.origin {
                case .passthrough: marking ? "[\(segment.target)]" : segment.target
                case .number: segment.target
                default: SentenceStyle.embedded(segment.target)
                }
            }.joined(separator: " ")
        }
        func styled(_ body: String) -> String {
            SentenceStyle.sentence(body, mood: mood, language: target.language)
        }
        let plain = styled(body(marking: false))
        let hasUnknown = segments.contains { $0.origin == .passthrough }
        return Translation(sourceText: text, source: source, target: target, text: plain,
                           markedText: hasUnknown ? styled(body(marking: true)) : plain, segments: segments)
    }

    /// Greedy longest match, left to right; at equal length the higher layer wins.
    /// Languages whose recognisers split words differently from their writing (Vosk's
    /// Korean model hears 얼마예요 as "얼마 예요"): a span is also looked up without spaces.
    static func spacesAreLoose(_ locale: LocaleTag) -> Bool {
        ["ko", "ja", "zh"].contains(locale.language)
    }

    static func segments(of words: [String], using tables: [(TranslationOrigin, PhraseTable)],
                         joiningWithoutSpaces: Bool = false) -> [TranslationSegment] {
        var segments: [TranslationSegment] = []
        var start = 0
        while start < words.count {
            var matched = false
            let longest = tables.map { $0.1.longestPhrase(startingWith: words[start]) }.max() ?? 1
            for length in stride(from: min(longest, words.count - start), through: 1, by: -1) {
                let span = words[start..<(start + length)]
                if let found = lookup(span, in: tables, joiningWithoutSpaces: joiningWithoutSpaces) {
                    segments.append(TranslationSegment(source: span.joined(separator: " "),
                                                       target: found.target, origin: found.origin))
                    start += length
                    matched = true
                    break
                }
            }
            if !matched {
                let word = words[start]
                segments.append(TranslationSegment(source: word, target: word,
                    origin: PhraseText.isNumber(word) ? .number : .passthrough))
                start += 1
            }
        }
        return segments
    }

    static func lookup(_ span: ArraySlice<String>, in tables: [(TranslationOrigin, PhraseTable)],
                       joiningWithoutSpaces: Bool = false) -> (target: String, origin: TranslationOrigin)? {
        guard let firstWord = span.first else { return nil }
        let key = span.count == 1 ? firstWord : span.joined(separator: " ")
        for (origin, table) in tables {
            if let target = table[key] { return (target, origin) }
        }
        guard joiningWithoutSpaces, span.count > 1 else { return nil }
        let compact = span.joined()
        for (origin, table) in tables {
            if let target = table[compact] { return (target, origin) }
        }
        return nil
    }

    private func missingPair(_ pair: LanguagePair) -> ParleyError {
        let available = library.availablePairs().keys.sorted().map(\.description)
        let list = available.isEmpty ? "none" : available.joined(separator: ", ")
        return ParleyError(.translation,
            "No dictionary for \(pair). Available: \(list). Add entries with "
            + "`parley dict add \(pair.source) \(pair.target) PHRASE TRANSLATION`, or import one with "
            + "`parley dict import FILE.index`.")
    }
}
