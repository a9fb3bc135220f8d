/// Puts an English question's auxiliary back after its subject pronoun before Apertium
/// reads it: `can i pay by card` → `i can pay by card`, `where could we park` → `where we
/// could park`; a question's `do` goes (`do you have this` → `you have this`).
///
/// Apertium's English analysis handles the inverted order badly: `Can I pay the bill`
/// becomes `Puede pago la factura` (the modal in the third person, the verb conjugated)
/// and `Could you call a taxi` `Podría llamas un taxi`, while the same words in statement
/// order come out right: `Puedo pagar la factura`, `Podrías llamar un taxi`. Spanish asks a
/// yes/no question in statement order with `¿…?`, which the sentence's mood, read from the
/// original words, still adds.
///
/// Which languages ask this way is `features.txt`'s `inverted-questions`; the words are the
/// pack's `auxiliaries.tsv` (modals and `do`), `subject-pronouns.tsv`, `question-words.txt`
/// and `question-lead-ins.txt`.
struct QuestionOrder: DirectionRule {
    /// Modals and `do`, which open an inverted question before a subject pronoun.
    let auxiliaries: Set<String>
    /// Personal subject pronouns.
    let subjects: Set<String>
    /// Question words.
    let questionWords: Set<String>
    /// Words after which a question may start in the middle of an utterance: question
    /// words, and what people put before a request (`excuse me`, `please`, `so`).
    let openers: Set<String>
    /// The auxiliaries that only mark the question (`do`): left out rather than moved.
    let questionMarkers: Set<String>
    /// Words that may stand between the subject and the verb (`could you please call`).
    let interposed: Set<String>
    /// Forms of `be`, which ask before a noun phrase too (`is the museum far`).
    let beForms: Set<String>
    /// `do`, `does` and `did`.
    let doForms: Set<String>
    /// The language asked in, whose analyser says which `do` is a past.
    let language: String
    /// The analysers the rule asks about words (its context's).
    let morphology: any Morphology
    /// What opens a noun phrase subject (`the`, `this`, `my`).
    let determiners: Set<String>

    init(pack: LanguagePack, morphology: any Morphology) {
        self.morphology = morphology
        let auxiliaryRows = pack.table("auxiliaries")
        doForms = Set(auxiliaryRows.filter { ["do", "do-inflected"].contains($0[1]) }.map { $0[0] })
        auxiliaries = Set(auxiliaryRows.filter { $0[1] == "modal" }.map { $0[0] }).union(doForms)
        // A past `did` keeps the question's tense: moved after its subject (`you did buy
        // it` → `Lo compraste`), where without it the verb is a present (`¿Lo compras?`).
        questionMarkers = doForms.filter { !VerbReadings.isOnlyPast($0, language: pack.language, morphology: morphology) }
        interposed = pack.words("moved-to-end")
        beForms = Set(auxiliaryRows.filter { $0[1] == "be" }.map { $0[0] })
        language = pack.language
        determiners = pack.words("articles").union(pack.words("subject-determiners"))
        subjects = Set(pack.table("subject-pronouns").filter { ["1", "2", "3"].contains($0[1]) }.map { $0[0] })
        questionWords = pack.words("question-words")
        openers = questionWords.union(pack.words("question-lead-ins"))
    }

    /// The rules of the source's pack when its language asks with inverted questions.
    static func make(for context: TranslationContext) -> QuestionOrder? {
        context.source.has("inverted-questions") ? QuestionOrder(pack: context.source, morphology: context.morphology) : nil
    }

