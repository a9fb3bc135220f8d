/// English `'s` is `is` or `has`: `she's tired` but `she's been ill`, `he's gone home`.
/// Apertium reads it as `is` whatever follows (`Está ser sintiendo`, `Está ido casa`). Before
/// one of the participles the source pack names, the ending is said written out as the
/// auxiliary it stands for: `she has been`, `he has gone`.
///
/// The words are the source pack's `perfect-contractions.tsv`: the ending, the auxiliary
/// and a participle after which the ending is that auxiliary.
enum PerfectContractions {
    /// `token` (as said to the engine) with its ending written out as the auxiliary when
    /// `next` (the following word, lower case) is one of the ending's participles.
    static func written(_ token: String, before next: String, language: String) -> String {
        guard let rules = byLanguage[language] else { return token }
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

    private static let byLanguage: [String: [String: (auxiliary: String, participles: Set<String>)]] =
        LanguagePack.perInstalledLanguage { pack in
            var rules: [String: (auxiliary: String, participles: Set<String>)] = [:]
            for row in pack.table("perfect-contractions") {
                rules[row[0], default: (row[1], [])].participles.insert(row[2])
            }
            return rules
        }.filter { !$0.value.isEmpty }
}
