import Foundation

/// What speaking one text took: when the first audio reached the device, and the report.
public struct SpokenUtterance: Sendable {
    /// Seconds from the start of `speak` to the first frame handed to the device.
    public let firstAudio: Double?
    /// The synthesis report.
    public let report: SynthesisReport
}

/// Speaks through the conversation's audio session with the echo guard: capture is
/// muted while the synthesiser's chunks go to the speaker as they are produced.
public struct SpeechOutput: Sendable {
    /// The synthesiser.
    public let synthesizer: any SpeechSynthesizing
    /// The open session.
    public let session: any AudioSession

    /// Creates an output over `session`.
    public init(synthesizer: any SpeechSynthesizing, session: any AudioSession) {
        self.synthesizer = synthesizer
        self.session = session
    }

    /// Speaks `text` with `voice` and `settings`; `interrupted` is polled between chunks
    /// (Ctrl-C) and stops the utterance and the playback at once.
    public func speak(_ text: String, voice: VoiceRequest, settings: UtteranceSettings,
                      interrupted: () -> Bool = { false }) throws -> SpokenUtterance {
        let start = DispatchTime.now().uptimeNanoseconds
        var firstAudio: Double?
        var playbackError: (any Error)?
        try session.beginSpeaking()
        let report: SynthesisReport
        do {
            report = try synthesizer.synthesize(text, voice: voice, settings: settings) { chunk in
                if interrupted() { return false }
                if firstAudio == nil { firstAudio = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
                do { try session.play(chunk) } catch { playbackError = error; return false }
                return true
            }
        } catch {
            try? session.endSpeaking(interrupted: true)
            throw error
        }
        try session.endSpeaking(interrupted: report.stoppedEarly)
        if let playbackError { throw playbackError }
        return SpokenUtterance(firstAudio: firstAudio, report: report)
    }
}
