/// What was heard or typed in a turn, before translation.
public struct HeardText: Sendable, Equatable {
    /// The words, as recognised or typed.
    public let text: String
    /// The recognizer's readings, best first (empty for typed turns).
    public let readings: [String]
    /// The speaker's locale.
    public let locale: LocaleTag
    /// How the words arrived.
    public let mode: TurnMode
    /// The turn's number in the conversation (1 is the first), and for a correction the
    /// number of the turn it corrects (the same). The journal numbers its records instead,
    /// corrections and retractions included.
    public let turn: Int
    public let corrects: Int?

    /// Words heard in `locale` in turn `turn`.
    public init(text: String, readings: [String], locale: LocaleTag, mode: TurnMode, turn: Int, corrects: Int? = nil) {
        self.text = text
        self.readings = readings
        self.locale = locale
        self.mode = mode
        self.turn = turn
        self.corrects = corrects
    }
}

/// What the conversation engine reports while it works, in order, for a front end to show.
/// Events arrive on the thread that called the engine; the `Interpreter` adds its commands'
/// replies to the same stream.
public enum ConversationEvent: Sendable, Equatable {
    /// A condition for the person, with a code: what does not work and what still does, a
    /// hint, what the engine did instead.
    case condition(ConversationCondition)
    /// Something failed; the conversation goes on.
    case problem(ParleyError)
    /// The speech model for the locale is still loading; listening waits for it.
    case modelLoading(LocaleTag)
    /// The microphone is live for the locale's speaker.
    case listening(LocaleTag)
    /// The words so far of the utterance in progress.
    case partial(LocaleTag, String)
    /// Listening ended without speech; the turn stays with the locale's side.
    case noSpeech(LocaleTag)
    /// A turn's words, already journaled together with its translation.
    case heard(HeardText)
    /// The turn's translation, with where each part came from.
    case translated(Translation)
    /// A part of the translation is being spoken.
    case speaking(SpokenPart)
    /// Speaking ended (`stoppedEarly` when interrupted).
    case spoken(stoppedEarly: Bool)
    /// Text that would have been spoken but was not (muted, or no speaker).
    case notSpoken(text: String, locale: LocaleTag, reason: String)
    /// The line was clearly in `spoken`, not in `expected` (whose turn it was): it is taken as
    /// the other side's turn and translated into `expected`.
    case languageDetected(spoken: LocaleTag, expected: LocaleTag)
    /// The turn passed: the locale's side speaks next.
    case passed(to: LocaleTag)
    /// Turn `turn` (counted as the conversation's turns) was taken back (`:undo`); the word is
    /// back with the side speaking `locale`.
    case retracted(turn: Int, locale: LocaleTag)
    /// The turn in progress was cancelled (Ctrl-C); nothing was journaled.
    case cancelled
    /// The audio device failed: the conversation goes on in typed mode.
    case audioLost(ParleyError)
    /// What interpretation without turns (`:interpret`) reports.
    case interpretation(InterpretationEvent)
    /// A command's result, for the person (`Now English ↔ Korean.`, `:history`'s lines).
    case reply(String)
    /// How to write a command that was not understood, or what a command did instead
    /// (`Still translating with …`).
    case hint(String)
    /// A command that could not be carried out (an unknown language for `:pair`, a voice not
    /// found); the conversation goes on as it was.
    case refused(ParleyError)
}
