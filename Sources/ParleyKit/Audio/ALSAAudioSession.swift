import CALSA
import Foundation

/// The ALSA audio session: one capture and one playback PCM, opened once for the whole
/// conversation. While a turn listens, a capture thread reads period by period into a
/// bounded buffer; between turns and while parley speaks the capture is dropped (the device
/// stays open) and prepared again afterwards, so nothing parley says reaches recognition.
public final class ALSAAudioSession: AudioSession, @unchecked Sendable {
    // @unchecked: `capture` is read by the capture thread and dropped/prepared by the
    // speaking thread (ALSA allows that); all other mutable state is guarded by `state`.
    public let captureRate: Int
    public let playbackRate: Int
    public let summary: String
    /// Capture period (the capture-to-recognizer buffering delay) and playback buffer
    /// (the synthesizer-to-speaker delay), in seconds, as granted.
    public let capturePeriodSeconds: Double
    public let playbackBufferSeconds: Double
    /// How many PCMs this session has opened: 2, however many turns it serves.
    public let deviceOpenCount: Int

    private let capture: ALSAPCM
    private let playback: ALSAPCM
    private let buffer = CapturedAudioBuffer(capacity: 50)
    private let state = NSCondition()
    private var listening = false
    private var speaking = false
    private var closed = false
    private var failure: ParleyError?
    private var captureThread: Thread?

    /// Opens `input` for capture at `captureRate` (16 kHz suits the speech models) and
    /// `output` for playback at `playbackRate` (espeak-ng's 22.05 kHz). Capture starts
    /// with the first `startListening`.
    public init(input: String = "default", output: String = "default",
                captureRate: Int = 16_000, playbackRate: Int = 22_050) throws {
        capture = try ALSAPCM(name: input, direction: .capture, sampleRate: captureRate, periodSeconds: 0.1)
        capture.drop()
        playback = try ALSAPCM(name: output, direction: .playback, sampleRate: playbackRate, periodSeconds: 0.02,
                               startThresholdPeriods: 2)
        deviceOpenCount = 2
        self.captureRate = capture.sampleRate
        self.playbackRate = playback.sampleRate
        capturePeriodSeconds = Double(capture.periodFrames) / Double(capture.sampleRate)
        playbackBufferSeconds = Double(playback.bufferFrames) / Double(playback.sampleRate)
        summary = "microphone \(input) at \(capture.sampleRate) Hz, speaker \(output) at \(playback.sampleRate) Hz"
        let thread = Thread { [unowned self] in captureLoop() }
        thread.name = "parley.capture"
        captureThread = thread
        thread.start()
    }

    deinit {
        state.lock()
        closed = true
        state.broadcast()
        state.unlock()
        buffer.end()
    }

    /// Stops the capture thread; the PCMs close when the session is released.
    public func close() {
        state.lock()
        closed = true
        state.broadcast()
        state.unlock()
        buffer.end()
        capture.drop()
    }

    public var captureFailure: ParleyError? {
        state.lock()
        defer { state.unlock() }
        return failure
    }

    /// Over- and underruns recovered so far, capture and playback.
    public var recoveries: (capture: Int, playback: Int) { (capture.recoveries, playback.recoveries) }

    public func nextCaptured(timeout: Double) -> AudioChunk? {
        buffer.pop(timeout: timeout)
    }

    public func startListening() throws {
        state.lock()
        defer { state.unlock() }
        guard !listening else { return }
        buffer.clear()
        if !speaking { try capture.prepare() }
        listening = true
        state.broadcast()
    }

    public func stopListening() {
        state.lock()
        listening = false
        state.unlock()
        capture.drop()
        buffer.clear()
    }

    public func beginSpeaking() throws {
        state.lock()
        speaking = true
        state.unlock()
        capture.drop()
        buffer.clear()
    }

    public func play(_ chunk: AudioChunk) throws {
        let audio = chunk.mixedToMono().resampled(to: playbackRate)
        try playback.write(audio.samples)
    }

    public func endSpeaking(interrupted: Bool) throws {
        if interrupted {
            playback.drop()
        } else {
            playback.drain()
        }
        try playback.prepare()
        state.lock()
        defer { state.unlock() }
        buffer.clear()
        if listening { try capture.prepare() }
        speaking = false
        state.broadcast()
    }

    private func captureLoop() {
        let frames = capture.periodFrames
        var samples = [Int16](repeating: 0, count: frames)
        while true {
            state.lock()
            while (!listening || speaking) && !closed { state.wait() }
            let stop = closed
            state.unlock()
            if stop { return }
            do {
                let count = try capture.read(into: &samples, frames: frames)
                state.lock()
                let discard = speaking || !listening
                state.unlock()
                // Audio read while parley speaks is its own voice: never hand it on.
                if discard || count == 0 { continue }
                if !buffer.push(AudioChunk(samples: Array(samples[0..<count]), sampleRate: capture.sampleRate)) { return }
            } catch {
                state.lock()
                let expected = speaking || !listening || closed
                if !expected { failure = error as? ParleyError ?? ParleyError(.audio, "\(error)") }
                state.unlock()
                if !expected {
                    buffer.end()
                    return
                }
            }
        }
    }
}
