import Foundation

/// The default translator: the best engine available for each direction. The user's
/// entries and the phrasebooks win whole-utterance matches; then the neural model translates
/// where one is installed for the direction; else Apertium where a mode for the pair is
/// installed; otherwise the dictionary layers do. Each falls back to the next when it
/// cannot serve a turn (a broken model, a pipeline that died or overran its time limit).
public final class AutoTranslator: Translating {
    public let name = "auto"
    /// The dictionary layers, for exact matches and for directions no engine serves.
    public let library: DictionaryLibrary
    /// The library's language packs.
    public var packs: LanguagePacks { library.packs }
    private let neural: NeuralTranslator
    private let apertium: ApertiumTranslator
    private let dictionary: DictionaryTranslator

    /// A translator over `library`, the neural models in `translationRoots` and the Apertium
    /// modes in `modesFolder`.
    public init(library: DictionaryLibrary, translationRoots: [URL] = [],
                modesFolder: URL = ApertiumTranslator.defaultModesFolder) {
        self.library = library
        neural = NeuralTranslator(roots: translationRoots, library: library)
        apertium = ApertiumTranslator(modesFolder: modesFolder, library: library)
        dictionary = DictionaryTranslator(library: library)
    }

    /// Weighs the words each side's dictionaries know, besides letters and common words.
    public func isClearly(_ listener: LocaleTag, not speaker: LocaleTag, text: String) -> Bool {
        library.isClearly(listener, not: speaker, text: text)
    }

    /// Which engine serves the direction (`neural opus-mt-en-es`, `apertium eng-spa`,
    /// `dictionary`), or nil. Cheap: it lists folders and loads no model or table.
    public func engine(from source: LocaleTag, to target: LocaleTag) -> String? {
        if let model = neural.engine(from: source, to: target) { return model }
        if let mode = apertium.engine(from: source, to: target) { return mode }
        return library.availablePairs()[LanguagePair(source, target)] == nil ? nil : dictionary.name
    }

    /// Translates with the neural model where the direction has a usable one, else with
    /// Apertium where it has a mode, else with the dictionaries.
    public func translate(_ text: String, from source: LocaleTag, to target: LocaleTag) throws -> Translation {
        if neural.engine(from: source, to: target) != nil {
            // The model knows nothing of the phrasebooks: a line that is one of their entries is theirs.
            let entries = library.tables(for: LanguagePair(source, target)).filter { $0.0 == .user || $0.0 == .phrasebook }
            if let entry = DictionaryTranslator.wholeEntry(text, in: entries, from: source, to: target,
                                                          targetPack: library.packs.pack(target.language)) { return entry }
            do {
                return try neural.translate(text, from: source, to: target)
            } catch let error as ParleyError where error.code != .interrupted {
                // A model that cannot be loaded or run must not stop the conversation: the
                // rules answer, and the reason is said once.
                library.report(["The neural model for \(LanguagePair(source, target)) cannot be used (\(error.message)); "
                                + "\(apertium.engine(from: source, to: target) ?? dictionary.name) translates instead."])
            }
        }
        let pair = LanguagePair(source, target)
        guard apertium.mode(for: pair) != nil else { return try dictionary.translate(text, from: source, to: target) }
        do {
            return try apertium.translate(text, from: source, to: target)
        } catch let error as ParleyError where [.engineFailed, .timedOut].contains(error.code)
                    && library.availablePairs()[pair] != nil {
            // A broken or stuck engine must not stop the conversation: the dictionaries answer
            // this turn, and the pipeline restarts with the next one.
            return try dictionary.translate(text, from: source, to: target)
        }
    }

    /// Loads the direction's neural model, or starts its Apertium pipeline, in the background.
    public func prepare(from source: LocaleTag, to target: LocaleTag) {
        if neural.engine(from: source, to: target) != nil {
            neural.prepare(from: source, to: target)
        } else {
            apertium.prepare(from: source, to: target)
        }
    }

    /// Stops the translation in progress (Ctrl-C); the dictionaries answer at once.
    public func cancel() {
        neural.cancel()
        apertium.cancel()
    }
}
