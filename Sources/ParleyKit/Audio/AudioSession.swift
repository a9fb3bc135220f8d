/// The conversation's microphone and speaker, opened once and kept open: no device
/// toggling between turns, so the other person hears the translation sooner.
public protocol AudioSession: AnyObject, Sendable {
    /// The capture rate granted by the device (what the recognizer is told).
    var captureRate: Int { get }
    /// The playback rate granted by the device.
    var playbackRate: Int { get }
    /// A short description for status lines (`default → default`, `in.wav → out/`).
    var summary: String { get }

    /// Starts capturing for a turn. The microphone stays open between turns but captures
    /// nothing, so what was said before the turn began never reaches it.
    func startListening() throws
    /// Stops capturing and discards what was captured and not yet read.
    func stopListening()
    /// The next captured chunk (mono, `captureRate`), waiting up to `timeout` seconds;
    /// nil on time-out, when not listening, or when capture has ended (see `captureFailure`).
    func nextCaptured(timeout: Double) -> AudioChunk?
    /// Why capture stopped (a device that failed or disappeared; the end of an input file).
    var captureFailure: ParleyError? { get }

    /// Speaks: from now until `endSpeaking`, captured audio is discarded so parley never
    /// hears itself, and `play` queues audio to the speaker.
    func beginSpeaking() throws
    /// Queues `chunk` for playback (its rate must be `playbackRate`; see `AudioChunk.resampled`).
    func play(_ chunk: AudioChunk) throws
    /// Plays what is queued to the end (or drops it when `interrupted`), then listens again.
    func endSpeaking(interrupted: Bool) throws
}
