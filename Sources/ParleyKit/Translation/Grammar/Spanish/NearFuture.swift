/// Spanish says what is about to happen with ir a + infinitive (`va a llover`, `voy a
/// comprar pan`); English with "going to". Apertium reads the verb of motion (`Tomorrow it
/// goes to rain`, `go to buy bread`, the subject often lost). Where the Spanish has that
/// future, the target's near future is written instead, with the subject the Spanish verb's
/// person says when Apertium wrote none.
///
/// The forms of ir are the source pack's `near-future.tsv`; what Apertium writes and what
/// is said instead are the target pack's `near-future-written.txt`, `near-future-said.tsv`
/// and `near-future-after-subject.tsv`.
struct NearFuture: Sendable {
    /// Each form of ir and its person and number (`voy` → `p1 sg`).
    let forms: [String: String]
    /// What Apertium writes for the near future, as words (`goes to`).
    let written: [[String]]
    /// What is said instead with no subject before it, by person and number.
    let said: [String: String]
    /// What is said instead after a subject pronoun Apertium wrote.
    let afterSubject: [String: String]
    let language: String
    /// The source's pack, whose clitics come off an infinitive.
    let sourcePack: LanguagePack
    /// The analysers the rule asks about words (its context's).
    let morphology: any Morphology

    init(from source: LanguagePack, to target: LanguagePack, morphology: any Morphology) {
        self.morphology = morphology
        sourcePack = source
        forms = Dictionary(source.table("near-future").filter { $0.count >= 3 }.map { ($0[0], "\($0[1]) \($0[2])") },
                           uniquingKeysWith: { first, _ in first })
        written = target.list("near-future-written").map { $0.split(separator: " ").map(String.init) }
        said = Dictionary(target.table("near-future-said").filter { $0.count >= 3 }.map { ("\($0[0]) \($0[1])", $0[2]) },
                          uniquingKeysWith: { first, _ in first })
        afterSubject = target.map("near-future-after-subject")
        language = source.language
    }

    /// The rule for the context's direction, or nil when its packs do not have it.
    static func make(for context: TranslationContext) -> NearFuture? {
        let (source, target) = (context.source, context.target)
        let made = NearFuture(from: source, to: target, morphology: context.morphology)
        return made.forms.isEmpty || made.written.isEmpty || made.said.isEmpty ? nil : made
    }

    /// `output` (the target for the source words `source`) with the near future said as one.
    func apply(to output: String, source: [String]) -> String {
        guard let at = source.indices.dropLast(2).first(where: { forms[source[$0]] != nil && source[$0 + 1] == "a" }),
              PatternTranslation.opensWithInfinitive(source[at + 2], pack: sourcePack, morphology: morphology),
              let person = forms[source[at]] else { return output }
        var tokens = output.split(separator: " ").map(String.init)
        for phrase in written {
            guard let start = tokens.indices.first(where: { index in
                index + phrase.count <= tokens.count && tokens[index..<(index + phrase.count)].map { $0.lowercased() } == phrase
            }) else { continue }
            let subject = start > 0 ? afterSubject[tokens[start - 1].lowercased()] : nil
            guard var replacement = (subject ?? said[person])?.split(separator: " ").map(String.init) else { return output }
            if tokens[start].first?.isUppercase == true, let first = replacement.first {
                replacement[0] = SentenceStyle.capitalizedFirstLetter(first)
            }
            tokens.replaceSubrange(start..<(start + phrase.count), with: replacement)
            return tokens.joined(separator: " ")
        }
        return output
    }
}

extension NearFuture: TranslationRule {
    static let stages: Set<TranslationStage> = [.engineReply]

    func apply(to text: String, facts: SentenceFacts) -> String { apply(to: text, source: facts.run) }
}
