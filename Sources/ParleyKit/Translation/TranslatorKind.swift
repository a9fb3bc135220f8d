import Foundation

/// The translation backends parley can use, by the name the user types.
public enum TranslatorKind: String, Sendable, CaseIterable, Equatable {
    /// The best available per direction: user entries and phrasebooks for exact matches,
    /// then Apertium where a mode is installed, else the dictionary layers. The default.
    case auto
    /// The dictionary layers: user entries, phrasebooks, imported dictionaries.
    case dictionary
    /// Apertium's rule-based engine, with user entries and phrasebooks winning exact matches.
    case apertium

    /// A translator of this kind over `library`.
    public func make(library: DictionaryLibrary) -> any Translating {
        switch self {
        case .auto: AutoTranslator(library: library)
        case .dictionary: DictionaryTranslator(library: library)
        case .apertium: ApertiumTranslator(library: library)
        }
    }
}
