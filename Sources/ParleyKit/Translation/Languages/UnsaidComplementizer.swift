/// English leaves out the `that` after `think`, `hope` or `know` (`i think there is a
/// mistake`, `i hope you like it`); Spanish always says its `que`, and Apertium writes one
/// only where the English has `that` (`Pienso hay una equivocación`). Where a complement verb
/// is followed by a subject and a finite verb, the `that` is said to Apertium:
/// `Creo que hay una equivocación`.
///
/// The words are the source pack's `complement-verbs.txt`, `complementizer.txt` and
/// `clause-subjects.txt` (with the existential subjects of `subject-pronouns.tsv`); the
/// analyser says which words are finite verbs.
struct UnsaidComplementizer: Sendable {
    /// Verbs (and adjectives such as `sure`) that take a clause.
    let verbs: Set<String>
    /// What may open that clause as its subject (`you`, `it`, `there`).
    let subjects: Set<String>
    /// The word that opens the clause when it is said (`that`).
    let word: String

    init?(pack: LanguagePack) {
        guard let word = pack.words("complementizer").sorted().first, !pack.words("complement-verbs").isEmpty else { return nil }
        self.word = word
        verbs = pack.words("complement-verbs")
        let existential = pack.table("subject-pronouns").filter { $0[1] == "there" }.map { $0[0] }
        subjects = pack.words("clause-subjects").union(existential)
    }

    /// The rule of every installed language whose pack has one, read once.
    static let byLanguage: [String: UnsaidComplementizer] = LanguagePack.perInstalledLanguage(UnsaidComplementizer.init)
        .compactMapValues { $0 }

    /// Whether `word` is a complement verb in `language`: a phrase ending in one goes on
    /// into the clause after it (`i know` + `you are busy`).
    static func takesClause(_ word: String, language: String) -> Bool {
        byLanguage[language]?.verbs.contains(word) == true
    }

    /// The positions in `words` after which the clause's `that` is unsaid: a complement verb
    /// before a subject and a finite verb (`think | it is`), not before an object (`know you`).
    func unsaid(in words: [String], isFinite: (String) -> Bool) -> Set<Int> {
        Set(words.indices.dropLast(2).filter { index in
            verbs.contains(words[index]) && subjects.contains(words[index + 1]) && isFinite(words[index + 2])
        })
    }
}
