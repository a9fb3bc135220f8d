import Foundation

/// The morphology of Apertium's lt-proc: each language's installed analyser and generator,
/// one process per language and kind, started on first use and shared by every translator
/// (starting one costs more than a whole sentence's lookups). A language without lt-proc or
/// its transducers has none, and the rules that need one step aside.
public struct LttoolboxMorphology: Morphology {
    /// The installed lt-proc analysers and generators.
    public init() {}

    /// `language`'s analyser, or nil when Apertium has none installed for it.
    public func analyser(for language: String) -> (any WordAnalyser)? { LttoolboxLemmatizer.shared(for: language) }
    /// `language`'s generator, or nil when Apertium has none installed for it.
    public func generator(for language: String) -> (any WordGenerator)? { LttoolboxGenerator.shared(for: language) }
}
