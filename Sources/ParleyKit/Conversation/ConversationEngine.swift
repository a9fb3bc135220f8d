import Foundation

/// Everything a conversation is made of, handed to the engine: the real stages, or fakes.
public struct ConversationParts: Sendable {
    /// Speech recognition; nil when it cannot work at all (`recognitionUnavailable` says why).
    public var recognition: (any SpeechRecognizing)?
    /// Why there is no recognition (libvosk missing), said once at start.
    public var recognitionUnavailable: ParleyError?
    /// What listening answers without recognition.
    var recognitionFailure: ParleyError {
        recognitionUnavailable ?? ParleyError(.recognition, .libraryMissing, "Speech recognition is not available.")
    }
    /// The translator.
    public var translator: any Translating
    /// Makes the synthesizer; called once, in the background, when the engine starts.
    public var synthesizer: @Sendable () throws -> any SpeechSynthesizing
    /// Opens the audio endpoints asked for, keeping whichever side opens.
    public var openAudio: @Sendable (AudioEndpoints) -> AudioOpening
    /// The journal completed turns are appended to; nil when it could not be opened.
    public var journal: TranscriptJournal?
    /// The dictionaries the translators read, for the user's own entries (`:dict add`) and
    /// for making another translator (`:translator`); nil when there are none (fakes).
    public var library: DictionaryLibrary?
    /// The folders of neural translation models, for making another translator (`:translator`).
    public var translationRoots: [URL]
    /// Where dictionary problems come from, reported as they are met.
    public var dictionaryWarnings: @Sendable () -> [String]
    /// The time the engine measures by (the machine's; a test's `ManualClock`).
    public var time: any TimeSource

    /// The parts of a conversation.
    public init(recognition: (any SpeechRecognizing)?, recognitionUnavailable: ParleyError? = nil,
                translator: any Translating, synthesizer: @escaping @Sendable () throws -> any SpeechSynthesizing,
                openAudio: @escaping @Sendable (AudioEndpoints) -> AudioOpening,
                journal: TranscriptJournal?, library: DictionaryLibrary? = nil, translationRoots: [URL] = [],
                dictionaryWarnings: @escaping @Sendable () -> [String] = { [] }, time: any TimeSource = SystemTime()) {
        self.recognition = recognition
        self.recognitionUnavailable = recognitionUnavailable
        self.translator = translator
        self.synthesizer = synthesizer
        self.openAudio = openAudio
        self.journal = journal
        self.library = library
        self.translationRoots = translationRoots
        self.dictionaryWarnings = dictionaryWarnings
        self.time = time
    }
}

/// The conversation itself: two sides taking turns. A turn listens (or takes typed text),
/// recognises, translates, journals, speaks the translation in the listener's voice and
/// passes the word, reporting each step as a `ConversationEvent`. Front ends parse input,
/// call the engine and show its events; they hold no pipeline logic.
///
/// The engine belongs to one thread: every operation runs on the thread that calls it and
/// blocks until it is done; events are delivered on that thread. Other threads stop its
/// work and read where it stands through `control`.
public final class ConversationEngine {
    /// Stops the engine's work and reads its state from other threads.
    public let control: EngineControl

    var parts: ConversationParts
    var voices: VoiceSettings
    var audio: (any AudioSession)?
    let emit: (ConversationEvent) -> Void
    /// Streams reused across turns (making one costs ~80 ms), by locale and rate.
    var streams: [String: any RecognitionStream] = [:]
    /// The last thing spoken, for `:again`.
    var lastSpoken: [SpokenPart] = []
    /// Whether the last thing spoken is spoken even when muted (it came from `:say`).
    var lastSpokenEvenWhenMuted = false
    /// parley's own endpointer (nil: Vosk's endpoint alone); it learns the room's noise, so
    /// it is kept across turns.
    var endpointer: Endpointer?
    /// Whether the endpointer listens to what was said and how (`TurnCues`, the pitch at the
    /// end) to wait less after a finished sentence; off, it always waits the full setting.
    public var endOfTurnCues = true
    /// Whether a spoken turn's words are finished at each pause that could end it, and their
    /// translation and first audio made while the silence runs (`SpeculativeTurn`); off, the
    /// recognizer finishes once, at the decision, and the turn is translated after it.
    public var speculates = true
    /// Whether the end-of-turn cues read the words the recognizer finished at a pause
    /// (speculating) rather than its partial words, which lag the audio by ~0.45 s. On, a
    /// finished Korean phrase ends 0.3 s into its pause; but a first half the small model
    /// mishears as a finished sentence ("병원이" as "비 었다") then ends the turn at a pause
    /// shorter than the setting (TurnTakingEndToEndTests: 0.35 s at 0.45, 0.63 s at 0.8),
    /// which the setting promises never happens. Off by default until a cue tells a misheard
    /// ending from a real one; `scripts/bench endpoint` measures both.
    public var cuesReadFinalWords = false
    /// The speculation on the turn being listened to, if any.
    var speculation: SpeculativeTurn?
    /// How often the turns' final words were the ones speculated on.
    public internal(set) var speculationTally = SpeculationTally()
    /// Why the speaker failed, while the microphone goes on working: translations are shown,
    /// not played, until another speaker is chosen.
    var speakerFailure: ParleyError?
    /// Journal records written so far: the next record is number `recordsWritten + 1`.
    var recordsWritten = 0
    let synthesizer: Deferred<any SpeechSynthesizing>

