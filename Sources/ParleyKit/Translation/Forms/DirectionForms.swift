/// The clock times, dates and amounts one direction reads in its source and writes in its
/// target, made from the two packs with the direction's rules (`TranslationRules.build`)
/// and kept with them; each nil when the packs cannot say it.
struct DirectionForms: Sendable {
    let times: ClockTimes?
    let dates: Dates?
    let amounts: Amounts?

    /// The forms between the packs `source` and `target`.
    init(from source: LanguagePack, to target: LanguagePack) {
        times = .between(source, target)
        dates = .between(source, target)
        amounts = .between(source, target)
    }

    /// No forms: a cutter or a pattern made without a direction's packs.
    init() {
        times = nil
        dates = nil
        amounts = nil
    }
}
