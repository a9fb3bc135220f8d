import Foundation

/// Speaks through an audio session behind the echo guard: from the first part to the last,
/// the session discards what its microphone captures, so parley never hears itself. Audio
/// goes to the speaker chunk by chunk as the synthesizer makes it.
public struct SpeechOutput: Sendable {
    /// The synthesizer.
    public let synthesizer: any SpeechSynthesizing
    /// The open session.
    public let session: any AudioSession
    /// What `firstAudio` is measured by.
    public let time: any TimeSource

    /// Creates an output over `session`.
    public init(synthesizer: any SpeechSynthesizing, session: any AudioSession, time: any TimeSource = SystemTime()) {
        self.synthesizer = synthesizer
        self.session = session
        self.time = time
    }

    /// How speaking went.
    public struct Outcome: Sendable {
        /// Seconds from the call to the first frame handed to the device.
        public let firstAudio: Double?
        /// True when `shouldStop` (or the synthesizer's `stop`) ended it early.
        public let stoppedEarly: Bool
        /// True when the first part was played from the speech prepared for it.
        public var playedPrepared = false
    }

    /// Speaks `parts` in order, each with the voice and settings `style` gives its locale;
    /// `starting` hears of each part as it starts, `skipped` of a part whose locale has no
    /// voice. `shouldStop` is polled between chunks and stops speech and playback at once.
    /// `prepared` is the first part's audio made ahead (`PreparedSpeech`): played instead of
    /// synthesising that part when it was made from the same words, voice and settings.
    public func speak(_ parts: [SpokenPart], style: (LocaleTag) throws -> (VoiceRequest, UtteranceSettings),
                      prepared: PreparedSpeech? = nil,
                      shouldStop: () -> Bool = { false }, starting: (SpokenPart) -> Void = { _ in },
                      skipped: (SpokenPart, any Error) -> Void = { _, _ in })
        throws -> Outcome {
        let start = time.elapsed
        var firstAudio: Double?
        var playbackError: (any Error)?
        var stopped = false
        var playedPrepared = false
        try session.beginSpeaking()
        do {
            for (index, part) in parts.enumerated() where !stopped {
                let voice: VoiceRequest, settings: UtteranceSettings
                do { (voice, settings) = try style(part.locale) } catch {
                    skipped(part, error)
                    continue
                }
                starting(part)
                func play(_ chunk: AudioChunk) -> Bool {
                    if shouldStop() { return false }
                    if firstAudio == nil { firstAudio = (time.elapsed - start).timeInterval }
                    do { try session.play(chunk) } catch { playbackError = error; return false }
                    return true
                }
                let report: SynthesisReport
                do {
                    if index == 0, let prepared, prepared.matches(part, voice: voice, settings: settings),
                       let played = prepared.play(play) {
                        report = played
                        playedPrepared = true
                    } else {
                        report = try synthesizer.synthesize(part.text, voice: voice, settings: settings, onChunk: play)
                    }
                } catch let error as ParleyError where error.stage == .synthesis && error.code != .engineFailed {
                    skipped(part, error)
                    continue
                }
                stopped = report.stoppedEarly
            }
        } catch {
            try? session.endSpeaking(interrupted: true)
            throw error
        }
        try session.endSpeaking(interrupted: stopped)
        if let playbackError { throw playbackError }
        return Outcome(firstAudio: firstAudio, stoppedEarly: stopped, playedPrepared: playedPrepared)
    }
}