    /// A conversation between `first` (who speaks first) and `second`, over `parts`, with
    /// `voices`; `events` receives what happens. Starts making the synthesizer in the
    /// background at once, so the first spoken turn does not wait for it.
    /// `endpoint` is the trailing silence, in seconds, that ends an utterance (nil leaves
    /// it to the recognizer).
    public init(first: LocaleTag, second: LocaleTag, parts: ConversationParts, voices: VoiceSettings = VoiceSettings(),
                muted: Bool = false, endpoint: Double? = Endpointer.defaultSilence,
                events: @escaping (ConversationEvent) -> Void) {
        self.parts = parts
        self.voices = voices
        emit = events
        // Made and warmed in the background: the first spoken turn pays for neither.
        let make = parts.synthesizer
        let requests = [first, second].map { voices.voice(for: $0) }
        synthesizer = Deferred {
            let synthesizer = try make()
            synthesizer.warmUp(requests)
            return synthesizer
        }
        endpointer = endpoint.map { Endpointer(trailingSilence: $0) }
        // parley's setting alone ends a turn on silence: the recognizer's endpoint waits longer.
        parts.recognition?.setCallerEndsUtterances(endpoint != nil)
        var snapshot = ConversationSnapshot(conversation: Conversation(first: first, second: second))
        snapshot.muted = muted
        snapshot.endpoint = endpointer?.trailingSilence
        control = EngineControl(snapshot: snapshot)
        control.track(translator: parts.translator)
    }

    deinit {
        audio?.close()
    }

    /// Where the conversation stands.
    public var snapshot: ConversationSnapshot { control.snapshot }

    /// The two sides and whose turn it is, kept in the snapshot other threads read.
    var conversation: Conversation { control.snapshot.conversation }

    /// What the audio session is connected to (`microphone default at 16000 Hz, …`), or nil
    /// without one (typed mode).
    public var audioSummary: String? { audio?.summary }

    /// Ends the conversation's use of its devices: the audio session is closed and turns
    /// go on typed. Safe to call more than once.
    public func close() {
        audio?.close()
        audio = nil
        streams = [:]
    }

    /// Gets everything ready in the background (speech models, the translation engine) and
    /// opens `endpoints`, saying once what does not work and what still does.
    public func start(audio endpoints: AudioEndpoints?) {
        preparePair()
        if let unavailable = parts.recognitionUnavailable { emit(.condition(.recognitionUnavailable(unavailable))) }
        for locale in [conversation.speakerLocale, conversation.listenerLocale] {
            if let missing = parts.recognition?.unavailableReason(locale) { emit(.condition(.modelMissing(locale, missing))) }
        }
        reportUntranslatableDirections()
        if let endpoints { openAudio(endpoints) }
    }

    // MARK: - Turns

    /// A typed turn: `text` is translated (or, dictating, kept), shown, spoken and passes the word;
    /// hands-free, the next side is listened to after it.
    public func typedTurn(_ text: String) {
        control.beginOperation()
        guard completeTurn(text: text, readings: [], mode: .typed) else { return }
        listenAfterTurnIfHandsFree()
    }

    /// Completes a turn from its words (said as `speech` describes): translates them
    /// (dictating: keeps them), journals the turn, reports it, speaks it in the listener's voice and passes the word. Returns
    /// false when the turn did not complete (nothing to translate, a failure, Ctrl-C).
    @discardableResult
    func completeTurn(text: String, readings: [String], mode: TurnMode, detectingLanguage: Bool = true,
                      speech: SpeechAnalytics? = nil) -> Bool {
        if detectingLanguage { takeTurnForTheOtherSideIfItsLanguage(text) }
        // Read field by field: a whole snapshot held across the append below would make it
        // copy every turn so far (time per turn grew with the conversation).
        let (dictating, speaker, voiceLocale, side, number) = control.read {
            ($0.dictating, $0.speaker, $0.voiceLocale, $0.conversation.current, $0.turns.count + 1)
        }
        let turnMode = dictating ? TurnMode.dictation : mode
        let speculated = takeSpeculation(for: text, from: speaker, to: voiceLocale, mode: turnMode)
        guard let translation = translate(text, from: speaker, to: voiceLocale, mode: turnMode,
                                          speculated: speculated?.translation) else {
            return false
        }
        let record = TurnRecord(turn: recordsWritten + 1, side: side, mode: turnMode,
                                translation: translation, alternatives: readings, speech: speech)
        journalAndShow(record, translation: translation, mode: mode, number: number)
        control.update { $0.turns.append(record) }
        speak(translation.spokenParts, prepared: speculated?.speech)
        if !dictating { passTurn() }
        return true
    }

