/// The target's grammar rules that need the whole sentence, whoever wrote its parts
/// (Apertium, the phrasebook, a pattern's template and slots): what is wanted of someone
/// (`Quiero que venga`), then the subjunctive after its triggers (`espero que le guste`).
enum SentenceGrammar {
    /// `text`, a sentence in `language`, with the rules its pack calls for.
    static func apply(to text: String, language: String) -> String {
        SubjunctiveClauses.apply(to: WantingOthers.apply(to: text, language: language), language: language)
    }
}