    /// `order` (indices of the sentence's tokens, in order) with each inverted auxiliary
    /// and subject swapped, and a question's `do` left out. `word(i)` is token i's word (nil for punctuation) and `raw(i)`
    /// its text as written; `partsOfSpeech` says what a word can be (`n`, `adj`, `vblex`…). A
    /// token with punctuation attached is left where it is, and so is an order of fewer than three.
    func declarative(_ order: [Int], word: (Int) -> String?, raw: (Int) -> String,
                     partsOfSpeech: (String) -> Set<String>) -> [Int] {
        guard order.count >= 3 else { return order }
        func isVerb(_ word: String) -> Bool { !partsOfSpeech(word).isDisjoint(with: ProtectedSpans.verbTags) }
        var result = order
        var position = 0
        while position + 2 < result.count {
            guard let auxiliary = word(result[position]), auxiliaries.contains(auxiliary),
                  let subject = word(result[position + 1]), subjects.contains(subject),
                  let verb = word(result[position + 2]),
                  raw(result[position]).lowercased() == auxiliary, raw(result[position + 1]).lowercased() == subject,
                  opensQuestion(at: position, in: result, word: word),
                  interposed.contains(verb) || isVerb(verb)
            else {
                position += 1
                continue
            }
            if questionMarkers.contains(auxiliary) {
                // `you do have` reads as emphasis (`I do need to` → `Necesito para`).
                result.remove(at: position)
                position += 1
            } else {
                result.swapAt(position, position + 1)
                position += 2
            }
        }
        return nounPhraseSubject(result, word: word, raw: raw, partsOfSpeech: partsOfSpeech)
    }

    /// `order` with a question's `be` or present `do` put after its noun phrase subject (`is
    /// the museum far` → `the museum is far`, `when does the museum close` → `when the museum
    /// does close`): Apertium reads the inverted order as a verb (`¿Es la comisaría abre…?`,
    /// `¿Hace este plato tiene…?`), and without `do` a verb after a singular subject keeps no
    /// mark of being one (`the museum close` → `el museo cercano`); it reads `does close` as
    /// the verb (`cierra`). The noun phrase is a determiner and words that may be
    /// nouns or adjectives, ending in a noun; after it comes what `be` says of it (no noun),
    /// or the verb `do` asks with. A past `did` is left alone: its verb would lose the past.
    private func nounPhraseSubject(_ order: [Int], word: (Int) -> String?, raw: (Int) -> String,
                                   partsOfSpeech: (String) -> Set<String>) -> [Int] {
        for position in order.indices.dropLast(3) {
            guard let auxiliary = word(order[position]), raw(order[position]).lowercased() == auxiliary,
                  beForms.contains(auxiliary) || (doForms.contains(auxiliary) && !VerbReadings.isOnlyPast(auxiliary, language: language, morphology: morphology)),
                  opensQuestion(at: position, in: order, word: word),
                  // In a wh-question `be` is the verb asked about (`how much is a taxi to…`): only
                  // a yes/no question, maybe after a lead-in (`excuse me`), moves it.
                  doForms.contains(auxiliary) || position == 0
                      || word(order[position - 1]).map({ openers.contains($0) && !questionWords.contains($0) }) == true,
                  let determiner = word(order[position + 1]), determiners.contains(determiner) else { continue }
            var end = position + 2
            while end + 1 < order.count, let noun = word(order[end]), raw(order[end]).lowercased() == noun,
                  case let tags = partsOfSpeech(noun), tags.contains("n") || tags.contains("adj") {
                defer { end += 1 }
                guard tags.contains("n"), let next = word(order[end + 1]) else { continue }
                let following = partsOfSpeech(next)
                var result = order
                if beForms.contains(auxiliary), !following.contains("n"), !determiners.contains(next) {
                    result.insert(result.remove(at: position), at: end)
                    return result
                }
                if !beForms.contains(auxiliary), following.contains("vblex") || following.contains("vbhaver") {
                    result.insert(result.remove(at: position), at: end)
                    return result
                }
            }
            return order
        }
        return order
    }

    /// Whether position `index` can start a question: the utterance's start, or just after
    /// a question word or an opener, or two words after a question word (`what time do`,
    /// `which bus should`).
    private func opensQuestion(at index: Int, in order: [Int], word: (Int) -> String?) -> Bool {
        guard index > 0 else { return true }
        if let previous = word(order[index - 1]), openers.contains(previous) { return true }
        guard index > 1, let before = word(order[index - 2]) else { return false }
        return questionWords.contains(before)
    }
}
