import Foundation

/// Translates with a neural model (Marian / Opus-MT, exported to ONNX) run in process through
/// ONNX Runtime, giving exactly what the model's own implementation (transformers'
/// `generate()`) gives. Only the user's own entries (`parley dict add`) change that: a whole
/// line that is one is translated by it, and one for a term inside a longer line is honoured
/// (see `translate`). The phrasebooks' whole lines win in `AutoTranslator`, not here.
public final class NeuralTranslator: Translating {
    public let name = "neural"
    private let library: DictionaryLibrary?
    /// The library's language packs (the shipped ones without a library).
    public var packs: LanguagePacks { library?.packs ?? LanguagePacks() }
    let models: NeuralModels

    /// A translator over the models in `roots` (`DataPaths.translationRoots`), letting
    /// `library`'s user entries and phrasebooks win for whole lines; `threads` inference
    /// threads per graph (by default 1 on a machine of two cores or fewer, else 2).
    public init(roots: [URL], library: DictionaryLibrary? = nil, threads: Int? = nil) {
        self.library = library
        models = NeuralModels(roots: roots, threads: threads)
    }

    /// The installed models, with the folders that hold an unusable one.
    public var catalog: TranslationModelCatalog { models.catalog }

    /// Weighs the words each side's dictionaries know when there are dictionaries.
    public func isClearly(_ listener: LocaleTag, not speaker: LocaleTag, text: String) -> Bool {
        library?.isClearly(listener, not: speaker, text: text)
            ?? LanguageDetector.isClearly(listener.language, not: speaker.language, text: text, packs: LanguagePacks())
    }

    /// `neural opus-mt-en-es` when a model serves the direction (and has not failed to load).
    public func engine(from source: LocaleTag, to target: LocaleTag) -> String? {
        let direction = LanguagePair(source, target)
        guard let model = models.catalog.models[direction], models.loadFailure(direction) == nil else { return nil }
        return "\(name) \(model.card?.name ?? model.folder.lastPathComponent)"
    }

    /// Why the direction has no usable model: none installed, or the installed one is broken.
    public func unavailableReason(from source: LocaleTag, to target: LocaleTag) -> ParleyError? {
        let direction = LanguagePair(source, target)
        if let failure = models.loadFailure(direction) { return failure }
        if models.catalog.models[direction] != nil { return nil }
        return models.catalog.problems[direction] ?? models.missing(direction)
    }

    /// Loads the direction's model in the background.
    public func prepare(from source: LocaleTag, to target: LocaleTag) {
        models.prepare(LanguagePair(source, target))
    }

    /// Stops the translation in progress within one decoding step.
    public func cancel() {
        models.cancel()
    }

    /// Translates `text`: a whole-line entry of the user's wins; otherwise the model translates
    /// the line as it is (its output is shown and spoken unchanged). A user's entry for a term
    /// inside the line is honoured in one of two ways: the model's own translation of the term,
    /// found as whole words in its translation of the line, is replaced by the user's; where it
    /// is not found, the line is cut around the term, the parts are translated by the model and
    /// the user's translation is put between them. Ctrl-C (`cancel`) stops all of it.
    public func translate(_ text: String, from source: LocaleTag, to target: LocaleTag) throws -> Translation {
        try models.oneCall { try translateInOneCall(text, from: source, to: target) }
    }

    private func translateInOneCall(_ text: String, from source: LocaleTag, to target: LocaleTag) throws -> Translation {
        let pair = LanguagePair(source, target)
        let userTables = (library?.tables(for: pair) ?? []).filter { $0.0 == .user }
        if let entry = DictionaryTranslator.wholeEntry(text, in: userTables, from: source, to: target,
                                                          targetPack: (library?.packs ?? LanguagePacks()).pack(target.language)) { return entry }
        guard text.contains(where: { !$0.isWhitespace }) else {
            return Translation(sourceText: text, source: source, target: target, text: "", segments: [])
        }
        let terms = UserTerms.find(in: text, tables: userTables, language: source.language)
        let translated = try models.translate(text, direction: pair)
        guard !terms.isEmpty else {
            return Translation(sourceText: text, source: source, target: target, text: translated,
                               segments: [TranslationSegment(source: PhraseText.words(text).joined(separator: " "),
                                                             target: translated, origin: .neural)])
        }
        let (withTerms, segments) = try UserTerms.replaced(in: translated, terms: terms, text: text) {
            try models.translate($0, direction: pair)
        }
        return Translation(sourceText: text, source: source, target: target, text: withTerms, segments: segments)
    }
}
