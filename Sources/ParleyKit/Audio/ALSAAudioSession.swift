import CALSA
import Foundation

/// The ALSA audio session: one capture and one playback PCM, opened once for the whole
/// conversation. While a turn listens, a capture thread reads period by period into a
/// bounded buffer; between turns and while parley speaks the capture is dropped (the device
/// stays open) and prepared again afterwards, so nothing parley says reaches recognition.
public final class ALSAAudioSession: AudioSession, @unchecked Sendable {
    // @unchecked: the playback PCM is used by the one thread that speaks; capture state
    // lives in `CaptureWorker`, guarded by its condition.
    public let captureRate: Int
    public let playbackRate: Int
    public let summary: String
    /// Capture period (the capture-to-recognizer buffering delay) and playback buffer
    /// (the synthesizer-to-speaker delay), in seconds, as granted.
    public let capturePeriodSeconds: Double
    public let playbackBufferSeconds: Double
    /// How many PCMs this session has opened: 2, however many turns it serves.
    public let deviceOpenCount: Int

    private let worker: CaptureWorker
    private let playback: ALSAPCM

    /// Opens `input` for capture at `captureRate` (16 kHz suits the speech models) and
    /// `output` for playback at `playbackRate` (espeak-ng's 22.05 kHz). Capture starts
    /// with the first `startListening`.
    ///
    /// With `pacedCapture` (the default) capture never runs ahead of real time: a PCM that
    /// does not block, like ALSA's file/null plugins, then behaves like a microphone.
    public init(input: String = "default", output: String = "default",
                captureRate: Int = 16_000, playbackRate: Int = 22_050, pacedCapture: Bool = true) throws {
        let capture = try ALSAPCM(name: input, direction: .capture, sampleRate: captureRate, periodSeconds: 0.1)
        capture.drop()
        playback = try ALSAPCM(name: output, direction: .playback, sampleRate: playbackRate, periodSeconds: 0.02,
                               startThresholdPeriods: 2)
        deviceOpenCount = 2
        self.captureRate = capture.sampleRate
        self.playbackRate = playback.sampleRate
        capturePeriodSeconds = Double(capture.periodFrames) / Double(capture.sampleRate)
        playbackBufferSeconds = Double(playback.bufferFrames) / Double(playback.sampleRate)
        summary = "microphone \(input) at \(capture.sampleRate) Hz, speaker \(output) at \(playback.sampleRate) Hz"
        worker = CaptureWorker(pcm: capture, paced: pacedCapture)
        // The thread holds the worker, not the session: the session can go at any time.
        let thread = Thread { [worker] in worker.run() }
        thread.name = "parley.capture"
        thread.start()
    }

    deinit {
        worker.close()
    }

    /// Stops the capture thread; the PCMs close when the session and its thread let go.
    public func close() {
        worker.close()
    }

    public var captureFailure: ParleyError? { worker.failure }

    /// Over- and underruns recovered so far, capture and playback.
    public var recoveries: (capture: Int, playback: Int) { (worker.pcm.recoveries, playback.recoveries) }

    public func nextCaptured(timeout: Double) -> AudioChunk? {
        worker.buffer.pop(timeout: timeout)
    }

    public func startListening() throws {
        try worker.update { state in
            guard !state.listening else { return }
            if !state.speaking { try worker.pcm.prepare() }
            state.listening = true
        }
    }

    public func stopListening() {
        worker.update { $0.listening = false }
        worker.pcm.drop()
        worker.buffer.clear()
    }

    public func beginSpeaking() throws {
        worker.update { $0.speaking = true }
        worker.pcm.drop()
        worker.buffer.clear()
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
        try worker.update { state in
            if state.listening { try worker.pcm.prepare() }
            state.speaking = false
        }
    }
}

/// The capture side: the PCM, the buffer, and the thread's loop. Reads only while a turn
/// listens and parley is not speaking.
private final class CaptureWorker: @unchecked Sendable {
    // @unchecked: `state` is guarded by `condition`; `pcm` is read by the capture thread and
    // dropped/prepared by the conversation thread, which ALSA allows.
    struct State {
        var listening = false
        var speaking = false
        var closed = false
        var failure: ParleyError?
    }

    let pcm: ALSAPCM
    let buffer = CapturedAudioBuffer(capacity: 50)
    private let paced: Bool
    private let condition = NSCondition()
    private var state = State()

    init(pcm: ALSAPCM, paced: Bool) {
        self.pcm = pcm
        self.paced = paced
    }

    var failure: ParleyError? { update { $0.failure } }

    /// Changes the state under the lock (discarding what was buffered) and wakes the thread.
    @discardableResult
    func update<T>(_ change: (inout State) throws -> T) rethrows -> T {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try change(&state)
    }

    func close() {
        update { $0.closed = true }
        buffer.end()
        pcm.drop()
    }

    func run() {
        let frames = pcm.periodFrames
        var samples = [Int16](repeating: 0, count: frames)
        var clock = CaptureClock(rate: pcm.sampleRate)
        while true {
            condition.lock()
            if (!state.listening || state.speaking) && !state.closed { clock.restart() }
            while (!state.listening || state.speaking) && !state.closed { condition.wait() }
            let closed = state.closed
            // Speaking or stopping clears the buffer; a chunk read across that is dropped,
            // so audio read while parley speaks (its own voice) is never handed on.
            let generation = buffer.generation
            condition.unlock()
            if closed { return }
            do {
                let count = try pcm.read(into: &samples, frames: frames)
                if paced { clock.waitFor(frames: count) }
                let chunk = AudioChunk(samples: Array(samples[0..<count]), sampleRate: pcm.sampleRate)
                if count > 0, !buffer.push(chunk, generation: generation) { return }
            } catch {
                let expected = update { state -> Bool in
                    let expected = !state.listening || state.speaking || state.closed
                    if !expected { state.failure = error as? ParleyError ?? ParleyError(.audio, "\(error)") }
                    return expected
                }
                if !expected {
                    buffer.end()
                    return
                }
            }
        }
    }
}

/// Keeps capture from running ahead of real time. A real device blocks until a period is
/// recorded, so this never sleeps there; ALSA's file and null plugins return at once.
private struct CaptureClock {
    let rate: Int
    private var start: UInt64?
    private var frames = 0

    init(rate: Int) { self.rate = rate }

    mutating func restart() {
        start = nil
        frames = 0
    }

    /// Counts `count` captured frames and sleeps while they are ahead of the wall clock.
    mutating func waitFor(frames count: Int) {
        let now = DispatchTime.now().uptimeNanoseconds
        let started = start ?? now
        start = started
        frames += count
        let due = started + UInt64(Double(frames) / Double(rate) * 1e9)
        if due > now { usleep(UInt32(min((due - now) / 1_000, 1_000_000))) }
    }
}
