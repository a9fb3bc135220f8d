/// Apertium's English tagger reads a verb in `-s` after a noun subject as a plural noun
/// when it can be one: `the concert starts at nine` → `los inicios de concierto en nueve`,
/// `the train leaves` → `las hojas de tren`. With a subject pronoun between the two it reads
/// the verb (`the concert it starts` → `el concierto empieza`), and a target that leaves
/// subject pronouns unsaid writes nothing for the pronoun. So the pronoun is said to
/// Apertium after such a subject, into a target whose pack has the `drops-subject-pronouns` feature.
///
/// The words are the source pack's: `subject-determiners.txt` (what opens the subject) and
/// `resumptive-pronoun.txt` (the pronoun said); the analyser says which words are singular
/// nouns, adjectives, and verbs in `-s` that are also plural nouns.
struct SubjectBeforeVerb: DirectionRule {
    let determiners: Set<String>
    let pronoun: String
    let language: String
    /// The analysers rules ask about words (the context's).
    let morphology: any Morphology

    /// The rule for the context's direction, or nil when its packs do not call for it.
    static func make(for context: TranslationContext) -> SubjectBeforeVerb? {
        let (source, target) = (context.source, context.target)
        guard target.has("drops-subject-pronouns"), let pronoun = source.list("resumptive-pronoun").first,
              !source.words("subject-determiners").isEmpty else { return nil }
        return SubjectBeforeVerb(determiners: source.words("subject-determiners"), pronoun: pronoun, language: source.language,
                                 morphology: context.morphology)
    }

    /// The position in `words` (a run that opens its clause) after which the pronoun is said,
    /// or nil: a determiner, up to two adjectives or nouns and a singular noun, then a verb in
    /// `-s` that may also be a plural noun, not followed by a verb (`the bus stops are near`
    /// is a plural noun).
    func subjectEnd(in words: [String]) -> Int? {
        guard let analyser = morphology.analyser(for: language), words.count >= 3,
              determiners.contains(words[0]) else { return nil }
        func readings(_ word: String) -> [WordReading] { analyser.readings(of: word) }
        for verbAt in 2...min(4, words.count - 1) {
            let noun = readings(words[verbAt - 1])
            guard noun.contains(where: { $0.partOfSpeech == "n" && $0.tags.contains("sg") }) else { return nil }
            let verb = readings(words[verbAt])
            let ambiguous = verb.contains { $0.partOfSpeech == "n" && $0.tags.contains("pl") }
                && verb.contains { $0.partOfSpeech == "vblex" && ["pri", "p3", "sg"].allSatisfy($0.tags.contains) }
            if ambiguous {
                let next = verbAt + 1 < words.count ? readings(words[verbAt + 1]) : []
                return next.contains { ProtectedSpans.verbTags.contains($0.partOfSpeech) } ? nil : verbAt - 1
            }
            // Only nouns and adjectives stand between the determiner and the verb.
            guard verb.contains(where: { ["n", "adj"].contains($0.partOfSpeech) }) else { return nil }
        }
        return nil
    }
}
