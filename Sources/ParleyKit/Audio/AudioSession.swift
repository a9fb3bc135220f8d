/// Where a session's audio comes from and goes to.
public struct AudioEndpoints: Sendable, Equatable {
    /// Live devices (ALSA PCMs) or recordings on disk (`--input-wav`, `--output-wav`).
    public enum Kind: String, Sendable, Equatable {
        case devices, recordings
    }

    /// What the endpoints are.
    public let kind: Kind
    /// The microphone (a PCM name or a WAV file), nil when there is none.
    public let input: String?
    /// The speaker (a PCM name or a folder of WAV files), nil when there is none.
    public let output: String?

    /// The microphone or the speaker.
    public func name(of direction: AudioDirection) -> String? {
        direction == .capture ? input : output
    }

    /// Endpoints of `kind`.
    public init(kind: Kind, input: String?, output: String?) {
        self.kind = kind
        self.input = input
        self.output = output
    }
}

/// What opening a session's endpoints gave: the session (nil when neither side opened) and,
/// for each side that did not open, why.
public struct AudioOpening: Sendable {
    /// The session, with whichever sides opened.
    public let session: (any AudioSession)?
    /// Why a side did not open, by side.
    public let failures: [AudioDirection: ParleyError]

    /// An outcome of opening endpoints.
    public init(session: (any AudioSession)?, failures: [AudioDirection: ParleyError] = [:]) {
        self.session = session
        self.failures = failures
    }
}

/// The conversation's microphone and speaker, opened once and kept open: no device
/// toggling between turns, so the other person hears the translation sooner.
public protocol AudioSession: AnyObject, Sendable {
    /// What the session is connected to; a side that is nil cannot be used.
    var endpoints: AudioEndpoints { get }
    /// The capture rate granted by the device (what the recognizer is told).
    var captureRate: Int { get }
    /// The playback rate granted by the device.
    var playbackRate: Int { get }
    /// A short description for status lines (`microphone default at 16000 Hz, …`).
    var summary: String { get }

    /// Starts capturing for a turn. The microphone stays open between turns but captures
    /// nothing, so what was said before the turn began never reaches it.
    func startListening() throws
    /// Stops capturing and discards what was captured and not yet read.
    func stopListening()
    /// The next captured chunk (mono, `captureRate`), waiting up to `timeout` seconds;
    /// nil on time-out, when not listening, or when capture has ended (see `captureFailure`).
    func nextCaptured(timeout: Double) -> AudioChunk?
    /// Why capture stopped or cannot start: no microphone (`.deviceUnavailable`), a device
    /// that failed (`.deviceLost`), the end of an input recording (`.inputEnded`).
    var captureFailure: ParleyError? { get }

    /// Speaks: from now until `endSpeaking`, captured audio is discarded so parley never
    /// hears itself, and `play` queues audio to the speaker.
    func beginSpeaking() throws
    /// Queues `chunk` for playback (any rate and channel count: the session converts it).
    func play(_ chunk: AudioChunk) throws
    /// Plays what is queued to the end (or drops it when `interrupted`), then listens again.
    func endSpeaking(interrupted: Bool) throws

    /// Replaces the microphone or the speaker by the device `name`, leaving the other side
    /// as it is. On failure the old device stays in use and the error says why the new one
    /// would not open.
    func switchDevice(_ direction: AudioDirection, to name: String) throws

    /// Releases the devices. Safe to call more than once; the session is unusable afterwards.
    func close()
}

extension AudioSession {
    /// True when there is a microphone to listen with.
    public var canCapture: Bool { endpoints.input != nil }
    /// True when there is a speaker to talk through.
    public var canPlay: Bool { endpoints.output != nil }
}
