import Foundation
import Testing
@testable import ParleyKit

/// The real ALSA code over ALSA's `file` and `null` plugins (Tests/IntegrationTests/alsa-test.conf).
@Suite("ALSA audio session over the file and null plugins", .serialized)
struct AudioSessionIntegrationTests {
    static let configured: Void = {
        let config = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("alsa-test.conf")
        setenv("ALSA_CONFIG_PATH", config.path, 1)
        ALSADevices.reloadConfiguration()
    }()

    let folder: URL

    init() throws {
        _ = Self.configured
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-alsa-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// A raw S16 file whose sample i is `i % 20000 + 1`, so every position is recognisable.
    func rampFile(frames: Int) throws -> (url: URL, samples: [Int16]) {
        let samples = (0..<frames).map { Int16($0 % 20_000 + 1) }
        let url = folder.appendingPathComponent("mic.raw")
        try samples.withUnsafeBytes { try Data($0).write(to: url) }
        return (url, samples)
    }

    func session(input: URL, output: URL) throws -> ALSAAudioSession {
        try ALSAAudioSession(input: "test_mic:INFILE=\(input.path)", output: "test_speaker:OUTFILE=\(output.path)")
    }

    @Test func capturedFramesEqualTheInputFile() throws {
        let (input, samples) = try rampFile(frames: 16_000 * 3)
        let session = try session(input: input, output: folder.appendingPathComponent("out.raw"))
        defer { session.close() }
        #expect(session.captureRate == 16_000)
        try session.startListening()
        var captured: [Int16] = []
        while captured.count < samples.count, let chunk = session.nextCaptured(timeout: 2) {
            captured += chunk.samples
        }
        #expect(Array(captured.prefix(samples.count)) == samples)
        // Past the end of its input file the file plugin delivers silence.
        let after = try #require(session.nextCaptured(timeout: 2))
        #expect(after.samples.allSatisfy { $0 == 0 })
    }

    @Test func playedFramesReachTheOutputFileUnchanged() throws {
        let (input, _) = try rampFile(frames: 1_600)
        let output = folder.appendingPathComponent("speaker.raw")
        let spoken = try EspeakSynthesizer().synthesizeAll("hello there, how are you", voice: VoiceRequest(locale: LocaleTag(language: "en")))
        do {
            let session = try session(input: input, output: output)
            defer { session.close() }
            #expect(session.playbackRate == 22_050)
            try session.beginSpeaking()
            try session.play(spoken.audio)
            try session.endSpeaking(interrupted: false)
        }
        let written = try Data(contentsOf: output).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        #expect(written.count >= spoken.audio.samples.count)
        #expect(Array(written.prefix(spoken.audio.samples.count)) == spoken.audio.samples)
        #expect(written.dropFirst(spoken.audio.samples.count).allSatisfy { $0 == 0 })
    }

    @Test func framesCapturedWhileSpeakingNeverReachTheListener() throws {
        let (input, samples) = try rampFile(frames: 16_000 * 20)
        let session = try session(input: input, output: folder.appendingPathComponent("out.raw"))
        defer { session.close() }
        try session.startListening()
        let first = try #require(session.nextCaptured(timeout: 2))
        #expect(first.samples == Array(samples.prefix(first.samples.count)))
        // The null plugin does not pace time: let the capture thread buffer chunks nobody read yet.
        Thread.sleep(forTimeInterval: 0.2)
        try session.beginSpeaking()
        // While parley speaks the capture thread keeps running; none of it may be handed on.
        try session.play(AudioChunk(samples: [Int16](repeating: 1_000, count: 22_050), sampleRate: 22_050))
        Thread.sleep(forTimeInterval: 0.3)
        #expect(session.nextCaptured(timeout: 0.2) == nil)
        try session.endSpeaking(interrupted: false)
        let next = try #require(session.nextCaptured(timeout: 2))
        // What comes next continues the file past everything captured before speaking:
        // the chunks buffered but not read were discarded, not handed on late.
        let position = Int(next.samples[0]) - 1
        #expect(position > first.samples.count)
        #expect(next.samples == (0..<next.samples.count).map { Int16((position + $0) % 20_000 + 1) })
    }

    @Test func eachPCMOpensOnceAcrossManyTurns() throws {
        let (input, _) = try rampFile(frames: 16_000)
        let session = try session(input: input, output: folder.appendingPathComponent("out.raw"))
        defer { session.close() }
        #expect(session.nextCaptured(timeout: 0.1) == nil)   // not listening: nothing is captured
        for _ in 0..<10 {
            try session.startListening()
            #expect(session.nextCaptured(timeout: 1) != nil)
            session.stopListening()
            try session.beginSpeaking()
            try session.play(AudioChunk(samples: [Int16](repeating: 5, count: 2_205), sampleRate: 22_050))
            try session.endSpeaking(interrupted: false)
        }
        #expect(session.deviceOpenCount == 2)
        #expect(session.captureFailure == nil)
    }

    @Test func aPCMThatCannotOpenIsAClearErrorNotACrash() {
        #expect {
            try ALSAAudioSession(input: "no_such_microphone", output: "null_sink")
        } throws: { error in
            let message = (error as? ParleyError)?.message ?? ""
            return message.contains("Could not open microphone 'no_such_microphone'")
        }
        let probe = ALSADevices.probe("no_such_speaker", .playback)
        #expect(!probe.opens)
    }

    @Test func knownPCMsIncludeTheTestDevices() {
        let names = ALSADevices.knownPCMs().map(\.name)
        #expect(names.contains("default"))
    }
}

@Suite("File-backed audio session")
struct FileAudioSessionTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ko-eolmayeyo-22k-stereo.wav")

    @Test func aRecordingIsTheMicrophoneAndUtterancesBecomeNumberedFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-files-\(UUID())")
        let session = try FileAudioSession(inputWAV: Self.fixture, outputFolder: folder)
        let expected = try WAVFile.read(Self.fixture).mixedToMono()
        #expect(session.captureRate == 22_050)
        var captured: [Int16] = []
        while let chunk = session.nextCaptured(timeout: 0) { captured += chunk.samples }
        #expect(captured == expected.samples)
        #expect(session.captureFailure?.message == "The input recording has ended.")
        for text in ["one", "two"] {
            try session.beginSpeaking()
            try session.play(AudioChunk(samples: [Int16](repeating: text == "one" ? 1 : 2, count: 100), sampleRate: 22_050))
            try session.endSpeaking(interrupted: false)
        }
        #expect(session.writtenFiles.map(\.lastPathComponent) == ["utterance-001.wav", "utterance-002.wav"])
        #expect(try WAVFile.read(session.writtenFiles[1]).samples == [Int16](repeating: 2, count: 100))
    }

    @Test func resamplingKeepsDurationAndShape() {
        let ramp = AudioChunk(samples: (0..<1_600).map { Int16($0) }, sampleRate: 16_000)
        let up = ramp.resampled(to: 22_050)
        #expect(up.samples.count == 2_205)
        #expect(abs(up.duration - ramp.duration) < 0.001)
        #expect(up.samples.last.map { $0 >= 1_590 } == true)
    }
}
