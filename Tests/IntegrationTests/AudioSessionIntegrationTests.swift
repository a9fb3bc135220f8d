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

    @Test func eachPCMStaysOpenAcrossManyTurns() throws {
        let (input, _) = try rampFile(frames: 16_000 * 30)
        let output = folder.appendingPathComponent("out.raw")
        let session = try session(input: input, output: output)
        defer { session.close() }
        #expect(session.nextCaptured(timeout: 0.1) == nil)   // not listening: nothing is captured
        var positions: [Int] = []
        for turn in 0..<10 {
            try session.startListening()
            let chunk = try #require(session.nextCaptured(timeout: 1))
            positions.append(Int(chunk.samples[0]))
            session.stopListening()
            try session.beginSpeaking()
            try session.play(AudioChunk(samples: [Int16](repeating: Int16(turn + 1), count: 2_205), sampleRate: 22_050))
            try session.endSpeaking(interrupted: false)
        }
        #expect(session.captureFailure == nil)
        // A microphone reopened per turn would start its file again at sample 1; this one reads on.
        #expect(positions.first == 1)
        #expect(positions.dropFirst().allSatisfy { $0 != 1 }, "\(positions)")
        // A speaker reopened per turn would truncate its file; this one holds every utterance.
        let written = try Data(contentsOf: output).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        let levels = written.filter { $0 != 0 }.reduce(into: [Int16]()) { runs, sample in
            if runs.last != sample { runs.append(sample) }
        }
        #expect(levels == (1...10).map { Int16($0) })
    }

    @Test func aMissingSideLeavesTheOtherWorking() throws {
        let (input, _) = try rampFile(frames: 16_000)
        let output = folder.appendingPathComponent("out.raw")
        let opened = ALSAAudioSession.openAvailable(input: "no_such_microphone", output: "test_speaker:OUTFILE=\(output.path)")
        let session = try #require(opened.session)
        defer { session.close() }
        #expect(opened.failures.keys.sorted { $0.rawValue < $1.rawValue } == [.capture])
        #expect(opened.failures[.capture]?.code == .deviceUnavailable)
        #expect(opened.failures[.capture]?.message.contains("microphone 'no_such_microphone'") == true)
        #expect(!session.canCapture && session.canPlay)
        #expect(session.captureFailure?.code == .deviceUnavailable)
        try session.beginSpeaking()
        try session.play(AudioChunk(samples: [Int16](repeating: 7, count: 2_205), sampleRate: 22_050))
        try session.endSpeaking(interrupted: false)
        #expect(try Data(contentsOf: output).count >= 2_205 * 2)
        // Switching the microphone in keeps the speaker as it is.
        try session.switchDevice(.capture, to: "test_mic:INFILE=\(input.path)")
        #expect(session.endpoints.output == "test_speaker:OUTFILE=\(output.path)")
        try session.startListening()
        #expect(session.nextCaptured(timeout: 1)?.samples.first == 1)
    }

    @Test func wordsSpokenJustBeforeATurnAreHeardUpToThePreRoll() throws {
        let (input, _) = try rampFile(frames: 16_000 * 10)
        let session = try ALSAAudioSession(input: "test_mic:INFILE=\(input.path)",
                                           output: "test_speaker:OUTFILE=\(folder.appendingPathComponent("out.raw").path)",
                                           preRollSeconds: 0.8)
        defer { session.close() }
        // Nobody listens for 0.5 s: the microphone keeps it all, and the turn hears it first.
        Thread.sleep(forTimeInterval: 0.5)
        try session.startListening()
        #expect(session.nextCaptured(timeout: 1)?.samples.first == 1)
        session.stopListening()
        // 2 s between turns: only the last 0.8 s are kept.
        Thread.sleep(forTimeInterval: 2)
        try session.startListening()
        let first = try #require(session.nextCaptured(timeout: 1))
        let behind = Double(first.capturedAt.map { DispatchTime.now().uptimeNanoseconds - $0 } ?? 0) / 1e9
        // Kept whole, the 2 s would start 2.8 s ago; the upper bound leaves room for a loaded machine.
        #expect(behind > 0.6 && behind < 1.6, "the pre-roll starts \(behind) s ago")
        session.stopListening()
        // Speaking empties the pre-roll: parley never hears itself.
        // One second of speech, so that audio from before it is told apart on a loaded machine.
        try session.beginSpeaking()
        try session.play(AudioChunk(samples: [Int16](repeating: 9, count: 22_050), sampleRate: 22_050))
        try session.endSpeaking(interrupted: false)
        try session.startListening()
        let afterSpeech = try #require(session.nextCaptured(timeout: 1))
        let age = Double(afterSpeech.capturedAt.map { DispatchTime.now().uptimeNanoseconds - $0 } ?? 0) / 1e9
        #expect(age < 0.6, "audio from \(age) s ago, before parley stopped speaking")
    }

    @Test func aSpeakerThatDoesNotBlockStillTakesAsLongAsItsAudio() throws {
        let (input, _) = try rampFile(frames: 1_600)
        let session = try session(input: input, output: folder.appendingPathComponent("out.raw"))
        defer { session.close() }
        let started = Date()
        try session.beginSpeaking()
        for _ in 0..<10 { try session.play(AudioChunk(samples: [Int16](repeating: 3, count: 2_205), sampleRate: 22_050)) }
        try session.endSpeaking(interrupted: false)
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed > 0.9 && elapsed < 3, "1 s of audio played in \(elapsed) s")
        // Stopped early, what is buffered is dropped, not waited for.
        let interrupted = Date()
        try session.beginSpeaking()
        try session.play(AudioChunk(samples: [Int16](repeating: 3, count: 2_205), sampleRate: 22_050))
        try session.endSpeaking(interrupted: true)
        #expect(Date().timeIntervalSince(interrupted) < 0.5)
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

    @Test func knownPCMsAreTheConfiguredOnesWithTheirDirections() {
        let pcms = ALSADevices.knownPCMs()
        // The test configuration gives hints for these two; "default" comes first.
        #expect(pcms.map(\.name) == ["default", "null_sink"])
        #expect(pcms.first?.description == "parley tests: capture and playback over the null plugin")
        #expect(pcms.allSatisfy { $0.directions == [.capture, .playback] })
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
        try session.startListening()
        while let chunk = session.nextCaptured(timeout: 0) { captured += chunk.samples }
        session.stopListening()
        #expect(captured == expected.samples)
        #expect(session.captureFailure?.message == "The input recording has ended.")
        for text in ["one", "two"] {
            try session.beginSpeaking()
            try session.play(AudioChunk(samples: [Int16](repeating: text == "one" ? 1 : 2, count: 100), sampleRate: 22_050))
            try session.endSpeaking(interrupted: false)
        }
        #expect(session.writtenFiles.map(\.lastPathComponent) == ["utterance-001.wav", "utterance-002.wav"])
        #expect(try WAVFile.read(session.writtenFiles[1]).samples == [Int16](repeating: 2, count: 100))

        // A later session in the same folder numbers on instead of overwriting.
        let later = try FileAudioSession(inputWAV: nil, outputFolder: folder)
        try later.beginSpeaking()
        try later.play(AudioChunk(samples: [Int16](repeating: 3, count: 100), sampleRate: 22_050))
        try later.endSpeaking(interrupted: false)
        #expect(later.writtenFiles.map(\.lastPathComponent) == ["utterance-003.wav"])
        #expect(try WAVFile.read(folder.appendingPathComponent("utterance-001.wav")).samples
                == [Int16](repeating: 1, count: 100))
    }

    @Test func resamplingKeepsDurationAndShape() {
        let ramp = AudioChunk(samples: (0..<1_600).map { Int16($0) }, sampleRate: 16_000)
        let up = ramp.resampled(to: 22_050)
        #expect(up.samples.count == 2_205)
        #expect(abs(up.duration - ramp.duration) < 0.001)
        #expect(up.samples.last.map { $0 >= 1_590 } == true)
    }
}
