/// The target's grammar rules that need the whole sentence, whoever wrote its parts
/// (Apertium, the phrasebook, a pattern's template and slots): what is wanted of someone
/// (`Quiero que venga`), the subjunctive after its triggers (`espero que le guste`), and in
/// a question the verb before its subject (`¿Cuándo cierra el museo?`).
enum SentenceGrammar {
    /// `text`, a sentence in `language` (a question when `asks`), with the rules its pack calls for.
    static func apply(to text: String, language: String, asks: Bool) -> String {
        let grammatical = SubjunctiveClauses.apply(to: WantingOthers.apply(to: text, language: language), language: language)
        return asks ? QuestionSubjectOrder.apply(to: grammatical, language: language) : grammatical
    }
}
