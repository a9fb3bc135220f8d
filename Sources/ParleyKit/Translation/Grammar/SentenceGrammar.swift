/// The target's grammar rules that need the whole sentence, whoever wrote its parts
/// (Apertium, the phrasebook, a pattern's template and slots): the `.sentence` stage of the
/// direction's `TranslationRules` — what is wanted of someone (`Quiero que venga`), the
/// subjunctive after its triggers (`espero que le guste`), ser or estar before a state (`No
/// está tan lejos`) and the state agreeing (`Estamos muy felices`), `mejor` before its noun
/// (`el mejor café de la ciudad`), English `to` before a verb that needs it (`I would like to
/// change`), a subject after `and` (`…and it was closed`), how long something has gone on in
/// the perfect (`I have lived here for two years`, from the source's `desde hace`), in a
/// question the verb before its subject (`¿Cuándo cierra el museo?`), and a command said to
/// usted (`Repita`).
enum SentenceGrammar {
    /// `text`, the translation of a sentence whose source words are `sourceWords` (a
    /// question when `asks`, a command to the listener when `commands`), with `rules`'
    /// sentence rules.
    static func apply(to text: String, rules: TranslationRules, sourceWords: [String], asks: Bool,
                      commands: Bool = false) -> String {
        rules.apply(.sentence, to: text, facts: SentenceFacts(sourceWords: sourceWords, asks: asks, commands: commands))
    }
}
