/// The target's grammar rules that need the whole sentence, whoever wrote its parts
/// (Apertium, the phrasebook, a pattern's template and slots): what is wanted of someone
/// (`Quiero que venga`), the subjunctive after its triggers (`espero que le guste`), ser or
/// estar before a state (`No está tan lejos`) and the state agreeing (`Estamos muy felices`),
/// `mejor` before its noun (`el mejor café de la ciudad`), English `to` before a verb that
/// needs it (`I would like to change`), a subject after `and` (`…and it was closed`), how
/// long something has gone on in the perfect (`I have lived here for two years`, from the
/// source's `desde hace`), and in a question the verb before its subject (`¿Cuándo cierra el
/// museo?`).
enum SentenceGrammar {
    /// `text`, the translation into `language` of a sentence whose words in `source` are
    /// `sourceWords` (a question when `asks`), with the rules the packs call for.
    static func apply(to text: String, language: String, from source: String, sourceWords: [String], asks: Bool) -> String {
        var grammatical = SubjunctiveClauses.apply(to: WantingOthers.apply(to: text, language: language), language: language)
        // Ser or estar once more on the whole: the state may have come from the phrasebook
        // (`No es` + `tan lejos`), apart from the copula Apertium wrote.
        if let copula = CopulaChoice.of(language) { grammatical = copula.apply(to: grammatical, question: asks) }
        if let agreement = PredicateAgreement.of(language) { grammatical = agreement.apply(to: grammatical) }
        grammatical = PreposedAdjectives.apply(to: grammatical, language: language)
        grammatical = InfinitiveMarker.apply(to: grammatical, language: language)
        grammatical = SubjectAfterConjunction.apply(to: grammatical, language: language)
        if let duration = DurationPerfect.between(source, language) {
            grammatical = duration.apply(to: grammatical, source: sourceWords)
        }
        return asks ? QuestionSubjectOrder.apply(to: grammatical, language: language) : grammatical
    }
}
