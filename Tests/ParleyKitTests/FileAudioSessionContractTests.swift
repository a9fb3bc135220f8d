import Foundation
import ParleyKit
import Testing

/// The recordings session keeps the `AudioSession` contract: the microphone hands out audio
/// only while listening, and a closed session stays closed.
@Suite("File audio session: the AudioSession contract")
struct FileAudioSessionContractTests {
    func session() throws -> (FileAudioSession, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-file-session-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let input = folder.appendingPathComponent("in.wav")
        try WAVFile.write(AudioChunk(samples: [Int16](repeating: 300, count: 16_000), sampleRate: 16_000), to: input)
        return (try FileAudioSession(inputWAV: input, outputFolder: folder.appendingPathComponent("out")), folder)
    }

    /// A file whose number is the largest Int once made the next number overflow at start.
    @Test func numbersNotParleysAreIgnoredWhenTheNextIsChosen() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-numbers-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["utterance-9223372036854775807.wav", "utterance-99999999999999999999.wav", "utterance--5.wav",
                     "utterance-+7.wav", "utterance-041.wav"] {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data())
        }
        let session = try FileAudioSession(inputWAV: nil, outputFolder: folder)
        try session.beginSpeaking()
        try session.endSpeaking(interrupted: false)
        #expect(session.writtenFiles.map(\.lastPathComponent) == ["utterance-042.wav"])
    }

    @Test func theMicrophoneIsSilentUntilListeningStartsAndAfterItStops() throws {
        let (session, folder) = try session()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(session.nextCaptured(timeout: 0) == nil)
        try session.startListening()
        let first = try #require(session.nextCaptured(timeout: 0))
        #expect(first.samples.count == 1_600)
        session.stopListening()
        #expect(session.nextCaptured(timeout: 0) == nil)
        // The recording goes on where the last turn stopped reading it.
        try session.startListening()
        #expect(session.nextCaptured(timeout: 0) != nil)
        #expect(session.captureFailure == nil)
    }

    /// `--input-wav` streams the recording: a ten-hour file took 2.8 GB and 10 s to start
    /// when it was read whole. Read as it is listened to, a file cut short after the session
    /// opened ends where it was cut (read whole, all of it would still come).
    @Test func theRecordingIsReadAsItIsListenedToNotWholeAtTheStart() throws {
        let (session, folder) = try session()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.wav")
        let whole = try Data(contentsOf: input)
        try whole.prefix(44 + 3_200 * 2).write(to: input)   // 0.2 s of the 1 s left
        try session.startListening()
        var frames = 0
        while let chunk = session.nextCaptured(timeout: 0) { frames += chunk.frameCount }
        #expect(frames == 3_200)
        #expect(session.captureFailure?.code == .inputEnded)
    }

    @Test func aClosedSessionHandsOutNothingAndRefusesWork() throws {
        let (session, folder) = try session()
        defer { try? FileManager.default.removeItem(at: folder) }
        try session.startListening()
        session.close()
        session.close()   // idempotent
        #expect(session.nextCaptured(timeout: 0) == nil)
        #expect(throws: ParleyError.self) { try session.startListening() }
        #expect(throws: ParleyError.self) { try session.beginSpeaking() }
        #expect(throws: ParleyError.self) {
            try session.play(AudioChunk(samples: [1, 2, 3], sampleRate: 22_050))
        }
        #expect(session.writtenFiles.isEmpty)
    }
}