    /// People answer out of turn: a line clearly in the listener's language is the listener's
    /// turn. The sides swap before it is translated, so it is said to the right person and the
    /// word then passes back, as in a conversation app's automatic mode.
    func takeTurnForTheOtherSideIfItsLanguage(_ text: String) {
        let snapshot = control.snapshot
        guard snapshot.detectsLanguage, !snapshot.dictating,
              parts.translator.isClearly(snapshot.listener, not: snapshot.speaker, text: text) else { return }
        giveTurnToTheListener()
    }

    /// Says the listener's language was detected and swaps the sides, so the turn is theirs.
    func giveTurnToTheListener() {
        let snapshot = control.snapshot
        emit(.languageDetected(spoken: snapshot.listener, expected: snapshot.speaker))
        control.update { $0.conversation.swap() }
    }

    /// The translation of `text` (for dictation, the text itself), or nil when there is none
    /// to speak (already reported: a failure, Ctrl-C, no words). `speculated` is its
    /// translation made ahead from the same words (`SpeculativeTurn`), taken as it is.
    func translate(_ text: String, from source: LocaleTag, to target: LocaleTag, mode: TurnMode,
                   speculated: Translation? = nil) -> Translation? {
        // A control character inside the words is no word, and cut the engines' text short.
        let text = InputText.cleaned(text)
        let translation: Translation
        do {
            translation = try speculated ?? (mode == .dictation ? Dictation.translation(of: text, in: source,
                                                                                         pack: parts.translator.packs.pack(source.language))
                : parts.translator.translate(text, from: source, to: target))
        } catch let error as ParleyError where error.code == .interrupted {
            emit(.cancelled)
            return nil
        } catch {
            emit(.problem(Self.parleyError(error, stage: .translation)))
            return nil
        }
        for warning in parts.dictionaryWarnings() { emit(.condition(.dictionaryWarning(warning))) }
        if control.takeCancel() {
            emit(.cancelled)
            return nil
        }
        guard !translation.segments.isEmpty else {
            emit(.condition(.nothingToTranslate))
            return nil
        }
        return translation
    }

    /// Appends `record` to the journal, then shows it as the conversation's turn `number`
    /// (a correction keeps the number of the turn it corrects; the journal numbers records,
    /// corrections and retractions included): a turn the person has seen is already on disk.
    func journalAndShow(_ record: TurnRecord, translation: Translation, mode: TurnMode, number: Int) {
        write(record)
        emit(.heard(HeardText(text: translation.sourceText, readings: record.alternatives, locale: translation.source,
                              mode: mode, turn: number, corrects: record.replaces == nil ? nil : number)))
        emit(.translated(translation))
    }

    /// Appends `record` to the journal; a failure is reported and the conversation goes on.
    func write(_ record: TurnRecord) {
        recordsWritten += 1
        do { try parts.journal?.append(record) } catch { emit(.problem(Self.parleyError(error, stage: .conversation))) }
    }

    /// Gives the word to the other side.
    func passTurn() {
        control.update { $0.conversation.swap() }
        emit(.passed(to: conversation.speakerLocale))
    }

    // MARK: - Helpers

    /// The synthesizer, once made (waits for the background start on first use).
    func synthesizerOrProblem() -> (any SpeechSynthesizing)? {
        do {
            let synthesizer = try synthesizer.value()
            control.track(synthesizer: synthesizer)
            return synthesizer
        } catch {
            emit(.problem(Self.parleyError(error, stage: .synthesis)))
            return nil
        }
    }

    /// Starts loading the pair's speech models and its translation engines, in the background.
    func preparePair() {
        let (first, second) = (conversation.speakerLocale, conversation.listenerLocale)
        parts.recognition?.prepare(first)
        parts.recognition?.prepare(second)
        prepareTranslator()
    }

    func prepareTranslator() {
        let (first, second) = (conversation.speakerLocale, conversation.listenerLocale)
        parts.translator.prepare(from: first, to: second)
        parts.translator.prepare(from: second, to: first)
    }

    /// Says once, for a pair that cannot be translated one way or both, what is missing.
    func reportUntranslatableDirections() {
        let (first, second) = (conversation.speakerLocale, conversation.listenerLocale)
        for (source, target) in [(first, second), (second, first)]
            where parts.translator.engine(from: source, to: target) == nil {
            emit(.condition(.directionUntranslatable(source: source, target: target, translator: parts.translator.name)))
        }
    }

    static func parleyError(_ error: any Error, stage: Stage) -> ParleyError {
        ParleyError.wrapping(error, stage: stage, code: .engineFailed)
    }
}

/// Dictation: the words are spoken back as they were heard, in the speaker's language.
enum Dictation {
    /// `text` as a sentence of `locale` (whose pack is `pack`), recorded as dictation rather
    /// than translated.
    static func translation(of text: String, in locale: LocaleTag, pack: LanguagePack) -> Translation {
        let mood = SentenceStyle.mood(of: text, pack: pack)
        let styled = SentenceStyle.sentence(text, mood: mood, pack: pack)
        return Translation(sourceText: text, source: locale, target: locale, text: styled,
                           segments: [TranslationSegment(source: PhraseText.key(text), target: styled, origin: .dictation)])
    }
}
