import Foundation
import Synchronization

/// One part of speech synthesised ahead of time, on another thread, to be played once if it
/// turns out to be needed: the first audio of a translation made while the silence that may
/// end the turn still runs. Its chunks are kept as they come, so playing may start before
/// the synthesis is over; playing waits for the chunks still to come.
public final class PreparedSpeech: Sendable {
    /// What is spoken, and how: playing it stands for synthesising exactly this.
    public let part: SpokenPart
    public let voice: VoiceRequest
    public let settings: UtteranceSettings

    private struct State {
        var chunks: [AudioChunk] = []
        /// Set once the synthesis is over: its report, or why it failed.
        var outcome: Result<SynthesisReport, any Error>?
        var cancelled = false
    }

    private let state = Mutex(State())
    /// Signalled on every change, so a player waiting for a chunk wakes.
    private let changed = NSCondition()

    /// Speech of `part` with `voice` and `settings`, not made yet (`make`).
    public init(part: SpokenPart, voice: VoiceRequest, settings: UtteranceSettings) {
        self.part = part
        self.voice = voice
        self.settings = settings
    }

    /// True when playing this stands for synthesising `part` with `voice` and `settings`.
    public func matches(_ part: SpokenPart, voice: VoiceRequest, settings: UtteranceSettings) -> Bool {
        self.part == part && self.voice == voice && self.settings == settings
    }

    /// Synthesises the part with `synthesizer`, keeping its chunks; stops early once
    /// cancelled. Blocks: call it on the thread that prepares it.
    public func make(with synthesizer: any SpeechSynthesizing) {
        let outcome = Result {
            try synthesizer.synthesize(part.text, voice: voice, settings: settings) { chunk in
                update { state in
                    guard !state.cancelled else { return false }
                    state.chunks.append(chunk)
                    return true
                }
            }
        }
        update { state in
            state.outcome = outcome
            return true
        }
    }

    /// Nobody will play it: the synthesis stops at its next chunk.
    public func cancel() {
        update { state in
            state.cancelled = true
            return true
        }
    }

    /// True once the synthesis is over.
    public var isMade: Bool { state.withLock { $0.outcome != nil } }

    /// Hands the chunks to `onChunk` in order as they come, as a synthesizer would; nil when
    /// the synthesis failed or was cancelled before its first chunk (then synthesise the part
    /// instead, which says why if it fails again). `onChunk` returns false to stop early.
    public func play(_ onChunk: (AudioChunk) -> Bool) -> SynthesisReport? {
        var next = 0
        var samples = 0
        var rate = 22_050
        while true {
            changed.lock()
            var step: (chunk: AudioChunk?, outcome: Result<SynthesisReport, any Error>?)
            while true {
                step = state.withLock { ($0.chunks.count > next ? $0.chunks[next] : nil, $0.outcome) }
                if step.chunk != nil || step.outcome != nil { break }
                changed.wait()
            }
            changed.unlock()
            if let chunk = step.chunk {
                next += 1
                samples += chunk.samples.count
                rate = chunk.sampleRate
                if !onChunk(chunk) {
                    cancel()
                    return SynthesisReport(voice: voiceName, sampleCount: samples, sampleRate: rate, stoppedEarly: true)
                }
                continue
            }
            switch step.outcome {
            case .success(let report)?:
                return SynthesisReport(voice: report.voice, sampleCount: samples, sampleRate: rate, stoppedEarly: report.stoppedEarly)
            default:
                // A failure after some audio was played ends it there, as a synthesizer's would.
                guard next > 0 else { return nil }
                return SynthesisReport(voice: voiceName, sampleCount: samples, sampleRate: rate, stoppedEarly: true)
            }
        }
    }

    private var voiceName: String {
        if case .success(let report)? = state.withLock({ $0.outcome }) { return report.voice }
        return voice.name ?? voice.locale.identifier
    }

    /// Changes the state and wakes a waiting player; returns false when cancelled.
    @discardableResult
    private func update(_ change: (inout State) -> Bool) -> Bool {
        changed.lock()
        defer {
            changed.broadcast()
            changed.unlock()
        }
        return state.withLock { change(&$0) }
    }
}
