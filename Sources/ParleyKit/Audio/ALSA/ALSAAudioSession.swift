import Foundation
import Synchronization

/// The ALSA audio session: one capture and one playback PCM, opened once for the whole
/// conversation. While a turn listens, the capture thread (`CaptureWorker`, which alone
/// touches the capture PCM) reads period by period into a bounded buffer; between turns and
/// while parley speaks it stops, so nothing parley says reaches recognition. Either side may
/// be absent (no microphone, no speaker) while the other works.
public final class ALSAAudioSession: AudioSession {
    private struct Devices {
        var capture: CaptureWorker?
        var playback: ALSAPCM?
        /// Paces a speaker that does not block, like the microphone's clock.
        var playbackClock: AudioClock?
    }

    /// The rates asked for: 16 kHz suits the speech models, 22.05 kHz is espeak-ng's.
    private let requestedCaptureRate: Int
    private let requestedPlaybackRate: Int
    private let preRollSeconds: Double
    private let paced: Bool
    /// The capture period: how late audio can reach the recognizer, and how often an
    /// endpoint can be noticed.
    public static let capturePeriod = 0.03
    /// The speaker is written by the one thread that speaks; the lock keeps `close` and
    /// `switchDevice` from pulling a device out from under it.
    private let devices: Mutex<Devices>

    private init(input: String?, output: String?, captureRate: Int, playbackRate: Int, preRollSeconds: Double,
                 paced: Bool, failures: inout [AudioDirection: ParleyError]) {
        requestedCaptureRate = captureRate
        requestedPlaybackRate = playbackRate
        self.preRollSeconds = preRollSeconds
        self.paced = paced
        var opened = Devices()
        if let input {
            do { opened.capture = try Self.openCapture(input, rate: captureRate, preRoll: preRollSeconds, paced: paced) } catch {
                failures[.capture] = Self.audioError(error)
            }
        }
        if let output {
            do {
                let speaker = try Self.openPlayback(output, rate: playbackRate)
                if paced { opened.playbackClock = AudioClock(rate: speaker.sampleRate) }
                opened.playback = speaker
            } catch {
                failures[.playback] = Self.audioError(error)
            }
        }
        devices = Mutex(opened)
    }

    /// Opens `input` for capture and `output` for playback; nil leaves that side out. Throws
    /// the first side's failure (`openAvailable` keeps whichever side opens instead).
    ///
    /// `preRollSeconds` of audio are kept between turns, so words spoken just before a turn
    /// starts are heard (0: the microphone captures only while a turn listens). With `paced`
    /// (the default) neither side runs ahead of real time: PCMs that do not block, like ALSA's
    /// file/null plugins, then behave like a microphone and a speaker.
    public convenience init(input: String?, output: String?, captureRate: Int = 16_000, playbackRate: Int = 22_050,
                            preRollSeconds: Double = 1.0, paced: Bool = true) throws {
        var failures: [AudioDirection: ParleyError] = [:]
        self.init(input: input, output: output, captureRate: captureRate, playbackRate: playbackRate,
                  preRollSeconds: preRollSeconds, paced: paced, failures: &failures)
        if let failure = failures[.capture] ?? failures[.playback] {
            close()
            throw failure
        }
    }

    /// Opens each named side on its own and keeps whichever opens.
    public static func openAvailable(input: String?, output: String?, captureRate: Int = 16_000,
                                     playbackRate: Int = 22_050, preRollSeconds: Double = 1.0,
                                     paced: Bool = true) -> AudioOpening {
        var failures: [AudioDirection: ParleyError] = [:]
        let session = ALSAAudioSession(input: input, output: output, captureRate: captureRate, playbackRate: playbackRate,
                                       preRollSeconds: preRollSeconds, paced: paced, failures: &failures)
        guard session.canCapture || session.canPlay else {
            session.close()
            return AudioOpening(session: nil, failures: failures)
        }
        return AudioOpening(session: session, failures: failures)
    }

    deinit {
        close()
    }

    public var endpoints: AudioEndpoints {
        devices.withLock { AudioEndpoints(kind: .devices, input: $0.capture?.name, output: $0.playback?.name) }
    }

