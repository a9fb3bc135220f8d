import Foundation

/// Where a piece of a translation came from.
public enum TranslationOrigin: String, Sendable, Equatable, Codable, CaseIterable {
    /// The user's own entries (`parley dict add`).
    case user
    /// A phrasebook shipped in `dictionaries/`.
    case phrasebook
    /// An imported bilingual dictionary (FreeDict).
    case dictionary
    /// A machine-translation engine (Apertium).
    case engine
    /// A neural translation model (Marian / Opus-MT through ONNX Runtime).
    case neural
    /// A number, carried over unchanged.
    case number
    /// Not found anywhere: kept as it was and marked.
    case passthrough
    /// Dictation: the words as heard, spoken back untranslated.
    case dictation
}

/// One source span and the target text it became.
public struct TranslationSegment: Sendable, Equatable, Codable {
    /// The source words this segment covers, as matched (lower case, no punctuation).
    public let source: String
    /// The target text for them.
    public let target: String
    /// Where the target text came from.
    public let origin: TranslationOrigin

    /// Creates a segment.
    public init(source: String, target: String, origin: TranslationOrigin) {
        self.source = source
        self.target = target
        self.origin = origin
    }
}

/// A finished translation: the text to show and speak, and how it was assembled.
public struct Translation: Sendable, Equatable {
    /// The text that was translated.
    public let sourceText: String
    /// The source locale.
    public let source: LocaleTag
    /// The target locale.
    public let target: LocaleTag
    /// The translation, with sentence case and punctuation restored: what is spoken.
    public let text: String
    /// The same text with each passed-through word in brackets (`[xyzzy]`): what is shown.
    public let markedText: String
    /// The pieces, in source order.
    public let segments: [TranslationSegment]

    /// Creates a translation.
    public init(sourceText: String, source: LocaleTag, target: LocaleTag, text: String,
                markedText: String? = nil, segments: [TranslationSegment]) {
        self.sourceText = sourceText
        self.source = source
        self.target = target
        self.text = text
        self.markedText = markedText ?? text
        self.segments = segments
    }

    /// A translation made of `segments` joined by spaces and styled as one sentence of
    /// `mood` in the language of `targetPack`; the shown text brackets the passed-through words.
    init(sourceText: String, source: LocaleTag, target: LocaleTag, segments: [TranslationSegment],
         mood: SentenceStyle.Mood, targetPack: LanguagePack) {
        func styled(marking: Bool) -> String {
            let body = segments.map { marking && $0.origin == .passthrough ? "[\($0.target)]" : $0.target }
            return SentenceStyle.sentence(body.joined(separator: " "), mood: mood, pack: targetPack)
        }
        let plain = styled(marking: false)
        let hasUnknown = segments.contains { $0.origin == .passthrough }
        self.init(sourceText: sourceText, source: source, target: target, text: plain,
                  markedText: hasUnknown ? styled(marking: true) : plain, segments: segments)
    }

    /// The words that were not found anywhere and were passed through.
    public var unknownWords: [String] {
        segments.filter { $0.origin == .passthrough }.map(\.source)
    }
}

/// Turns text in one locale into text in another. Implementations are synchronous and
/// may block (an engine process); callers run them off the Swift concurrency pool.
public protocol Translating: Sendable {
    /// A short name for listings (`dictionary`, `apertium`).
    var name: String { get }
    /// Translates `text` from `source` to `target`; throws a `.translation` error that
    /// says which pairs exist when the pair is not available.
    func translate(_ text: String, from source: LocaleTag, to target: LocaleTag) throws -> Translation
    /// Gets ready to translate from `source` to `target` without blocking (an engine starts
    /// in the background), so the first turn does not wait for it.
    func prepare(from source: LocaleTag, to target: LocaleTag)
    /// What serves the direction, for `:languages` and `doctor` (`apertium eng-spa`,
    /// `dictionary`); nil when nothing does.
    func engine(from source: LocaleTag, to target: LocaleTag) -> String?
    /// Stops a translation in progress on another thread (Ctrl-C): it throws an
    /// `.interrupted` error. Does nothing when none is in progress.
    func cancel()
    /// Whether `text`, said on `speaker`'s turn, is clearly in `listener`'s language instead
    /// (see `LanguageDetector`); translators with dictionaries also weigh which side's
    /// dictionaries know each word.
    func isClearly(_ listener: LocaleTag, not speaker: LocaleTag, text: String) -> Bool
    /// Why the direction cannot be translated (with what is installed and what to do), or
    /// nil when it can.
    func unavailableReason(from source: LocaleTag, to target: LocaleTag) -> ParleyError?
    /// Where the translator finds each language's pack: what is made with it (the turn
    /// cues, a sentence styled outside a translation) reads the same packs.
    var packs: LanguagePacks { get }
}

