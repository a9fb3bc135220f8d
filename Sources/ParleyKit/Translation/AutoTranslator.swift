import Foundation

/// The default translator: the best engine available for each direction. The user's
/// entries and the phrasebooks win whole-utterance matches; then Apertium translates when
/// a mode for the pair is installed; otherwise the dictionary layers do, and they also
/// answer a turn the engine fails on (a pipeline that died or overran its time limit).
public final class AutoTranslator: Translating {
    public let name = "auto"
    /// The dictionary layers, for exact matches and for directions Apertium cannot serve.
    public let library: DictionaryLibrary
    private let apertium: ApertiumTranslator
    private let dictionary: DictionaryTranslator

    /// A translator over `library` and the Apertium modes in `modesFolder`.
    public init(library: DictionaryLibrary,
                modesFolder: URL = ApertiumTranslator.defaultModesFolder) {
        self.library = library
        apertium = ApertiumTranslator(modesFolder: modesFolder, library: library)
        dictionary = DictionaryTranslator(library: library)
    }

    /// Weighs the words each side's dictionaries know, besides letters and common words.
    public func isClearly(_ listener: LocaleTag, not speaker: LocaleTag, text: String) -> Bool {
        library.isClearly(listener, not: speaker, text: text)
    }

    /// Which engine serves the direction (`apertium eng-spa`, `dictionary`), or nil. Cheap:
    /// it lists folders and loads no dictionary table.
    public func engine(from source: LocaleTag, to target: LocaleTag) -> String? {
        if let mode = apertium.engine(from: source, to: target) { return mode }
        return library.availablePairs()[LanguagePair(source, target)] == nil ? nil : dictionary.name
    }

    /// Translates with Apertium where the direction has a mode, else with the dictionaries.
    public func translate(_ text: String, from source: LocaleTag, to target: LocaleTag) throws -> Translation {
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

    /// Starts the Apertium pipeline for the direction in the background, when it has one.
    public func prepare(from source: LocaleTag, to target: LocaleTag) {
        apertium.prepare(from: source, to: target)
    }

    /// Stops the Apertium translation in progress (Ctrl-C); the dictionaries answer at once.
    public func cancel() {
        apertium.cancel()
    }
}
