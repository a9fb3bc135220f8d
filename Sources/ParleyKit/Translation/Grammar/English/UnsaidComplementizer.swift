/// English leaves out the `that` after `think`, `hope` or `know` (`i think there is a
/// mistake`, `i hope you like it`); Spanish always says its `que`, and Apertium writes one
/// only where the English has `that` (`Pienso hay una equivocación`). Where a complement verb
/// is followed by a subject and a finite verb, the `that` is said to Apertium:
/// `Creo que hay una equivocación`.
///
/// The words are the source pack's `complement-verbs.txt`, `complementizer.txt`,
/// `clause-subjects.txt` (with the existential subjects of `subject-pronouns.tsv`),
/// `telling-complement-verbs.txt`, `object-pronouns.tsv` and `subject-determiners.txt`; the
/// analyser says which words are finite verbs.
struct UnsaidComplementizer: DirectionRule {
    /// Verbs (and adjectives such as `sure`) that take a clause.
    let verbs: Set<String>
    /// What may open that clause as its subject (`you`, `it`, `there`).
    let subjects: Set<String>
    /// The word that opens the clause when it is said (`that`).
    let word: String
    /// Verbs that take an object before the clause (`told us`), the object pronouns, and
    /// what opens a noun phrase subject (`the`).
    let tellingVerbs: Set<String>
    let objects: Set<String>
    let determiners: Set<String>

    init?(pack: LanguagePack) {
        guard let word = pack.words("complementizer").sorted().first, !pack.words("complement-verbs").isEmpty else { return nil }
        self.word = word
        verbs = pack.words("complement-verbs")
        let existential = pack.table("subject-pronouns").filter { $0[1] == "there" }.map { $0[0] }
        subjects = pack.words("clause-subjects").union(existential)
        tellingVerbs = pack.words("telling-complement-verbs")
        objects = Set(pack.table("object-pronouns").map { $0[0] })
        determiners = pack.words("subject-determiners")
    }

    /// The rule of the source's pack, or nil when it has none.
    static func make(for context: TranslationContext) -> UnsaidComplementizer? {
        UnsaidComplementizer(pack: context.source)
    }

    /// The positions in `words` after which the clause's `that` is unsaid: a complement verb
    /// before a subject and a finite verb (`think | it is`), not before an object (`know you`);
    /// after a telling verb's object (`told us | the museum was closed`), also before a noun
    /// phrase subject of a determiner and a noun.
    func unsaid(in words: [String], isFinite: (String) -> Bool) -> Set<Int> {
        var found: Set<Int> = []
        for index in words.indices.dropLast(2) where verbs.contains(words[index]) {
            if subjects.contains(words[index + 1]), isFinite(words[index + 2]) {
                found.insert(index)
            } else if tellingVerbs.contains(words[index]), objects.contains(words[index + 1]), index + 4 < words.count,
                      determiners.contains(words[index + 2]), isFinite(words[index + 4]) {
                found.insert(index + 1)
            }
        }
        return found
    }
}