extension Translating {
    /// Translators without a library of their own read the shipped packs.
    public var packs: LanguagePacks { LanguagePacks() }
    /// Translators with nothing to start have nothing to prepare.
    public func prepare(from source: LocaleTag, to target: LocaleTag) {}
    /// Translators that answer at once have nothing to stop.
    public func cancel() {}
    /// A direction no engine serves, said in general terms.
    public func unavailableReason(from source: LocaleTag, to target: LocaleTag) -> ParleyError? {
        guard engine(from: source, to: target) == nil else { return nil }
        return ParleyError(.translation, .pairUnavailable,
                           "The \(name) translator cannot translate \(LanguagePair(source, target)).")
    }

    /// Translators without dictionaries weigh letters and the shipped packs' common words only.
    public func isClearly(_ listener: LocaleTag, not speaker: LocaleTag, text: String) -> Bool {
        LanguageDetector.isClearly(listener.language, not: speaker.language, text: text, packs: LanguagePacks())
    }
}

/// One run of a translation as it is spoken: in the listener's voice, or, for words no
/// dictionary or engine knew, in the speaker's own voice, so the listener hears the
/// original word the way it is said rather than misread by the other language's voice.
public struct SpokenPart: Sendable, Equatable {
    /// The words of this run.
    public let text: String
    /// The locale whose voice speaks them.
    public let locale: LocaleTag

    /// A run of `text` spoken in `locale`'s voice.
    public init(text: String, locale: LocaleTag) {
        self.text = text
        self.locale = locale
    }
}

extension Translation {
    /// What the listener hears, in order: runs of translated text in the target locale's
    /// voice and runs of passed-through words in the source locale's voice. Joined, the
    /// parts say `text` itself, without any markup: its capitals, its commas and its `¿…?`,
    /// so a sentence with an unknown word is still said as a question. Punctuation after a
    /// passed-through word goes with it.
    public var spokenParts: [SpokenPart] {
        guard segments.contains(where: { $0.origin == .passthrough }) else {
            return text.isEmpty ? [] : [SpokenPart(text: text, locale: target)]
        }
        return partsOfText() ?? partsOfSegments()
    }

    /// `text` cut around each passed-through word, found in order; nil when one is not there.
    private func partsOfText() -> [SpokenPart]? {
        var pieces: [(text: Substring, locale: LocaleTag)] = []
        var position = text.startIndex
        for segment in segments where segment.origin == .passthrough {
            var word = Substring(segment.target)
            while let first = word.first, first.isWhitespace || PhraseText.edgePunctuation.contains(first) { word = word.dropFirst() }
            while let last = word.last, last.isWhitespace || PhraseText.edgePunctuation.contains(last) { word = word.dropLast() }
            guard !word.isEmpty, let range = wholeWord(word, in: text, from: position) else { return nil }
            pieces.append((text[position..<range.lowerBound], target))
            pieces.append((text[range], source))
            position = range.upperBound
        }
        pieces.append((text[position...], target))
        var parts: [SpokenPart] = []
        var gap = false
        for piece in pieces {
            var rest = piece.text
            // Marks that close what came before (`, ` `?` after an unknown word) are said with it.
            let closing = rest.prefix { !$0.isLetter && !$0.isNumber && !"¿¡\"“«(".contains($0) }
            if !parts.isEmpty, closing.contains(where: { !$0.isWhitespace }) {
                let marks = closing.trimmingCharacters(in: .whitespaces)
                let last = parts[parts.count - 1]
                parts[parts.count - 1] = SpokenPart(text: last.text + marks, locale: last.locale)
                gap = gap || closing.last?.isWhitespace == true
                rest = rest.dropFirst(closing.count)
            }
            let trimmed = rest.trimmingCharacters(in: .whitespaces)
            let spaced = gap || rest.first?.isWhitespace == true
            gap = rest.last?.isWhitespace == true || (trimmed.isEmpty && spaced)
            guard !trimmed.isEmpty else { continue }
            if let last = parts.last, last.locale == piece.locale {
                parts[parts.count - 1] = SpokenPart(text: last.text + (spaced ? " " : "") + trimmed, locale: last.locale)
            } else {
                parts.append(SpokenPart(text: trimmed, locale: piece.locale))
            }
        }
        return parts
    }

    /// The first occurrence of `word` in `text` at or after `start` that is a whole word.
    private func wholeWord(_ word: Substring, in text: String, from start: String.Index) -> Range<String.Index>? {
        var searchStart = start
        while let range = text.range(of: word, options: .caseInsensitive, range: searchStart..<text.endIndex) {
            let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : " "
            let after = range.upperBound < text.endIndex ? text[range.upperBound] : " "
            if !before.isLetter, !after.isLetter { return range }
            searchStart = text.index(after: range.lowerBound)
        }
        return nil
    }

    /// The parts from the segments alone, when the text cannot be cut (its words were changed).
    private func partsOfSegments() -> [SpokenPart] {
        var parts: [SpokenPart] = []
        for segment in segments {
            let locale = segment.origin == .passthrough ? source : target
            if let last = parts.last, last.locale == locale {
                parts[parts.count - 1] = SpokenPart(text: last.text + " " + segment.target, locale: locale)
            } else {
                parts.append(SpokenPart(text: segment.target, locale: locale))
            }
        }
        return parts
    }
}
