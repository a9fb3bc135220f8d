/// Something the conversation engine tells the person that is neither a turn nor a failure:
/// what does not work and what still does, a hint, what it did instead. Front ends branch on
/// `code` and show `description` (or their own words for it); they never parse the text.
public enum ConversationCondition: Sendable, Equatable, CustomStringConvertible {
    /// What kind of condition this is: stable names for scripts and other front ends.
    public enum Code: String, Sendable, Equatable, CaseIterable {
        /// Speech recognition cannot work at all (libvosk missing); typed turns still do.
        case recognitionUnavailable
        /// No usable speech model for a side's locale; typed turns still work.
        case modelMissing
        /// Nothing translates one direction of the pair with the current translator.
        case directionUntranslatable
        /// A dictionary file had a problem (a bad line, an unreadable file).
        case dictionaryWarning
        /// A voice or lexicon could not be used; another one speaks.
        case voiceNotice
        /// A recording (`:listen FILE`) was read with a remark (its header counts less audio than it holds).
        case recordingNotice
        /// The line had no words to translate.
        case nothingToTranslate
        /// `:again` before anything was said.
        case nothingSaidYet
        /// A correction (`:alt`, `:retype`, `:undo`) before any turn.
        case noTurnToCorrect
        /// One part of a translation could not be spoken in its voice; the rest was.
        case partNotSpoken
        /// The speaker failed but the microphone works: translations are shown, not spoken.
        case speakerLost
        /// No audio device opened: the conversation is typed.
        case noAudioDevice
        /// The transcript journal could not be opened: turns are not kept on disk.
        case journalUnavailable
        /// A translation too long to say was said up to the limit; all of it is shown.
        case speechCut
        /// The microphone is a recording (`--input-wav`) and all of it has been heard.
        case recordingEnded
        /// There is a microphone but nothing to speak through: translations are shown, not spoken.
        case noSpeaker
    }

    /// libvosk is missing (the error says what to install).
    case recognitionUnavailable(ParleyError)
    /// No speech model for `locale` (the error says which are installed and how to add one).
    case modelMissing(LocaleTag, ParleyError)
    /// Nothing translates `source`→`target` with the translator named `translator`.
    case directionUntranslatable(source: LocaleTag, target: LocaleTag, translator: String)
    /// A dictionary problem, in the dictionary library's words.
    case dictionaryWarning(String)
    /// Why a voice or a lexicon line is not used, in the synthesizer's words.
    case voiceNotice(String)
    /// What is odd about a recording that was read anyway.
    case recordingNotice(String)
    /// The line had no words.
    case nothingToTranslate
    /// Nothing has been spoken yet.
    case nothingSaidYet
    /// There is no turn to correct.
    case noTurnToCorrect
    /// `part` was not spoken in its voice because of `error`.
    case partNotSpoken(SpokenPart, ParleyError)
    /// The speaker failed; the microphone goes on working.
    case speakerLost
    /// No audio device opened; `failures` are the devices the person named that did not.
    case noAudioDevice(failures: [ParleyError])
    /// The transcript journal could not be opened.
    case journalUnavailable(ParleyError)
    /// Only the first `spoken` of `total` characters were said.
    case speechCut(spoken: Int, total: Int)
    /// The input recording has been heard to its end.
    case recordingEnded
    /// No speaker; `recordings` when the conversation runs on recordings (`--output-wav` helps).
    case noSpeaker(recordings: Bool)

    /// The condition's kind.
    public var code: Code {
        switch self {
        case .recognitionUnavailable: .recognitionUnavailable
        case .modelMissing: .modelMissing
        case .directionUntranslatable: .directionUntranslatable
        case .dictionaryWarning: .dictionaryWarning
        case .voiceNotice: .voiceNotice
        case .recordingNotice: .recordingNotice
        case .nothingToTranslate: .nothingToTranslate
        case .nothingSaidYet: .nothingSaidYet
        case .noTurnToCorrect: .noTurnToCorrect
        case .partNotSpoken: .partNotSpoken
        case .speakerLost: .speakerLost
        case .noAudioDevice: .noAudioDevice
        case .journalUnavailable: .journalUnavailable
        case .speechCut: .speechCut
        case .recordingEnded: .recordingEnded
        case .noSpeaker: .noSpeaker
        }
    }

    /// The locale the condition is about, when it is about one.
    public var locale: LocaleTag? {
        switch self {
        case .modelMissing(let locale, _): locale
        case .directionUntranslatable(let source, _, _): source
        case .partNotSpoken(let part, _): part.locale
        default: nil
        }
    }

    /// The underlying error, when there is one (its code and stage are the details).
    public var error: ParleyError? {
        switch self {
        case .recognitionUnavailable(let error), .modelMissing(_, let error), .partNotSpoken(_, let error),
             .journalUnavailable(let error):
            error
        case .noAudioDevice(let failures): failures.first
        default: nil
        }
    }

    /// The condition in English, for a person at a terminal.
    public var description: String {
        switch self {
        case .recognitionUnavailable(let error):
            error.message
        case .modelMissing(_, let error):
            error.message + " Typed turns still work."
        case .directionUntranslatable(let source, let target, let translator):
            "Nothing translates \(source.language)→\(target.language) with the \(translator) translator: turns from "
                + "\(source) will fail. Add entries with `parley dict add \(source.language) \(target.language) PHRASE "
                + "TRANSLATION`, or pick another translator (:translator)."
        case .dictionaryWarning(let text), .voiceNotice(let text), .recordingNotice(let text):
            text
        case .nothingToTranslate:
            "Nothing to translate: the line has no words."
        case .nothingSaidYet:
            "Nothing has been said yet."
        case .noTurnToCorrect:
            "No turn to correct: none has been said, or each was taken back (:undo)."
        case .partNotSpoken(let part, let error):
            "Not spoken in \(part.locale)'s voice: \(part.text) (\(error.message))"
        case .speakerLost:
            "The microphone still works: translations are shown, not spoken, until another speaker is chosen (:device out NAME)."
        case .noAudioDevice(let failures):
            (failures.map(\.message) + ["No audio device: parley works in typed mode (translations are shown, not spoken). "
                + "Use --input-wav/--output-wav for recordings, or :devices to look for one."]).joined(separator: " ")
        case .journalUnavailable(let error):
            "\(error)"
        case .speechCut(let spoken, let total):
            "Only the first \(spoken) of \(total) characters were spoken (about 5 minutes); all of it is shown above."
        case .recordingEnded:
            "The input recording has ended: nothing more to listen to. Type your turns, "
                + "or take one from another recording with :listen FILE.wav."
        case .noSpeaker(let recordings):
            recordings
                ? "No speaker: translations are shown, not spoken. Start parley with --output-wav DIR to have them "
                    + "written as WAV files."
                : "No speaker: translations are shown, not spoken, until one is chosen (:device out NAME)."
        }
    }
}
