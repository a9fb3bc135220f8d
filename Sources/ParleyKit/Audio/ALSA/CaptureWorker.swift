import Foundation
import Synchronization

/// The capture side of the ALSA session: a thread that owns the capture PCM. The PCM is
/// opened, read, dropped, prepared and closed on that thread and nowhere else; other threads
/// only change the wanted state (listening, speaking, closed) and the thread carries it out
/// between reads.
///
/// With a pre-roll the microphone stays live between turns, into a short ring, so words
/// spoken just before a turn starts are heard. While parley speaks nothing is captured:
/// speaking starts a new generation, and a chunk read in an older generation is discarded,
/// so nothing parley says reaches the listener, however the timing falls.
final class CaptureWorker: Sendable {
    /// The device's name, granted rate and period (frames).
    let name: String
    let sampleRate: Int
    let periodFrames: Int
    private let control: CaptureControl

    /// Opens the microphone `name` on a new capture thread and waits until it is open;
    /// throws what opening it threw. `preRollSeconds` of audio are kept between turns (0:
    /// capture only while a turn listens). With `paced`, capture never runs ahead of the wall
    /// clock: ALSA's file and null plugins, which return at once, then behave like a microphone.
    init(name: String, sampleRate: Int, periodSeconds: Double, preRollSeconds: Double, paced: Bool) throws {
        let control = CaptureControl(capacity: Int((10 / periodSeconds).rounded(.up)),
                                     preRollChunks: Int((preRollSeconds / periodSeconds).rounded(.up)))
        let opened = Mutex<Result<(rate: Int, period: Int), ParleyError>?>(nil)
        let ready = DispatchSemaphore(value: 0)
        let thread = Thread {
            let pcm: ALSAPCM
            do {
                pcm = try ALSAPCM(name: name, direction: .capture, sampleRate: sampleRate, periodSeconds: periodSeconds)
            } catch {
                opened.withLock { $0 = .failure(ParleyError.wrapping(error, stage: .audio, code: .deviceUnavailable)) }
                ready.signal()
                return
            }
            opened.withLock { $0 = .success((pcm.sampleRate, pcm.periodFrames)) }
            ready.signal()
            CaptureLoop(pcm: pcm, control: control, paced: paced).run()
        }
        thread.name = "parley.capture"
        thread.start()
        ready.wait()
        guard let result = opened.withLock({ $0 }) else {
            throw ParleyError(.audio, .deviceUnavailable, "The microphone '\(name)' did not open.")
        }
        let granted = try result.get()
        self.name = name
        self.sampleRate = granted.rate
        self.periodFrames = granted.period
        self.control = control
    }

    /// Read chunks waiting for the listener.
    var buffer: CapturedAudioBuffer { control.buffer }

    /// Why capture stopped, if the device failed.
    var failure: ParleyError? { control.state.withLock { $0.failure } }

    /// Starts (`true`) or stops handing captured audio to the listener. Starting hands out
    /// the pre-roll first; stopping keeps what was not read as the next pre-roll.
    func setListening(_ listening: Bool) {
        control.change(discarding: false) { $0.listening = listening }
        control.buffer.setHandingOut(listening)
    }

    /// While parley speaks nothing is captured: the PCM is dropped, and prepared afterwards,
    /// and whatever was buffered is discarded both times.
    func setSpeaking(_ speaking: Bool) {
        control.change(discarding: true) { $0.speaking = speaking }
    }

    /// Ends the thread, which closes the PCM. Safe to call more than once.
    func close() {
        control.change(discarding: true) { $0.closed = true }
        control.buffer.end()
    }
}

/// What the capture thread and the other threads share.
private final class CaptureControl: Sendable {
    struct State {
        var listening = false
        var speaking = false
        var closed = false
        /// Bumped by every change of state; see `CaptureWorker`.
        var generation = 0
        var failure: ParleyError?
    }

    let state = Mutex(State())
    let buffer: CapturedAudioBuffer
    /// True when the microphone stays live between turns.
    let keepsPreRoll: Bool
    /// Wakes the thread while it waits for capture to be wanted.
    let wake = NSCondition()

    init(capacity: Int, preRollChunks: Int) {
        buffer = CapturedAudioBuffer(capacity: capacity, preRollChunks: preRollChunks)
        keepsPreRoll = preRollChunks > 0
    }

    /// Changes the wanted state and wakes the thread; `discarding` starts a new generation,
    /// dropping what was buffered and what is being read now.
    func change(discarding: Bool, _ body: (inout State) -> Void) {
        let generation = state.withLock { state in
            body(&state)
            if discarding { state.generation += 1 }
            return state.generation
        }
        buffer.discard(before: generation)
        wake.lock()
        wake.broadcast()
        wake.unlock()
    }
}

/// The capture thread's loop; lives and dies on that thread with its PCM.
private final class CaptureLoop {
    private let pcm: ALSAPCM
    private let control: CaptureControl
    private let paced: Bool
    private var clock: AudioClock
    private var running = false

    init(pcm: ALSAPCM, control: CaptureControl, paced: Bool) {
        self.pcm = pcm
        self.control = control
        self.paced = paced
        clock = AudioClock(rate: pcm.sampleRate)
        pcm.drop()
    }

    /// What the thread should do next.
    private enum Step { case capture(generation: Int), wait, stop }

    private func nextStep() -> Step {
        control.state.withLock { state in
            if state.closed || state.failure != nil { return .stop }
            let wanted = (state.listening || control.keepsPreRoll) && !state.speaking
            return wanted ? .capture(generation: state.generation) : .wait
        }
    }

    func run() {
        var samples = [Int16](repeating: 0, count: pcm.periodFrames)
        while true {
            switch nextStep() {
            case .stop:
                pcm.drop()
                control.buffer.end()
                return
            case .wait:
                if running {
                    pcm.drop()
                    running = false
                }
                control.wake.lock()
                if case .wait = nextStep() { _ = control.wake.wait(until: Date(timeIntervalSinceNow: 1)) }
                control.wake.unlock()
            case .capture(let generation):
                capture(into: &samples, generation: generation)
            }
        }
    }

    private func capture(into samples: inout [Int16], generation: Int) {
        do {
            if !running {
                try pcm.prepare()
                running = true
                clock.restart()
            }
            let count = try pcm.read(into: &samples, frames: pcm.periodFrames)
            if paced { clock.advance(by: count) }
            guard count > 0 else { return }
            control.buffer.push(AudioChunk(samples: Array(samples[0..<count]), sampleRate: pcm.sampleRate,
                                           capturedAt: DispatchTime.now().uptimeNanoseconds),
                                generation: generation)
        } catch {
            // A read cut short by a change of state is expected; anything else is a lost device.
            let lost = control.state.withLock { state -> Bool in
                guard state.generation == generation else { return false }
                state.failure = ParleyError.wrapping(error, stage: .audio, code: .deviceLost,
                                                     message: "The microphone '\(pcm.name)' failed.")
                return true
            }
            if !lost { running = false }
        }
    }
}
