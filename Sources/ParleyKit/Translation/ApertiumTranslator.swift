import Foundation
import Synchronization

/// Translates with Apertium, rule-based machine translation (Debian's `apertium-eng-spa`
/// and other pairs). One long-lived pipeline per direction, started on first use. Exact
/// whole-utterance matches in the user's entries and the phrasebooks still win.
public final class ApertiumTranslator: Translating {
    public let name = "apertium"
    /// The folder of Apertium's `.mode` files.
    public let modesFolder: URL
    private let library: DictionaryLibrary?
    private let pipelines = Mutex<[String: ApertiumPipeline]>([:])

    /// A translator over the modes in `modesFolder` (Debian: `/usr/share/apertium/modes`),
    /// letting `library`'s user entries and phrasebooks win for exact matches.
    public init(modesFolder: URL = URL(fileURLWithPath: "/usr/share/apertium/modes"),
                library: DictionaryLibrary? = nil) {
        self.modesFolder = modesFolder
        self.library = library
    }

    /// The running pipelines' process ids by mode, so callers can see one process serve many calls.
    var processIdentifiers: [String: Int32] {
        pipelines.withLock { $0.compactMapValues(\.processIdentifier) }
    }

    /// The installed modes (`eng-spa`, `spa-eng`).
    public func installedModes() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: modesFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".mode") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The mode that translates `pair`: ISO 639-3 names first (`eng-spa`), then two-letter ones.
    public func mode(for pair: LanguagePair) -> String? {
        func alpha3(_ code: String) -> String { Locale.LanguageCode(code).identifier(.alpha3) ?? code }
        let installed = Set(installedModes())
        return ["\(alpha3(pair.source))-\(alpha3(pair.target))", "\(pair.source)-\(pair.target)"]
            .first { installed.contains($0) }
    }

    public func translate(_ text: String, from source: LocaleTag, to target: LocaleTag) throws -> Translation {
        let pair = LanguagePair(source, target)
        let words = PhraseText.words(text)
        let mood = SentenceStyle.mood(of: text, language: source.language)
        if let exact = exactPhrase(words, pair: pair) {
            return Translation(sourceText: text, source: source, target: target,
                               text: SentenceStyle.sentence(exact.target, mood: mood, language: target.language),
                               segments: [TranslationSegment(source: words.joined(separator: " "),
                                                             target: exact.target, origin: exact.origin)])
        }
        guard !words.isEmpty else {
            return Translation(sourceText: text, source: source, target: target, text: "", segments: [])
        }
        let output = try pipeline(for: pair).translate(Self.prepared(text, language: source.language))
        let segments = Self.segments(source: words, output: output)
        func styled(marking: Bool) -> String {
            let body = segments.map { marking && $0.origin == .passthrough ? "[\($0.target)]" : $0.target }
                .joined(separator: " ")
            return SentenceStyle.sentence(body, mood: mood, language: target.language)
        }
        return Translation(sourceText: text, source: source, target: target, text: styled(marking: false),
                           markedText: styled(marking: true), segments: segments)
    }

    /// Splits Apertium's output at the words it marked unknown (`*xyzzy`): those pass
    /// through; the runs between them are engine segments aligned with the source runs
    /// between the same words.
    static func segments(source: [String], output: String) -> [TranslationSegment] {
        var segments: [TranslationSegment] = []
        var run: [String] = []
        var sourceIndex = 0
        func closeRun(until unknown: String?) {
            var sourceRun: [String] = []
            while sourceIndex < source.count, source[sourceIndex] != unknown?.lowercased() {
                sourceRun.append(source[sourceIndex])
                sourceIndex += 1
            }
            if !run.isEmpty {
                segments.append(TranslationSegment(source: sourceRun.joined(separator: " "),
                                                   target: run.joined(separator: " "), origin: .engine))
            }
            run = []
        }
        for token in output.split(separator: " ") {
            if token.hasPrefix("#") {
                // Translated, but the generator could not inflect it: still the engine's word.
                run.append(String(token.dropFirst()))
            } else if token.hasPrefix("*") || token.hasPrefix("@") {
                var word = String(token.dropFirst())
                var trailing = ""
                while let last = word.last, PhraseText.edgePunctuation.contains(last) {
                    trailing = String(last) + trailing
                    word.removeLast()
                }
                closeRun(until: word)
                if sourceIndex < source.count { sourceIndex += 1 }
                segments.append(TranslationSegment(source: word.lowercased(), target: word + trailing,
                    origin: PhraseText.isNumber(word) ? .number : .passthrough))
            } else {
                run.append(String(token))
            }
        }
        closeRun(until: nil)
        return segments
    }

    /// Recognised English arrives as lower-case "i", which Apertium's analyser does not
    /// take for the pronoun.
    static func prepared(_ text: String, language: String) -> String {
        guard language == "en" else { return text }
        return text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            word == "i" || word.hasPrefix("i'") ? "I" + word.dropFirst() : String(word)
        }.joined(separator: " ")
    }

    private func exactPhrase(_ words: [String], pair: LanguagePair) -> (target: String, origin: TranslationOrigin)? {
        guard let library else { return nil }
        let preferred = library.tables(for: pair).filter { $0.0 == .user || $0.0 == .phrasebook }
        return DictionaryTranslator.lookup(words[...], in: preferred)
    }

    private func pipeline(for pair: LanguagePair) throws -> ApertiumPipeline {
        guard let mode = mode(for: pair) else {
            let installed = installedModes()
            throw ParleyError(.translation,
                "Apertium cannot translate \(pair): installed modes are "
                + (installed.isEmpty ? "none (apt-get install apertium-eng-spa)" : installed.joined(separator: ", "))
                + ". Install the pair's package (apertium-xxx-yyy) or use --translator dictionary.")
        }
        return try pipelines.withLock { pipelines in
            if let running = pipelines[mode] { return running }
            let started = try ApertiumPipeline(modeFile: modesFolder.appendingPathComponent("\(mode).mode"))
            pipelines[mode] = started
            return started
        }
    }
}
