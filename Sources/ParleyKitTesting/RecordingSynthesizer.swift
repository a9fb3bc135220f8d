import Foundation
import ParleyKit
import Synchronization

/// Speech synthesis that records what it was asked to say, for tests. Each word becomes one
/// chunk of 0.1 s of audio at 22.05 kHz (level 1000), so playback can be counted and
/// stopped part-way; `chunkDelay` slows each chunk down for tests that interrupt speech.
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
    private let stopRequested = Atomic<Bool>(false)
    private let chunkDelay: Double
    private let voices: [String: String]

    /// A synthesizer with `voices` (language → voice name; other languages have none).
    public init(voices: [String: String] = ["en": "fake/en", "es": "fake/es", "ko": "fake/ko"], chunkDelay: Double = 0) {
        self.voices = voices
        self.chunkDelay = chunkDelay
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
        stopRequested.store(true, ordering: .relaxed)
    }

    public func synthesize(_ text: String, voice request: VoiceRequest, settings: UtteranceSettings,
                           onChunk: (AudioChunk) -> Bool) throws -> SynthesisReport {
        try UtteranceSettings.requireWords(in: text)
        let voice = try voice(for: request)
        stopRequested.store(false, ordering: .relaxed)
        var samples = 0
        var stopped = false
        for _ in text.split(separator: " ") {
            if chunkDelay > 0 { Thread.sleep(forTimeInterval: chunkDelay) }
            let chunk = AudioChunk(samples: [Int16](repeating: 1_000, count: 2_205), sampleRate: 22_050)
            if stopRequested.load(ordering: .relaxed) || !onChunk(chunk) {
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
