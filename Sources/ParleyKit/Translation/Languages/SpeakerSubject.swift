/// Spanish leaves the speaker unsaid (`tenemos una terraza`, `no encuentro a mi hija`), and
/// Apertium often writes the English verb with no subject at all (`Have a terrace`, `want
/// a coffee`). Where a clause opens with a verb only in the first person and the English
/// opens with a verb and no subject, the subject is written: `We have a terrace`.
///
/// The words are the packs': the source's `negations.txt` and `clitics.txt` (read past
/// before the verb), the target's `first-person-subjects.tsv` and `subject-pronouns.tsv`.
/// The analysers say which words are verbs and in which person and number.
struct SpeakerSubject: Sendable {
    /// Words read past before the verb (`no`, `me`).
    let beforeVerb: Set<String>
    /// The target's first-person subject by number, and every subject pronoun it has.
    let subjects: [String: String]
    let pronouns: Set<String>
    let source: String
    let target: String

    init(from source: LanguagePack, to target: LanguagePack) {
        beforeVerb = source.words("negations").union(source.words("clitics"))
        subjects = target.map("first-person-subjects")
        pronouns = Set(target.table("subject-pronouns").map { $0[0] })
        self.source = source.language
        self.target = target.language
    }

    /// The rule from `source` into `target`, or nil when the packs have none; made once per pair.
    static func between(_ source: String, _ target: String) -> SpeakerSubject? { rules.between(source, target) }

    private static let rules = PairRules { source, target in
        let made = SpeakerSubject(from: source, to: target)
        return made.subjects.isEmpty ? nil : made
    }

    /// `output` (the target for a clause whose source words are `run`) with the speaker as
    /// its subject when the clause's verb is the speaker's and the output has no subject.
    func apply(to output: String, run: [String]) -> String {
        let verbAt = run.prefix { beforeVerb.contains($0) }.count
        guard verbAt < run.count, let sourceAnalyser = LttoolboxLemmatizer.shared(for: source),
              let targetAnalyser = LttoolboxLemmatizer.shared(for: target) else { return output }
        let verbs = sourceAnalyser.readings(of: run[verbAt]).filter { ProtectedSpans.verbTags.contains($0.partOfSpeech) }
        let numbers = Set(verbs.compactMap { reading in reading.tags.first { $0 == "sg" || $0 == "pl" } })
        guard !verbs.isEmpty, verbs.allSatisfy({ $0.tags.contains("p1") }), numbers.count == 1,
              let subject = subjects[numbers.first!] else { return output }
        var tokens = output.split(separator: " ").map(String.init)
        guard let first = tokens.first, first.allSatisfy(\.isLetter), !pronouns.contains(first.lowercased()) else { return output }
        // The English must open with a verb, and with nothing a clause may open with before one.
        let readings = targetAnalyser.readings(of: first.lowercased())
        guard readings.contains(where: { ProtectedSpans.verbTags.contains($0.partOfSpeech) }),
              !readings.contains(where: { ["det", "prn", "adv", "pr", "cnjcoo", "cnjsub", "cnjadv"].contains($0.partOfSpeech) })
        else { return output }
        let capital = first.first?.isUppercase == true
        tokens[0] = first.prefix(1).lowercased() + first.dropFirst()
        tokens.insert(capital ? SentenceStyle.capitalizedFirstLetter(subject) : subject, at: 0)
        return tokens.joined(separator: " ")
    }
}
