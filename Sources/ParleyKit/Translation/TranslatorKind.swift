import Foundation

/// The translation backends parley can use, by the name the user types.
public enum TranslatorKind: String, Sendable, CaseIterable, Equatable {
    /// The best available per direction: user entries and phrasebooks for exact matches,
    /// then the neural model where one is installed, then Apertium where a mode is, else the
    /// dictionary layers. The default.
    case auto
    /// The dictionary layers: user entries, phrasebooks, imported dictionaries.
    case dictionary
    /// Apertium's rule-based engine, with user entries and phrasebooks winning exact matches.
    case apertium
    /// A neural model (Marian / Opus-MT) through ONNX Runtime, with user entries and
    /// phrasebooks winning exact matches.
    case neural

    /// A translator of this kind over `library` and the neural models in `translationRoots`.
    public func make(library: DictionaryLibrary, translationRoots: [URL]) -> any Translating {
        switch self {
        case .auto: AutoTranslator(library: library, translationRoots: translationRoots)
        case .dictionary: DictionaryTranslator(library: library)
        case .apertium: ApertiumTranslator(library: library)
        case .neural: NeuralTranslator(roots: translationRoots, library: library)
        }
    }
}
