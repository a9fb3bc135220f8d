import Foundation
import Synchronization

/// The morphology of Apertium's lt-proc: each language's installed analyser and generator,
/// found on first use and kept while this morphology lives, one process each (starting one
/// costs more than a whole sentence's lookups). A translator's library makes one, which its
/// translators share. A language without lt-proc or its transducers has none, and the rules
/// that need one step aside.
public final class LttoolboxMorphology: Morphology {
    private struct Found {
        var analysers: [String: LttoolboxLemmatizer?] = [:]
        var generators: [String: LttoolboxGenerator?] = [:]
    }

    /// Held only to read or record what was found, never while the data folders are searched.
    private let found = Mutex(Found())

    /// Where each language's pack (and so its Apertium name) is found.
    private let packs: LanguagePacks

    /// No analyser or generator found yet; languages are named to Apertium by their packs
    /// from `packs`.
    public init(packs: LanguagePacks = LanguagePacks()) {
        self.packs = packs
    }

    /// `language`'s analyser, or nil when Apertium has none installed for it.
    public func analyser(for language: String) -> (any WordAnalyser)? {
        kept(\.analysers, language) { LttoolboxLemmatizer.make(for: $0) }
    }

    /// `language`'s generator, or nil when Apertium has none installed for it.
    public func generator(for language: String) -> (any WordGenerator)? {
        kept(\.generators, language) { LttoolboxGenerator.make(for: $0) }
    }

    /// What `table` holds for `language`, made from its pack (outside the lock) the first
    /// time. Another request may have found one meanwhile: the first found is kept.
    private func kept<Value: Sendable>(_ table: WritableKeyPath<Found, [String: Value?]> & Sendable, _ language: String,
                             make: (LanguagePack) -> Value?) -> Value? {
        if let known = found.withLock({ $0[keyPath: table][language] }) { return known }
        let made = make(packs.pack(language))
        return found.withLock { found in
            if let known = found[keyPath: table][language] { return known }
            found[keyPath: table][language] = .some(made)
            return made
        }
    }
}
