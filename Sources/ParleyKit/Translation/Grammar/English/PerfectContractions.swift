/// English `'s` is `is` or `has`: `she's tired` but `she's been ill`, `he's gone home`.
/// Apertium reads it as `is` whatever follows (`Está ser sintiendo`, `Está ido casa`). Before
/// one of the participles the source pack names, the ending is said written out as the
/// auxiliary it stands for: `she has been`, `he has gone`.
///
/// The words are the source pack's `perfect-contractions.tsv`: the ending, the auxiliary
/// and a participle after which the ending is that auxiliary.
struct PerfectContractions: DirectionRule {
    /// Each ending (`'s`), the auxiliary it stands for before the participles listed.
    let rules: [String: (auxiliary: String, participles: Set<String>)]

    /// The rules of the source's pack, or nil when it has none.
    static func make(for context: TranslationContext) -> PerfectContractions? {
        var rules: [String: (auxiliary: String, participles: Set<String>)] = [:]
        for row in context.source.table("perfect-contractions") {
            rules[row[0], default: (row[1], [])].participles.insert(row[2])
        }
        return rules.isEmpty ? nil : PerfectContractions(rules: rules)
    }

    /// `token` (as said to the engine) with its ending written out as the auxiliary when
    /// `next` (the following word, lower case) is one of the ending's participles.
    func written(_ token: String, before next: String) -> String {
        for (ending, rule) in rules where rule.participles.contains(next) {
            let lower = token.lowercased()
            for apostrophe in ["'", "’"] {
                let written = apostrophe + ending.dropFirst()
                guard lower.hasSuffix(written), token.count > written.count else { continue }
                return token.dropLast(written.count) + " " + rule.auxiliary
            }
        }
        return token
    }
}
