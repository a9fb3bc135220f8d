import Foundation
import Synchronization

/// An audio session over files, for headless machines and scripts: a WAV recording stands
/// in for the microphone (`--input-wav`), and each utterance parley speaks is written as a
/// numbered WAV file (`--output-wav DIR`), numbered on from the files an earlier session
/// left there, so none is overwritten.
public final class FileAudioSession: AudioSession {
    public let endpoints: AudioEndpoints
    public let captureRate: Int
    public let playbackRate: Int
    public let summary: String
    /// Frames handed on per captured chunk: 100 ms, like the ALSA session's period.
    private let chunkFrames: Int
    private let outputFolder: URL?
    /// The number of this session's first utterance file.
    private let firstNumber: Int
    private struct State {
        /// The recording, read 100 ms at a time as it is listened to: a ten-hour file costs
        /// no more memory than a short one, and parley starts at once.
        var input: WAVReader?
        var listening = false
        var closed = false
        var speaking: [Int16] = []
        var utterances = 0
        var failure: ParleyError?
    }
    private let state = Mutex(State())

    /// A session reading `inputWAV` (mixed to mono) and writing utterances into
    /// `outputFolder` (created if needed); either may be nil.
    public init(inputWAV: URL?, outputFolder: URL?, playbackRate: Int = 22_050) throws {
        // Opened here to refuse a bad file at once; the lock's own reader is opened inside it,
        // so only the lock ever touches it.
        captureRate = try inputWAV.map { try WAVReader($0).format.sampleRate } ?? 16_000
        chunkFrames = max(1, captureRate / 10)
        self.playbackRate = playbackRate
        self.outputFolder = outputFolder
        if let outputFolder {
            do {
                try FileManager.default.createDirectory(at: outputFolder, withIntermediateDirectories: true)
            } catch {
                throw ParleyError(.audio, .unwritable, "Cannot create the output folder \(outputFolder.path).",
                                  cause: .from(error))
            }
        }
        firstNumber = outputFolder.map { Self.lastNumber(in: $0) + 1 } ?? 1
        endpoints = AudioEndpoints(kind: .recordings, input: inputWAV?.path, output: outputFolder?.path)
        summary = "microphone \(inputWAV?.lastPathComponent ?? "none"), speaker \(outputFolder.map { $0.path + "/" } ?? "none")"
        state.withLock { state in
            state.input = inputWAV.flatMap { try? WAVReader($0) }
            if state.input == nil {
                state.failure = ParleyError(.audio, .deviceUnavailable, "No microphone: give a recording with --input-wav FILE.")
            }
        }
    }

    /// The WAV files written so far, in order.
    public var writtenFiles: [URL] {
        guard let outputFolder else { return [] }
        let count = state.withLock { $0.utterances }
        return (0..<count).map { outputFolder.appendingPathComponent(Self.fileName(firstNumber + $0)) }
    }

    public var captureFailure: ParleyError? { state.withLock { $0.failure } }

    /// The next 100 ms of the recording while listening; nil when not listening, once closed,
    /// or at the end of the recording (then `captureFailure` is `.inputEnded`).
    public func nextCaptured(timeout: Double) -> AudioChunk? {
        state.withLock { state -> AudioChunk? in
            guard let input = state.input, state.listening, !state.closed else { return nil }
            do {
                guard let chunk = try input.read(frames: chunkFrames), chunk.frameCount > 0 else {
                    state.failure = ParleyError(.audio, .inputEnded, "The input recording has ended.")
                    return nil
                }
                return chunk.mixedToMono()
            } catch {
                // The file shrank or became unreadable while it was read: it has ended here.
                state.failure = ParleyError(.audio, .inputEnded, "The input recording has ended early.", cause: .from(error))
                return nil
            }
        }
    }

    /// Nothing stays open between calls, but a closed session hands out no more audio and
    /// refuses to listen or speak, as a device session would. Safe to call more than once.
    public func close() {
        state.withLock {
            $0.closed = true
            $0.listening = false
            $0.speaking = []
        }
    }

    private func requireOpen() throws {
        if state.withLock({ $0.closed }) {
            throw ParleyError(.audio, .deviceUnavailable, "The recordings session is closed.")
        }
    }

    /// Recordings are chosen when parley starts; devices replace them only in a new session.
    public func switchDevice(_ direction: AudioDirection, to name: String) throws {
        throw ParleyError(.audio, .invalidInput, "This conversation uses recordings (--input-wav/--output-wav); "
            + "start parley without them to use the \(direction.deviceLabel) '\(name)'.")
    }

    /// The recording goes on where the previous turn stopped reading it.
    public func startListening() throws {
        try requireOpen()
        state.withLock { $0.listening = true }
    }

    public func stopListening() {
        state.withLock { $0.listening = false }
    }

    public func beginSpeaking() throws {
        try requireOpen()
        state.withLock { $0.speaking = [] }
    }

    public func play(_ chunk: AudioChunk) throws {
        try requireOpen()
        let audio = chunk.mixedToMono().resampled(to: playbackRate)
        state.withLock { $0.speaking += audio.samples }
    }

    public func endSpeaking(interrupted: Bool) throws {
        try requireOpen()
        let (samples, number) = state.withLock { state -> ([Int16], Int) in
            state.utterances += 1
            defer { state.speaking = [] }
            return (state.speaking, firstNumber + state.utterances - 1)
        }
        guard let outputFolder else { return }
        try WAVFile.write(AudioChunk(samples: samples, sampleRate: playbackRate),
                          to: outputFolder.appendingPathComponent(Self.fileName(number)))
    }

    static func fileName(_ number: Int) -> String {
        String(format: "utterance-%03d.wav", number)
    }

    /// The highest number among the `utterance-NNN.wav` files in `folder`; 0 when there are none.
    /// Names of more than 8 digits are not parley's (`utterance-9223372036854775807.wav`,
    /// whose next number would overflow) and are passed over.
    static func lastNumber(in folder: URL) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.compactMap { name -> Int? in
            guard name.hasPrefix("utterance-"), name.hasSuffix(".wav") else { return nil }
            let digits = name.dropFirst("utterance-".count).dropLast(".wav".count)
            guard digits.count <= 8, digits.allSatisfy(\.isASCIIDigit), let number = Int(digits) else { return nil }
            return number
        }.max() ?? 0
    }
}
