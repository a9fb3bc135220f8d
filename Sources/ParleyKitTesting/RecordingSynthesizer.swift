import Foundation
import ParleyKit
import Synchronization

/// Speech synthesis that records what it was asked to say, for tests. Each word becomes one
/// chunk of 0.1 s of audio at 22.05 kHz (level 1000), so playback can be counted and
/// stopped part-way; `chunkDelay` (seconds on its clock) slows each chunk down for tests that
/// interrupt speech, and `stop` cuts that wait short.
public final class RecordingSynthesizer: SpeechSynthesizing {
    /// One request to speak.
    public struct Utterance: Sendable, Equatable {
        public let text: String
        public let voice: VoiceRequest
        public let settings: UtteranceSettings
        /// True when it was stopped before its last chunk.
        public let stoppedEarly: Bool
    }

    private let utterancesSpoken = Mutex<[Utterance]>([])
    private let stopRequested = WakeSignal()
    private let chunkDelay: Duration
    private let time: any TimeSource
    private let voices: [String: String]

    /// A synthesizer with `voices` (language → voice name; other languages have none).
    public init(voices: [String: String] = ["en": "fake/en", "es": "fake/es", "ko": "fake/ko"], chunkDelay: Double = 0,
                time: any TimeSource = SystemTime()) {
        self.voices = voices
        self.chunkDelay = .seconds(chunkDelay)
        self.time = time
    }

    /// Everything spoken so far, in order.
    public var utterances: [Utterance] { utterancesSpoken.withLock { $0 } }

    public func voice(for request: VoiceRequest) throws -> String {
        if let name = request.name { return name }
        guard let voice = voices[request.locale.language] else {
            throw ParleyError(.synthesis, .notFound, "No voice for \(request.locale).")
        }
        return request.gender.map { "\(voice)+\($0.rawValue)" } ?? voice
    }

    public func stop() {
        stopRequested.fire()
    }

    public func synthesize(_ text: String, voice request: VoiceRequest, settings: UtteranceSettings,
                           onChunk: (AudioChunk) -> Bool) throws -> SynthesisReport {
        try UtteranceSettings.requireWords(in: text)
        let voice = try voice(for: request)
        stopRequested.reset()
        var samples = 0
        var stopped = false
        for _ in text.split(separator: " ") {
            if chunkDelay > .zero { time.wait(for: chunkDelay, wake: stopRequested) }
            let chunk = AudioChunk(samples: [Int16](repeating: 1_000, count: 2_205), sampleRate: 22_050)
            if stopRequested.hasFired || !onChunk(chunk) {
                stopped = true
                break
            }
            samples += chunk.samples.count
        }
        utterancesSpoken.withLock {
            $0.append(Utterance(text: text, voice: request, settings: settings, stoppedEarly: stopped))
        }
        return SynthesisReport(voice: voice, sampleCount: samples, sampleRate: 22_050, stoppedEarly: stopped)
    }
}
