import Foundation
import ParleyKit

/// The real parts of a conversation, made from the command line's options: Vosk, the chosen
/// translator, the voices (neural where installed, else espeak-ng), ALSA (or recordings) and the journal.
enum ConversationSetup {
    static func parts(options: ConversationOptions, paths: DataPaths, config: ConfigFile, library: DictionaryLibrary,
                      output: TerminalOutput) -> ConversationParts {
        let preferences = config.preferredLocales
        let recognition: (any SpeechRecognizing)?, recognitionUnavailable: ParleyError?
        switch VoskLibrary.shared {
        case .success:
            (recognition, recognitionUnavailable) = (VoskRecognition(store: ModelStore(roots: paths.modelRoots, preferences: preferences)), nil)
        case .failure(let error):
            (recognition, recognitionUnavailable) = (nil, error)
        }
        var journal: TranscriptJournal?
        do {
            journal = try TranscriptJournal(folder: paths.dataDirectory.appendingPathComponent("transcripts"))
        } catch {
            output.error(error)
        }
        return ConversationParts(
            recognition: recognition,
            recognitionUnavailable: recognitionUnavailable,
            translator: options.translator.make(library: library),
            synthesizer: { try voices(paths: paths, preferences: preferences, output: output) },
            openAudio: open,
            journal: journal,
            dictionaryWarnings: { library.takeWarnings() })
    }

    /// parley's voices (neural where installed, else espeak-ng) with the user's lexicons;
    /// a lexicon's bad lines and why a voice is not used go to `output`, once each.
    static func voices(paths: DataPaths, preferences: PreferredLocales, output: TerminalOutput) throws -> VoiceRouter {
        try VoiceRouter(paths: paths, preferences: preferences,
                        lexicons: Lexicon.loader(paths: paths, report: { output.note($0) }),
                        notice: { output.note($0) })
    }

    /// The endpoints the options ask for: recordings when `--input-wav`/`--output-wav` are
    /// given, else the ALSA devices.
    static func endpoints(_ options: ConversationOptions) -> AudioEndpoints {
        if options.inputWAV != nil || options.outputWAV != nil {
            return AudioEndpoints(kind: .recordings, input: options.inputWAV, output: options.outputWAV)
        }
        return AudioEndpoints(kind: .devices, input: options.input, output: options.output)
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
