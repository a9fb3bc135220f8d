/// Spanish leaves a second clause's subject unsaid (`fuimos al museo y estaba cerrado`);
/// Apertium writes the English verb with none (`we went to the museum and was closed`),
/// which reads as the first subject's, in the wrong person. After a coordinating
/// conjunction, a form of `be` or `have` that cannot agree with the sentence's subject
/// pronoun gets the pack's pronoun for a thing: `…and it was closed`. One that may agree
/// (`I went… and was tired`) is left as it is.
///
/// The pronoun is the target pack's `resumptive-pronoun.txt` (`it`); the analyser says which
/// words are conjunctions, subject pronouns and verbs, and in which person and number.
struct SubjectAfterConjunction: TranslationRule {
    static let stages: Set<TranslationStage> = [.sentence]

    private let pronoun: String
    private let language: String
    private let morphology: Morphology

    /// The rule of the target's pack, or nil when it has none.
    static func make(for context: TranslationContext) -> SubjectAfterConjunction? {
        context.target.list("resumptive-pronoun").first.map {
            SubjectAfterConjunction(pronoun: $0, language: context.target.language, morphology: context.morphology)
        }
    }

    /// `text` with the pronoun before a verb after a conjunction that disagrees with the subject.
    func apply(to text: String, facts: SentenceFacts) -> String {
        guard let analyser = morphology.analyser(for: language) else { return text }
        var tokens = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        func readings(_ index: Int) -> [WordReading] {
            let word = PhraseText.bareWord(tokens[index])
            let lower = analyser.readings(of: word.lowercased())
            return lower.isEmpty ? analyser.readings(of: word) : lower
        }
        var subject: WordReading?
        var index = 0
        while index + 1 < tokens.count {
            defer { index += 1 }
            let here = readings(index)
            if subject == nil, let pronounReading = here.first(where: { $0.partOfSpeech == "prn" && $0.tags.contains("subj") }) {
                subject = pronounReading
                continue
            }
            guard let subject, here.contains(where: { $0.partOfSpeech == "cnjcoo" }) else { continue }
            let verb = readings(index + 1).filter { ["vbser", "vbhaver"].contains($0.partOfSpeech) }
            guard !verb.isEmpty, verb.allSatisfy({ $0.tags.contains("sg") }) else { continue }
            let person = subject.tags.first { ["p1", "p2", "p3"].contains($0) }
            let agrees = verb.contains { reading in
                person.map(reading.tags.contains) == true && subject.tags.contains("sg")
            }
            guard !agrees else { continue }
            tokens.insert(pronoun, at: index + 1)
            index += 1
        }
        return tokens.joined(separator: " ")
    }
}
