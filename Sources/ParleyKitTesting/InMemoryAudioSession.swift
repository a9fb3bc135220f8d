import Foundation
import ParleyKit
import Synchronization

/// An audio session in memory, for tests of code that listens and speaks. The microphone
/// plays a script of chunks; the speaker keeps what was played, one list per utterance; every
/// call that changes the session's state is recorded in order. Like a real room, the
/// microphone hears the speaker: audio played while the echo guard is off (outside
/// `beginSpeaking`…`endSpeaking`) is queued as captured audio, so code that forgets the guard
/// hears itself. An empty microphone waits, as a device does, on the session's clock, and
/// stops waiting when audio comes.
public final class InMemoryAudioSession: AudioSession {
    /// A call that changed the session's state.
    public enum Transition: Equatable, Sendable {
        case startListening, stopListening, beginSpeaking, endSpeaking(interrupted: Bool), close
        case switchDevice(AudioDirection, String)
    }

    private struct State {
        var endpoints: AudioEndpoints
        var microphone: [AudioChunk] = []
        var listening = false
        var speaking = false
        var closed = false
        var captureFailure: ParleyError?
        var endsWhenHeard = false
        var playFailure: ParleyError?
        var utterances: [[AudioChunk]] = []
        var transitions: [Transition] = []
        var handedOutWhileSpeaking = 0
        var onWaiting: (@Sendable () -> Void)?
    }

    public let captureRate: Int
    public let playbackRate: Int
    private let state: Mutex<State>
    private let time: any TimeSource
    /// Fired when the microphone has news for a listener waiting on it (audio, its end, a failure).
    private let arrival = WakeSignal()

    /// A session with a microphone at `captureRate` and a speaker at `playbackRate`; either
    /// side can be left out. An empty microphone waits on `time`.
    public init(captureRate: Int = 16_000, playbackRate: Int = 22_050, microphone: Bool = true, speaker: Bool = true,
                time: any TimeSource = SystemTime()) {
        self.captureRate = captureRate
        self.playbackRate = playbackRate
        self.time = time
        state = Mutex(State(endpoints: AudioEndpoints(kind: .devices, input: microphone ? "memory" : nil,
                                                      output: speaker ? "memory" : nil)))
    }

    /// Queues `chunks` for the microphone, handed out one per `nextCaptured` while listening.
    public func say(_ chunks: [AudioChunk]) {
        state.withLock { $0.microphone += chunks }
        arrival.fire()
    }

    /// Calls `body` once, the next time a listener waits on the empty microphone (reads it
    /// with a timeout and finds nothing): someone who speaks once parley listens and waits.
    public func onWaitingForAudio(_ body: @escaping @Sendable () -> Void) {
        state.withLock { $0.onWaiting = body }
    }

    /// `seconds` of audio whose every sample is `level`, in chunks of 0.1 s, at `captureRate`.
    public func chunks(seconds: Double, level: Int16) -> [AudioChunk] {
        let frames = captureRate / 10
        return (0..<Int((seconds * 10).rounded())).map { _ in
            AudioChunk(samples: [Int16](repeating: level, count: frames), sampleRate: captureRate)
        }
    }

    /// The microphone is a recording: once what it holds has been heard, it reports the end
    /// of its input (`.inputEnded`).
    public func endAfterQueuedAudio() {
        state.withLock { $0.endsWhenHeard = true }
        arrival.fire()
    }

    /// From now on the microphone fails with `error` (an unplugged device).
    public func failCapture(with error: ParleyError) {
        state.withLock { $0.captureFailure = error }
        arrival.fire()
    }

    /// From now on playing fails with `error` (nil: playing works again).
    public func failPlayback(with error: ParleyError?) {
        state.withLock { $0.playFailure = error }
    }

    /// What was played, one list of chunks per utterance (`beginSpeaking`…`endSpeaking`).
    public var utterances: [[AudioChunk]] { state.withLock { $0.utterances } }
    /// The calls that changed the session's state, in order.
    public var transitions: [Transition] { state.withLock { $0.transitions } }
    /// Chunks handed to a listener while the echo guard was on: always 0 for correct code.
    public var chunksHandedOutWhileSpeaking: Int { state.withLock { $0.handedOutWhileSpeaking } }
    /// Chunks the microphone still holds.
    public var unheardChunks: Int { state.withLock { $0.microphone.count } }

    public var endpoints: AudioEndpoints { state.withLock { $0.endpoints } }
    public var summary: String { "memory" }

    public var captureFailure: ParleyError? {
        state.withLock { state in
            if state.endpoints.input == nil { return ParleyError(.audio, .deviceUnavailable, "No microphone.") }
            if state.captureFailure == nil, state.endsWhenHeard, state.microphone.isEmpty {
                return ParleyError(.audio, .inputEnded, "The input recording has ended.")
            }
            return state.captureFailure
        }
    }

    public func startListening() throws {
        if let failure = captureFailure { throw failure }
        state.withLock {
            $0.listening = true
            $0.transitions.append(.startListening)
        }
    }

    public func stopListening() {
        state.withLock {
            $0.listening = false
            $0.transitions.append(.stopListening)
        }
    }

    public func nextCaptured(timeout: Double) -> AudioChunk? {
        let (chunk, onWaiting) = state.withLock { state -> (AudioChunk?, (@Sendable () -> Void)?) in
            guard state.listening, state.captureFailure == nil, !state.closed, !state.microphone.isEmpty else {
                // From here on, news at the microphone ends the wait below.
                arrival.reset()
                guard timeout > 0 else { return (nil, nil) }
                defer { state.onWaiting = nil }
                return (nil, state.onWaiting)
            }
            if state.speaking { state.handedOutWhileSpeaking += 1 }
            return (state.microphone.removeFirst(), nil)
        }
        guard chunk == nil else { return chunk }
        onWaiting?()
        // An empty microphone waits a little, as a real one would, without slowing tests down.
        if timeout > 0 { time.wait(for: .seconds(min(timeout, 0.002)), wake: arrival) }
        return nil
    }

    public func beginSpeaking() throws {
        state.withLock {
            $0.speaking = true
            $0.utterances.append([])
            $0.transitions.append(.beginSpeaking)
        }
    }

    public func play(_ chunk: AudioChunk) throws {
        try state.withLock { state in
            if let failure = state.playFailure { throw failure }
            guard state.endpoints.output != nil else { return }
            if state.speaking {
                state.utterances[state.utterances.count - 1].append(chunk)
            } else {
                state.utterances.append([chunk])
                // No echo guard: the microphone hears it.
                if state.listening { state.microphone.append(chunk.resampled(to: captureRate)) }
            }
        }
        arrival.fire()
    }

    public func endSpeaking(interrupted: Bool) throws {
        state.withLock {
            $0.speaking = false
            $0.transitions.append(.endSpeaking(interrupted: interrupted))
        }
    }

    public func switchDevice(_ direction: AudioDirection, to name: String) throws {
        state.withLock { state in
            let endpoints = state.endpoints
            state.endpoints = AudioEndpoints(kind: endpoints.kind, input: direction == .capture ? name : endpoints.input,
                                             output: direction == .playback ? name : endpoints.output)
            if direction == .capture { state.captureFailure = nil }
            state.transitions.append(.switchDevice(direction, name))
        }
    }

    public func close() {
        state.withLock {
            $0.closed = true
            $0.transitions.append(.close)
        }
        arrival.fire()
    }
}
