/// What parley puts right in each of Apertium's replies, in order: the shipped post-edits
/// (word senses), then the direction's rules of the `.engineReply` stage (Spain's recent
/// past, the near future, the unsaid speaker, object clitics, ser or estar… as
/// `TranslationRules.build` lists them). Made once per sentence.
struct ReplyCorrections {
    let postEdits: ApertiumPostEdits
    let rules: TranslationRules

    init(postEdits: ApertiumPostEdits, rules: TranslationRules) {
        self.postEdits = postEdits
        self.rules = rules
    }

    /// `reply`, Apertium's translation of `run` (words of the sentence `sentence`, after
    /// `preceding`), put right. `opensQuestion`: the run opens a question whose marks are not
    /// written yet.
    func apply(to reply: String, run: [String], sentence: [String], preceding: String, opensQuestion: Bool) -> String {
        // A rule written `am really bored` holds for `i'm really bored` too.
        let writtenOut = SourceContractions.expand(sentence, language: rules.pair.source)
        let edited = postEdits.apply(to: reply, source: sentence, writtenOut: writtenOut == sentence ? [] : writtenOut,
                                     preceding: preceding)
        return rules.apply(.engineReply, to: edited, facts: SentenceFacts(sourceWords: sentence, run: run, asks: opensQuestion))
    }
}
