/// What parley puts right in each of Apertium's replies, in order: the shipped post-edits
/// (word senses), then the grammar rules the packs call for in the direction (Spain's recent
/// past, the near future, the unsaid speaker, object clitics, ser or estar, the adjective after it agreeing, the infinitive after a preposition, the preposition before a place, noun compounds, whose body part hurts). Made once per
/// sentence; each rule is nil in a direction whose packs do not have it.
struct ReplyCorrections {
    let postEdits: ApertiumPostEdits
    let recentPast: RecentPast?
    let nearFuture: NearFuture?
    let speaker: SpeakerSubject?
    let clitics: ObjectClitics?
    let copula: CopulaChoice?
    let places: PlacePrepositions?
    let compounds: NounCompounds?
    let agreement: PredicateAgreement?
    let pain: PainOrder?
    let targetLanguage: String
    let sourceLanguage: String

    init(postEdits: ApertiumPostEdits, from source: String, to target: String) {
        self.postEdits = postEdits
        recentPast = RecentPast.between(source, target)
        nearFuture = NearFuture.between(source, target)
        speaker = SpeakerSubject.between(source, target)
        clitics = ObjectClitics.of(target)
        copula = CopulaChoice.of(target)
        places = PlacePrepositions.of(target)
        compounds = NounCompounds.of(target)
        agreement = PredicateAgreement.of(target)
        pain = PainOrder.between(source, target)
        targetLanguage = target
        sourceLanguage = source
    }

    /// `reply`, Apertium's translation of `run` (words of the sentence `sentence`, after
    /// `preceding`), put right. `opensQuestion`: the run opens a question whose marks are not
    /// written yet.
    func apply(to reply: String, run: [String], sentence: [String], preceding: String, opensQuestion: Bool) -> String {
        // A rule written `am really bored` holds for `i'm really bored` too.
        let writtenOut = SourceContractions.expand(sentence, language: sourceLanguage)
        var edited = postEdits.apply(to: reply, source: sentence, writtenOut: writtenOut == sentence ? [] : writtenOut,
                                     preceding: preceding)
        if let recentPast { edited = recentPast.apply(to: edited, source: sentence) }
        if let nearFuture { edited = nearFuture.apply(to: edited, source: run) }
        if let speaker { edited = speaker.apply(to: edited, run: run) }
        if let clitics { edited = clitics.apply(to: edited) }
        if let pain { edited = pain.apply(to: edited, source: run, question: opensQuestion) }
        if let copula { edited = copula.apply(to: edited, question: opensQuestion) }
        if let agreement { edited = agreement.apply(to: edited) }
        edited = GerundsAfterPrepositions.apply(to: edited, language: targetLanguage)
        if let places { edited = places.apply(to: edited) }
        return compounds?.apply(to: edited) ?? edited
    }
}
