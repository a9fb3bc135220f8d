import Foundation

/// The user's own entries (`parley dict add`) for terms inside a longer line, kept by the
/// neural translator: a model knows nothing of them, so they are put into its output.
enum UserTerms {
    /// One entry found in the source line.
    struct Term: Equatable {
        /// Where it is in the source line, as written.
        let range: Range<String.Index>
        /// Its words as matched (lower case, no punctuation).
        let key: String
        /// The user's translation.
        let target: String
    }

    /// The longest user entries in `text`, left to right, none overlapping; spans of up to
    /// eight words, matched as the dictionary translator matches them.
    static func find(in text: String, tables: [(TranslationOrigin, PhraseTable)], language: String) -> [Term] {
        guard !tables.isEmpty else { return [] }
        // Whitespace-separated tokens, each with its words as dictionaries key them.
        var tokens: [(range: Range<String.Index>, words: [String])] = []
        var start: String.Index?
        for index in text.indices {
            if text[index].isWhitespace {
                if let begun = start { tokens.append((begun..<index, PhraseText.words(String(text[begun..<index])))) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let begun = start { tokens.append((begun..<text.endIndex, PhraseText.words(String(text[begun...])))) }
        var terms: [Term] = []
        var position = 0
        while position < tokens.count {
            var matched = false
            for end in stride(from: min(position + 8, tokens.count), to: position, by: -1) {
                let words = tokens[position..<end].flatMap(\.words)
                guard !words.isEmpty, !tokens[end - 1].words.isEmpty, !tokens[position].words.isEmpty,
                      let found = DictionaryTranslator.lookup(words[...], in: tables, expandingContractionsOf: language)
                else { continue }
                let range = trimmed(tokens[position].range.lowerBound..<tokens[end - 1].range.upperBound, in: text)
                terms.append(Term(range: range, key: words.joined(separator: " "), target: found.target))
                position = end
                matched = true
                break
            }
            if !matched { position += 1 }
        }
        return terms
    }

    /// `translation` of `text` with each term's model rendering replaced by the user's
    /// translation; when a rendering is not found in it, the parts of `text` around the terms
    /// translated one by one (`translate`) with the user's translations between them.
    static func replaced(in translation: String, terms: [Term], text: String,
                         translate: (String) throws -> String) throws -> (text: String, segments: [TranslationSegment]) {
        var places: [(range: Range<String.Index>, term: Term)] = []
        var searchFrom = translation.startIndex
        for term in terms {
            let rendering = String(text[term.range])
            let modelWords = try translate(rendering)
            let bare = String(modelWords[trimmed(modelWords.startIndex..<modelWords.endIndex, in: modelWords)])
            guard !bare.isEmpty, let range = wholeWords(bare, in: translation, from: searchFrom) else {
                return try cut(text, around: terms, translate: translate)
            }
            places.append((range, term))
            searchFrom = range.upperBound
        }
        var segments: [TranslationSegment] = []
        var result = ""
        var position = translation.startIndex
        var sourcePosition = text.startIndex
        for place in places {
            let before = String(translation[position..<place.range.lowerBound])
            let sourceBefore = String(text[sourcePosition..<place.term.range.lowerBound])
            var target = place.term.target
            // A rendering that opened the sentence with a capital keeps it.
            if translation[place.range].first?.isUppercase == true, let first = target.first, first.isLowercase {
                target = first.uppercased() + target.dropFirst()
            }
            result += before + target
            segments.append(TranslationSegment(source: PhraseText.words(sourceBefore).joined(separator: " "),
                                               target: before.trimmingCharacters(in: .whitespaces), origin: .neural))
            segments.append(TranslationSegment(source: place.term.key, target: target, origin: .user))
            position = place.range.upperBound
            sourcePosition = place.term.range.upperBound
        }
        result += translation[position...]
        segments.append(TranslationSegment(source: PhraseText.words(String(text[sourcePosition...])).joined(separator: " "),
                                           target: translation[position...].trimmingCharacters(in: .whitespaces),
                                           origin: .neural))
        return (result, segments.filter { !$0.target.isEmpty })
    }

    /// The parts of `text` around `terms` translated on their own, the terms by the user's entries.
    private static func cut(_ text: String, around terms: [Term],
                            translate: (String) throws -> String) throws -> (text: String, segments: [TranslationSegment]) {
        var segments: [TranslationSegment] = []
        var position = text.startIndex
        func part(until end: String.Index) throws {
            let piece = text[position..<end].trimmingCharacters(in: .whitespaces)
            guard piece.contains(where: { $0.isLetter || $0.isNumber }) else { return }
            segments.append(TranslationSegment(source: PhraseText.words(piece).joined(separator: " "),
                                               target: try translate(piece), origin: .neural))
        }
        for term in terms {
            try part(until: term.range.lowerBound)
            segments.append(TranslationSegment(source: term.key, target: term.target, origin: .user))
            position = term.range.upperBound
        }
        try part(until: text.endIndex)
        return (segments.map(\.target).filter { !$0.isEmpty }.joined(separator: " "), segments)
    }

    /// `range` of `text` without the punctuation at its edges.
    private static func trimmed(_ range: Range<String.Index>, in text: String) -> Range<String.Index> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, PhraseText.edgePunctuation.contains(text[lower]) || text[lower].isWhitespace {
            lower = text.index(after: lower)
        }
        while upper > lower {
            let last = text[text.index(before: upper)]
            guard PhraseText.edgePunctuation.contains(last) || last.isWhitespace else { break }
            upper = text.index(before: upper)
        }
        return lower..<upper
    }

    /// The first occurrence of `words` in `text` at or after `start` that begins and ends at
    /// word boundaries, ignoring case.
    private static func wholeWords(_ words: String, in text: String, from start: String.Index) -> Range<String.Index>? {
        var searchStart = start
        while let range = text.range(of: words, options: .caseInsensitive, range: searchStart..<text.endIndex) {
            let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : " "
            let after = range.upperBound < text.endIndex ? text[range.upperBound] : " "
            if !before.isLetter, !before.isNumber, !after.isLetter, !after.isNumber { return range }
            searchStart = text.index(after: range.lowerBound)
        }
        return nil
    }
}
