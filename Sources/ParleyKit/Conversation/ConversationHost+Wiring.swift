import Foundation
import Synchronization

/// What a conversation is asked to be, as a front end reads it from its command line and
/// the config: the pair, the translator, and how turns are spoken. (The audio endpoints are
/// given to `ConversationEngine.start(audio:)`.)
public struct ConversationSettings: Sendable {
    /// The side that speaks first, and the other.
    public var first: LocaleTag
    public var second: LocaleTag
    /// The translator to start with.
    public var translator: TranslatorKind
    /// Show translations without speaking them.
    public var muted: Bool
    /// Trailing silence, in seconds, that ends an utterance; nil leaves it to the recognizer.
    public var endpoint: Double?
    /// The voices and rates of each locale.
    public var voices: VoiceSettings

    /// Settings for a conversation between `first` and `second`.
    public init(first: LocaleTag, second: LocaleTag, translator: TranslatorKind = .auto,
                muted: Bool = false, endpoint: Double? = Endpointer.defaultSilence, voices: VoiceSettings = VoiceSettings()) {
        self.first = first
        self.second = second
        self.translator = translator
        self.muted = muted
        self.endpoint = endpoint
        self.voices = voices
    }
}

extension ConversationHost {
    /// A conversation over the real stages, as `settings` ask: Vosk with the models under
    /// `paths`, the chosen translator over the dictionaries, the voices (neural where
    /// installed, else espeak-ng) with the user's lexicons, ALSA or recordings, and the
    /// transcript journal. What cannot be used is reported as a condition, not thrown.
    public convenience init(settings: ConversationSettings, paths: DataPaths, preferences: PreferredLocales) throws {
        let notices = NoticeRelay()
        let library = DictionaryLibrary(paths: paths)
        let recognizer = RecognizerKind.standard
        let recognitionUnavailable = recognizer.unavailableReason
        let recognition = recognitionUnavailable == nil
            ? recognizer.make(modelRoots: paths.modelRoots, preferences: preferences) : nil
        let journal: TranscriptJournal?, journalFailure: ParleyError?
        do {
            (journal, journalFailure) = (try TranscriptJournal(folder: paths.dataDirectory.appendingPathComponent("transcripts")), nil)
        } catch {
            (journal, journalFailure) = (nil, ParleyError.wrapping(error, stage: .storage, code: .unwritable))
        }
        let parts = ConversationParts(
            recognition: recognition,
            recognitionUnavailable: recognitionUnavailable,
            translator: settings.translator.make(library: library, translationRoots: paths.translationRoots),
            synthesizer: { try VoiceRouter.withLexicons(paths: paths, preferences: preferences) { notices.post(.voiceNotice($0)) } },
            openAudio: Self.open,
            journal: journal,
            library: library,
            translationRoots: paths.translationRoots,
            dictionaryWarnings: { library.takeWarnings() })
        try self.init { events in
            // Conditions met outside the engine's thread reach the front end like its own.
            notices.connect { events(.condition($0)) }
            if let journalFailure { events(.condition(.journalUnavailable(journalFailure))) }
            return ConversationEngine(first: settings.first, second: settings.second, parts: parts, voices: settings.voices,
                                      muted: settings.muted, endpoint: settings.endpoint, events: events)
        }
    }

    /// Opens `endpoints`, keeping whichever side opens.
    @Sendable static func open(_ endpoints: AudioEndpoints) -> AudioOpening {
        switch endpoints.kind {
        case .devices:
            return ALSAAudioSession.openAvailable(input: endpoints.input, output: endpoints.output)
        case .recordings:
            do {
                return AudioOpening(session: try FileAudioSession(inputWAV: endpoints.input.map { URL(fileURLWithPath: $0) },
                                                                  outputFolder: endpoints.output.map { URL(fileURLWithPath: $0) }))
            } catch {
                // A recording that cannot be read is the microphone's failure; a folder that
                // cannot be made, the speaker's.
                let failure = ParleyError.wrapping(error, stage: .audio, code: .unreadable)
                return AudioOpening(session: nil, failures: [failure.code == .unwritable ? .playback : .capture: failure])
            }
        }
    }
}

extension VoiceRouter {
    /// parley's voices (neural where installed, else espeak-ng) with the user's lexicons; a
    /// lexicon's bad lines and why a voice is not used go to `notice`, once each.
    public static func withLexicons(paths: DataPaths, preferences: PreferredLocales,
                                    notice: @escaping @Sendable (String) -> Void) throws -> VoiceRouter {
        try VoiceRouter(paths: paths, preferences: preferences, lexicons: Lexicon.loader(paths: paths, report: notice),
                        notice: notice)
    }
}

/// Passes conditions met on background threads (making the synthesizer) to the engine's
/// event stream once it exists; any met before that wait for it.
private final class NoticeRelay: Sendable {
    private struct State {
        var deliver: (@Sendable (ConversationCondition) -> Void)?
        var waiting: [ConversationCondition] = []
    }

    private let state = Mutex(State())

    func connect(_ deliver: @escaping @Sendable (ConversationCondition) -> Void) {
        let waiting = state.withLock { state in
            state.deliver = deliver
            defer { state.waiting = [] }
            return state.waiting
        }
        waiting.forEach(deliver)
    }

    func post(_ condition: ConversationCondition) {
        let deliver = state.withLock { state in
            if state.deliver == nil { state.waiting.append(condition) }
            return state.deliver
        }
        deliver?(condition)
    }
}
