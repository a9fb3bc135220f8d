import Synchronization

/// What one direction's forms (`Dates`, `Amounts`) need from both languages' packs, made on
/// first use and kept for the life of parley; nil for a direction whose packs do not have
/// them, remembered too, so a direction is made at most once. (Translation rules are made
/// per direction by `TranslationRules.build` instead, and kept by the translator.)
final class PairRules<Rule: Sendable>: Sendable {
    private let made = Mutex<[LanguagePair: Rule?]>([:])
    private let make: @Sendable (_ source: LanguagePack, _ target: LanguagePack) -> Rule?

    /// Rules made by `make` from the source's and the target's packs.
    init(_ make: @escaping @Sendable (_ source: LanguagePack, _ target: LanguagePack) -> Rule?) {
        self.make = make
    }

    /// The rules from `source` into `target`, or nil when the packs have none.
    func between(_ source: String, _ target: String) -> Rule? {
        let key = LanguagePair(source, target)
        if let known = made.withLock({ $0[key] }) { return known }
        let rule = make(.named(source), .named(target))
        made.withLock { $0[key] = .some(rule) }
        return rule
    }
}