    public var captureRate: Int { devices.withLock { $0.capture?.sampleRate } ?? requestedCaptureRate }
    public var playbackRate: Int { devices.withLock { $0.playback?.sampleRate } ?? requestedPlaybackRate }

    /// The capture period (how late audio can reach the recognizer) and the playback buffer
    /// (how far the speaker runs behind the synthesizer), in seconds; 0 for an absent side.
    public var capturePeriodSeconds: Double {
        devices.withLock { $0.capture.map { Double($0.periodFrames) / Double($0.sampleRate) } } ?? 0
    }
    public var playbackBufferSeconds: Double {
        devices.withLock { $0.playback.map { Double($0.bufferFrames) / Double($0.sampleRate) } } ?? 0
    }

    public var summary: String {
        let endpoints = endpoints
        return "microphone \(endpoints.input.map { "\($0) at \(captureRate) Hz" } ?? "none"), "
            + "speaker \(endpoints.output.map { "\($0) at \(playbackRate) Hz" } ?? "none")"
    }

    public func close() {
        devices.withLock { devices in
            devices.capture?.close()
            devices.capture = nil
            devices.playback = nil
        }
    }

    public func switchDevice(_ direction: AudioDirection, to name: String) throws {
        switch direction {
        case .capture:
            let worker = try Self.openCapture(name, rate: requestedCaptureRate, preRoll: preRollSeconds, paced: paced)
            let old = devices.withLock { devices -> CaptureWorker? in
                defer { devices.capture = worker }
                return devices.capture
            }
            old?.close()
        case .playback:
            // Opened under the lock so the new PCM never leaves the lock's region; the old one
            // stays in use when it fails.
            try devices.withLock { devices in
                let speaker = try Self.openPlayback(name, rate: requestedPlaybackRate)
                devices.playbackClock = paced ? AudioClock(rate: speaker.sampleRate) : nil
                devices.playback = speaker
            }
        }
    }

    public var captureFailure: ParleyError? {
        guard let capture = devices.withLock({ $0.capture }) else {
            return ParleyError(.audio, .deviceUnavailable, "No microphone: type what you want to say, "
                + "or pick one with :device in NAME (:devices lists them).")
        }
        return capture.failure
    }

    public func nextCaptured(timeout: Double) -> AudioChunk? {
        devices.withLock { $0.capture }?.buffer.pop(timeout: timeout)
    }

    public func startListening() throws {
        if let failure = captureFailure { throw failure }
        devices.withLock { $0.capture }?.setListening(true)
    }

    public func stopListening() {
        devices.withLock { $0.capture }?.setListening(false)
    }

    public func beginSpeaking() throws {
        let capture = devices.withLock { devices in
            devices.playbackClock?.restart()
            return devices.capture
        }
        capture?.setSpeaking(true)
    }

    public func play(_ chunk: AudioChunk) throws {
        try devices.withLock { devices in
            guard let speaker = devices.playback else { return }
            let audio = chunk.mixedToMono().resampled(to: speaker.sampleRate)
            try speaker.write(audio.samples)
            devices.playbackClock?.advance(by: audio.frameCount, allowance: speaker.bufferFrames)
        }
    }

    public func endSpeaking(interrupted: Bool) throws {
        defer { devices.withLock { $0.capture }?.setSpeaking(false) }
        try devices.withLock { devices in
            guard let speaker = devices.playback else { return }
            if interrupted {
                speaker.drop()
            } else {
                speaker.drain()
                devices.playbackClock?.waitUntilPlayed()
            }
            try speaker.prepare()
        }
    }

    private static func openCapture(_ name: String, rate: Int, preRoll: Double, paced: Bool) throws -> CaptureWorker {
        try CaptureWorker(name: name, sampleRate: rate, periodSeconds: capturePeriod, preRollSeconds: preRoll, paced: paced)
    }

    private static func openPlayback(_ name: String, rate: Int) throws -> ALSAPCM {
        try ALSAPCM(name: name, direction: .playback, sampleRate: rate, periodSeconds: 0.02, startThresholdPeriods: 2)
    }

    private static func audioError(_ error: any Error) -> ParleyError {
        ParleyError.wrapping(error, stage: .audio, code: .deviceUnavailable)
    }
}
