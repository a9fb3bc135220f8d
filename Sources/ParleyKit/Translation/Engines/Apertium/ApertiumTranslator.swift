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
    /// The library's language packs (the shipped ones without a library).
    public var packs: LanguagePacks { library?.packs ?? LanguagePacks() }
    private let pipelines = Mutex<[String: ApertiumPipeline]>([:])
    /// The translation rules of each direction, built on its first sentence.
    private let rules: TranslationRules.Cache
    /// The engine's translations of phrasebook phrases alone, asked once each.
    private let renderings = PhraseRenderings()
    /// The mode found for each direction: asked on every turn, and a mode installed stays
    /// installed while parley runs (a newly installed pair is found on its first use).
    private let foundModes = Mutex<[LanguagePair: String]>([:])
    /// Translations in progress, and whether Ctrl-C has asked them to stop: one utterance
    /// may take several requests, and a cancel between two of them must stop the rest.
    private let calls = Mutex<(running: Int, cancelled: Bool)>((0, false))

    /// A translator over the modes in `modesFolder` (Debian: `/usr/share/apertium/modes`),
    /// letting `library`'s user entries and phrasebooks win for exact matches; its rules ask
    /// the library's morphology about words (lt-proc's without a library).
    public init(modesFolder: URL = defaultModesFolder, library: DictionaryLibrary? = nil,
                timeLimit: Duration = .seconds(5)) {
        self.modesFolder = modesFolder
        self.library = library
        self.timeLimit = timeLimit
        // Apertium's corrections are shipped beside the phrasebooks.
        rules = TranslationRules.Cache(engineCorrections: library?.layers.first { $0.origin == .phrasebook }?.folder,
                                       morphology: library?.morphology ?? LttoolboxMorphology(),
                                       packs: library?.packs ?? LanguagePacks())
    }

    /// Where Debian's `apertium-*` packages install their modes.
    public static let defaultModesFolder = URL(fileURLWithPath: "/usr/share/apertium/modes")
    /// How long one request to a pipeline may take before the pipeline is killed.
    public let timeLimit: Duration

    /// Starts the direction's pipeline in the background, when a mode serves it.
    public func prepare(from source: LocaleTag, to target: LocaleTag) {
        guard mode(for: LanguagePair(source, target)) != nil else { return }
        (try? pipeline(for: LanguagePair(source, target)))?.prepare()
    }

    /// Stops the translations in progress (Ctrl-C); each throws `.interrupted`.
    public func cancel() {
        let running = calls.withLock { calls in
            if calls.running > 0 { calls.cancelled = true }
            return calls.running > 0
        }
        guard running else { return }
        for pipeline in pipelines.withLock({ Array($0.values) }) { pipeline.cancel() }
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
        if let found = foundModes.withLock({ $0[pair] }) { return found }
        let installed = Set(installedModes())
        let found = [Self.modeName(for: pair), "\(pair.source)-\(pair.target)"].first { installed.contains($0) }
        if let found { foundModes.withLock { $0[pair] = found } }
        return found
    }

    /// The ISO 639-3 name Apertium gives the direction's mode and Debian its package
    /// (`eng-spa`, `apertium-eng-spa`).
    public static func modeName(for pair: LanguagePair) -> String {
        func alpha3(_ code: String) -> String { Locale.LanguageCode(code).identifier(.alpha3) ?? code }
        return "\(alpha3(pair.source))-\(alpha3(pair.target))"
    }

    /// `apertium eng-spa` when a mode serves the direction, else nil.
    public func engine(from source: LocaleTag, to target: LocaleTag) -> String? {
        mode(for: LanguagePair(source, target)).map { "\(name) \($0)" }
    }

    /// Translates `text`: an exact phrase from the user's entries or the phrasebooks, else
    /// each sentence through the direction's pipeline with its protected spans.
    public func translate(_ text: String, from source: LocaleTag, to target: LocaleTag) throws -> Translation {
        // One call from the start: a Ctrl-C while the phrasebook is still searched (a long
        // text takes a while) stops the requests that follow.
        try asOneCall {
            let reordered = OpeningPlease.saidLast(text, pack: rules.rules(from: source, to: target).sourcePack)
            let translation = try translateReordered(reordered, from: source, to: target, isFragment: false)
            guard reordered != text else { return translation }
            return Translation(sourceText: text, source: source, target: target, text: translation.text,
                               markedText: translation.markedText, segments: translation.segments)
        }
    }

    /// `translate` of text whose opening `please` is already said last; `isFragment` when it
    /// is a pattern's slot, part of a longer sentence. Runs inside `translate`'s one call.
    private func translateReordered(_ text: String, from source: LocaleTag, to target: LocaleTag,
                                    isFragment: Bool) throws -> Translation {
        let pair = LanguagePair(source, target)
        let words = PhraseText.words(text)
        let directionRules = rules.rules(from: source, to: target)
        let mood = SentenceStyle.mood(of: text, words: words, pack: directionRules.sourcePack)
        let morphology = directionRules.morphology
        // Every layer (an unknown word may be in an imported dictionary); the user's entries
        // and the phrasebooks win over the engine.
        let tables = library?.tables(for: pair) ?? []
        let preferred = tables.filter { $0.0 == .user || $0.0 == .phrasebook }
        if let exact = DictionaryTranslator.wholeEntry(text, in: preferred, from: source, to: target,
                                                            targetPack: directionRules.targetPack) { return exact }
        guard !words.isEmpty else {
            return Translation(sourceText: text, source: source, target: target, text: "", segments: [])
        }
        // A phrasebook pattern (`where is {X}`); its slots come back through this translator.
        var written = SourceContractions.expand(words, surface: PhraseText.surfaceWords(text), language: source.language)
        if PatternTranslation.bestMatch(written.words, surface: written.surface, in: preferred, ignoringSpaces: false,
                                        mood: mood, text: text, pack: directionRules.sourcePack, times: directionRules.forms.times) != nil {
            // A slot is translated without the rest of the sentence: names are found in all of it
            // (`i am from turkey`).
            let names = directionRules.sourceNames.names(in: written.words) { word in
                (morphology.analyser(for: source.language)?.readings(of: word) ?? []).contains { $0.partOfSpeech != "np" }
            }
            for (index, name) in names where index < written.surface.count { written.surface[index] = name }
        }
        if let match = PatternTranslation.bestMatch(written.words, surface: written.surface, in: preferred, ignoringSpaces: false,
                                                     mood: mood, text: text,
                                                     pack: directionRules.sourcePack, times: directionRules.forms.times),
           let patterned = try PatternTranslation.translate(text, match: match, source: source, target: target, mood: mood,
                                                            rules: rules.rules(from: source, to: target),
                                                            fragment: { try translateReordered($0, from: source, to: target, isFragment: true) }) {
            return patterned
        }
        let pipeline = try pipeline(for: pair)
        if text.utf8.count > ApertiumPipeline.maxRequestBytes {
            return try bulk(text, mood: mood, pipeline: pipeline, source: source, target: target,
                            targetPack: directionRules.targetPack, pronouns: directionRules.sourcePronouns)
        }
        let protector = ProtectedSpans(tables: preferred, pack: directionRules.sourcePack,
                                       targetPack: directionRules.targetPack, forms: directionRules.forms, morphology: morphology)
        let sentences = ApertiumSentence.sentences(text)
        let wordForms = (source: directionRules.sourceWordForms, target: directionRules.targetWordForms)
        let parts = try sentences.map { sentence in
            try ApertiumSentence(sentence, protector: protector, source: source, target: target, isFragment: isFragment,
                                 rules: rules.rules(from: source, to: target), renderings: renderings,
                                 unknown: { word, previous in Self.dictionaryWord(word, previous: previous, in: tables, pair: pair,
                                                                                  wordForms: wordForms, morphology: morphology) }) { request in
                try pipeline.translate(request, stopped: isCancelled)
            }
        }
        // Among several sentences, each keeps its end (see `SentenceStyle.keepingEnd`).
        func joined(marking: Bool) -> String {
            zip(sentences, parts).map { sentence, part in
                let rendered = part.rendered(marking: marking)
                return sentences.count > 1 ? SentenceStyle.keepingEnd(of: sentence, rendered) : rendered
            }.filter { !$0.isEmpty }.joined(separator: " ")
        }
        let plain = joined(marking: false)
        let marked = joined(marking: true)
        return Translation(sourceText: text, source: source, target: target, text: plain,
                           markedText: marked, segments: parts.flatMap(\.segments))
    }

    /// Text longer than one request (pasted, not spoken) goes through in a few large
    /// requests instead of one per sentence, so 100 KB takes a second, not many; it is
    /// styled as one text.
    private func bulk(_ text: String, mood: SentenceStyle.Mood, pipeline: ApertiumPipeline,
                      source: LocaleTag, target: LocaleTag, targetPack: LanguagePack,
                      pronouns: ApertiumSentence.CapitalisedPronouns) throws -> Translation {
        // Words too long to be words pass through without reaching Apertium; the runs
        // between them are translated in as few requests as the size cap allows.
        var segments: [TranslationSegment] = []
        var run: [String] = []
        func flush() throws {
            guard !run.isEmpty else { return }
            let output = try pipeline.translate(run.joined(separator: " "), stopped: isCancelled)
            segments += Self.segments(source: PhraseText.words(run.joined(separator: " ")), output: output)
            run = []
        }
        for token in text.split(whereSeparator: \.isWhitespace).map(String.init) {
            let word = PhraseText.words(token).first
            if let word, word.count > ProtectedSpans.longestWord {
                try flush()
                segments.append(TranslationSegment(source: word, target: token, origin: .passthrough))
            } else {
                run.append(ApertiumSentence.prepared(token, word: word, pronouns: pronouns))
            }
        }
        try flush()
        return Translation(sourceText: text, source: source, target: target, segments: segments, mood: mood,
                           targetPack: targetPack)
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

    /// Runs `work` as one translation that Ctrl-C may stop: a cancel between two of its
    /// requests stops the rest (`isCancelled`).
    private func asOneCall<Result>(_ work: () throws -> Result) throws -> Result {
        calls.withLock { calls in
            if calls.running == 0 { calls.cancelled = false }
            calls.running += 1
        }
        defer { calls.withLock { $0.running -= 1 } }
        return try work()
    }

    /// Whether Ctrl-C has stopped the translations in progress.
    private func isCancelled() -> Bool {
        calls.withLock { $0.cancelled }
    }

    /// A word Apertium left unknown, from any dictionary layer (the imported ones too),
    /// as it is or under its base form; names and numbers are left alone.
    private static func dictionaryWord(_ word: String, previous: String?, in tables: [(TranslationOrigin, PhraseTable)],
                                       pair: LanguagePair, wordForms: (source: WordForms.Language, target: WordForms.Language),
                                       morphology: any Morphology) -> TranslationSegment? {
        guard !tables.isEmpty, !word.isEmpty, !PhraseText.isNumber(word) else { return nil }
        let key = word.lowercased()
        let found = DictionaryTranslator.lookup([key][...], in: tables)
            ?? DictionaryTranslator.lookupBaseForm(of: key, previous: previous, in: tables, from: pair.source, wordForms: wordForms,
                                                   morphology: morphology)
        guard let found else { return nil }
        return TranslationSegment(source: key, target: SentenceStyle.embedded(found.target), origin: found.origin)
    }

    /// Why Apertium cannot translate the direction (the installed modes, and what to install),
    /// or nil when a mode serves it.
    public func unavailableReason(from source: LocaleTag, to target: LocaleTag) -> ParleyError? {
        let pair = LanguagePair(source, target)
        guard mode(for: pair) == nil else { return nil }
        let installed = installedModes()
        return ParleyError(.translation, .pairUnavailable,
            "Apertium cannot translate \(pair): installed modes are "
            + (installed.isEmpty ? "none (apt-get install apertium-eng-spa)" : installed.joined(separator: ", "))
            + ". Install the pair's package (scripts/setup --pair \(pair.source)-\(pair.target)) or use the dictionary translator.")
    }

    private func pipeline(for pair: LanguagePair) throws -> ApertiumPipeline {
        guard let mode = mode(for: pair) else {
            throw unavailableReason(from: LocaleTag(language: pair.source), to: LocaleTag(language: pair.target))
                ?? ParleyError(.translation, .pairUnavailable, "Apertium cannot translate \(pair).")
        }
        return pipelines.withLock { pipelines in
            if let running = pipelines[mode] { return running }
            let started = ApertiumPipeline(modeFile: modesFolder.appendingPathComponent("\(mode).mode"),
                                           timeLimit: timeLimit)
            pipelines[mode] = started
            return started
        }
    }
}
