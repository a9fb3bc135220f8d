/// Spanish leaves the speaker unsaid (`tenemos una terraza`, `no encuentro a mi hija`), and
/// Apertium often writes the English verb with no subject at all (`Have a terrace`, `want
/// a coffee`). Where a clause opens with a verb only in the first person and the English
/// opens with a verb and no subject, the subject is written: `We have a terrace`. So it is
/// before a later verb of the speaker's after a conjunction, an adverb or a time phrase
/// (`…and today I have to study`, `Last week I went…`), when the English has fewer subjects
/// for the speaker than the Spanish verbs.
///
/// The words are the packs': the source's `negations.txt` and `clitics.txt` (read past
/// before the verb), the target's `first-person-subjects.tsv`, `subject-pronouns.tsv` and
/// `time-nouns.txt`.
/// The analysers say which words are verbs and in which person and number.
struct SpeakerSubject: Sendable {
    /// Words read past before the verb (`no`, `me`).
    let beforeVerb: Set<String>
    /// The target's first-person subject by number, and every subject pronoun it has.
    let subjects: [String: String]
    let pronouns: Set<String>
    /// Words that end a time phrase opening a clause (`week` of `last week`).
    let timeNouns: Set<String>
    let source: String
    let target: String

    /// The analysers the rule asks about words (its context's).
    let morphology: any Morphology

    init(from source: LanguagePack, to target: LanguagePack, morphology: any Morphology) {
        beforeVerb = source.words("negations").union(source.words("clitics"))
        subjects = target.map("first-person-subjects")
        pronouns = Set(target.table("subject-pronouns").map { $0[0] })
        timeNouns = target.words("time-nouns")
        self.source = source.language
        self.target = target.language
        self.morphology = morphology
    }

    /// The rule for the context's direction, or nil when its packs do not have it.
    static func make(for context: TranslationContext) -> SpeakerSubject? {
        let (source, target) = (context.source, context.target)
        let made = SpeakerSubject(from: source, to: target, morphology: context.morphology)
        return made.subjects.isEmpty ? nil : made
    }

    /// `output` (the target for a clause whose source words are `run`) with the speaker as
    /// its subject when the clause's verb is the speaker's and the output has no subject.
    func apply(to output: String, run: [String]) -> String {
        guard let sourceAnalyser = morphology.analyser(for: source),
              let targetAnalyser = morphology.analyser(for: target) else { return output }
        return insideClause(opening(output, run: run, sourceAnalyser, targetAnalyser), run: run, sourceAnalyser, targetAnalyser)
    }

    /// `output` with the speaker written first when the run opens with the speaker's verb.
    private func opening(_ output: String, run: [String], _ sourceAnalyser: any WordAnalyser,
                         _ targetAnalyser: any WordAnalyser) -> String {
        let verbAt = run.prefix { beforeVerb.contains($0) }.count
        guard verbAt < run.count else { return output }
        guard let subject = speakerNumber(of: run[verbAt], sourceAnalyser).flatMap({ subjects[$0] }) else { return output }
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

    /// The number (`sg`, `pl`) of `word` when it is only a verb in the first person.
    private func speakerNumber(of word: String, _ analyser: any WordAnalyser) -> String? {
        let verbs = analyser.readings(of: word).filter { ProtectedSpans.verbTags.contains($0.partOfSpeech) }
        let numbers = Set(verbs.compactMap { reading in reading.tags.first { $0 == "sg" || $0 == "pl" } })
        guard !verbs.isEmpty, verbs.allSatisfy({ $0.tags.contains("p1") }), numbers.count == 1 else { return nil }
        return numbers.first
    }

    /// What the words of a time phrase may be (`on`, `last`, `this`, `Saturday`).
    private static let timePhraseKinds: Set<String> = ["adv", "pr", "det", "adj", "n", "np", "predet", "num"]

    /// `output` with the speaker written before a verb inside it that has none, after an
    /// adverb or a conjunction (`…and today have to study`, `this weekend have gone…`), when
    /// the run has more verbs only in the speaker's person than the output has subjects for
    /// the speaker.
    private func insideClause(_ output: String, run: [String], _ sourceAnalyser: any WordAnalyser,
                              _ targetAnalyser: any WordAnalyser) -> String {
        let numbers = run.compactMap { speakerNumber(of: $0, sourceAnalyser) }
        guard let number = numbers.first, numbers.allSatisfy({ $0 == number }), let subject = subjects[number] else { return output }
        var tokens = output.split(separator: " ").map(String.init)
        let said = tokens.filter { PhraseText.bareWord($0).lowercased() == subject.lowercased() }.count
        guard said < numbers.count else { return output }
        for index in tokens.indices.dropFirst() where tokens[index].allSatisfy(\.isLetter) && tokens[index].first?.isLowercase == true {
            let verb = targetAnalyser.readings(of: tokens[index])
            let finite = verb.contains { ["vbhaver", "vbser", "vbmod"].contains($0.partOfSpeech)
                || $0.partOfSpeech == "vblex" && ($0.tags.contains("pres") || $0.tags.contains("past")) }
            guard finite, !verb.contains(where: { ["det", "prn", "pr", "n", "adj", "adv"].contains($0.partOfSpeech) }) else { continue }
            // Adverbs before it (`today`), opened by a conjunction or a clause's start, not by an
            // auxiliary (`does not begin`).
            func kinds(_ at: Int) -> Set<String> {
                Set(targetAnalyser.readings(of: PhraseText.bareWord(tokens[at]).lowercased()).map(\.partOfSpeech))
            }
            var start = index
            // A time phrase before it (`Last week went`, `On Saturday were`): a few words that
            // may be read as a time phrase's (`last` is also a verb), ending in a time noun.
            if timeNouns.contains(PhraseText.bareWord(tokens[index - 1]).lowercased()) {
                start = index - 1
                while start > 0, index - start < 4, !tokens[start - 1].hasSuffix(","),
                      !pronouns.contains(PhraseText.bareWord(tokens[start - 1]).lowercased()),
                      !kinds(start - 1).isDisjoint(with: Self.timePhraseKinds) {
                    start -= 1
                }
            }
            while start > 0, kinds(start - 1) == ["adv"], !tokens[start - 1].hasSuffix(",") { start -= 1 }
            let opened = start == 0 || tokens[start - 1].last.map { ",;".contains($0) } == true
                || !kinds(start - 1).isEmpty && kinds(start - 1).isSubset(of: ["cnjcoo", "cnjadv"])
            guard opened, start < index || start > 0 && !kinds(start - 1).isEmpty && kinds(start - 1).isSubset(of: ["cnjcoo", "cnjadv"])
            else { continue }
            tokens.insert(subject, at: index)
            return tokens.joined(separator: " ")
        }
        return output
    }
}

extension SpeakerSubject: TranslationRule {
    static let stages: Set<TranslationStage> = [.engineReply]

    func apply(to text: String, facts: SentenceFacts) -> String { apply(to: text, run: facts.run) }
}
