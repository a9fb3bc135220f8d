import Foundation
import Synchronization
import Testing
@testable import ParleyKit

/// The neural voice for real: sherpa-onnx's library and the en_US-joe-medium Piper voice
/// that scripts/setup installs (into /usr/local/lib/parley or ~/.local/lib/parley, and
/// Models/voices/), phonemized by the real espeak-ng.
@Suite("Neural voices with sherpa-onnx and the joe voice", .serialized)
struct NeuralVoiceIntegrationTests {
    static let paths = DataPaths()
    static let router = try! VoiceRouter(paths: paths, notice: { message in notices.withLock { $0.append(message) } })
    static let notices = Mutex<[String]>([])
    static let english = VoiceRequest(locale: LocaleTag(language: "en", region: "US"))
    static let sentences = "Where is the train station? I would like two tickets, please. Thank you very much."

    /// Root mean square of 16-bit samples, 0…1.
    static func loudness(_ samples: [Int16]) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot() / Double(Int16.max)
    }

    @Test func setupInstalledTheLibraryAndTheJoeVoice() throws {
        let library = try SherpaOnnxLibrary.shared.get()
        #expect(library.version.hasPrefix("2."))
        let voice = try #require(Self.router.catalog.voice(named: "en_US-joe-medium"),
                                 "no joe voice in \(Self.paths.voiceRoots.map(\.path)): run scripts/setup")
        #expect(voice.locale == LocaleTag(language: "en", region: "US"))
        #expect(voice.gender == .male)
        #expect(!voice.licence.isEmpty && voice.licence != "unknown (see the voice's folder)")
        #expect(try Self.router.voice(for: Self.english) == "en_US-joe-medium")
    }

    @Test func englishIsSpokenByTheNeuralVoiceIntoAWAV() throws {
        let (audio, report) = try Self.router.synthesizeAll(Self.sentences, voice: Self.english)
        #expect(report.voice == "en_US-joe-medium")
        #expect(audio.sampleRate == 22_050)
        // Fourteen words: a few seconds of speech, not a blip and not a runaway.
        #expect((2.5...9).contains(audio.duration), "\(audio.duration) s")
        #expect(Self.loudness(audio.samples) > 0.02)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parley-neural-\(UUID()).wav")
        defer { try? FileManager.default.removeItem(at: file) }
        try WAVFile.write(audio, to: file)
        let read = try WAVFile.read(file)
        #expect(read.samples == audio.samples)
    }

    @Test func espeakNgReadsEachClauseWithTheMarkThatEndedIt() throws {
        let clauses = try EspeakRuntime.shared.perform {
            try Espeak.phonemeClauses("Hello there, how are you? Fine.", voice: "en-us", phonemeInput: false)
        }
        #expect(clauses.map(\.terminator) == [",", "?", "."])
        #expect(clauses[0].phonemes.contains("ð"))
    }

    @Test func aQuestionIsGivenToTheVoiceAsOne() throws {
        let voice = try #require(Self.router.catalog.voice(named: "en_US-joe-medium"))
        let loaded = try #require(Self.router.neural).load(voice)
        let clauses = try EspeakRuntime.shared.perform {
            try Espeak.phonemeClauses("are you coming tomorrow?", voice: "en-us", phonemeInput: false)
        }
        let sentences = loaded.sentences.sentences(from: clauses)
        #expect(sentences.count == 1)
        #expect(sentences.first?.last == Int32(UnicodeScalar("?").value))
    }

    @Test func rateAndVolumeChangeTheNeuralVoice() throws {
        var fast = UtteranceSettings.standard
        fast.rate = 2
        var quiet = UtteranceSettings.standard
        quiet.volume = 50
        let normal = try Self.router.synthesizeAll(Self.sentences, voice: Self.english).audio
        let doubled = try Self.router.synthesizeAll(Self.sentences, voice: Self.english, settings: fast).audio
        let softer = try Self.router.synthesizeAll(Self.sentences, voice: Self.english, settings: quiet).audio
        let shortening = 1 - doubled.duration / normal.duration
        #expect((0.4...0.6).contains(shortening), "normal \(normal.duration) s, rate 2: \(doubled.duration) s")
        // The voice's noise makes each rendering differ a little: compare loudness, not samples.
        let ratio = Self.loudness(softer.samples) / Self.loudness(normal.samples)
        #expect((0.35...0.65).contains(ratio), "loudness ratio \(ratio)")
    }

    @Test func pitchIsSaidOnceNotIgnored() throws {
        var settings = UtteranceSettings.standard
        settings.pitch = 80
        _ = try Self.router.synthesizeAll("Good morning.", voice: Self.english, settings: settings)
        _ = try Self.router.synthesizeAll("Good evening.", voice: Self.english, settings: settings)
        let pitchNotes = Self.notices.withLock { $0 }.filter { $0.contains("Pitch 80") && $0.contains("en_US-joe-medium") }
        #expect(pitchNotes.count == 1)
    }

    @Test func stoppingFromAnotherThreadEndsTheUtteranceWithinAChunk() throws {
        let text = Array(repeating: Self.sentences, count: 4).joined(separator: " ")
        let full = try Self.router.synthesizeAll(text, voice: Self.english).audio
        let chunksAfterStop = Atomic<Int>(0)
        let stopped = Atomic<Bool>(false)
        var delivered = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let report = try Self.router.synthesize(text, voice: Self.english, settings: .standard) { chunk in
            if stopped.load(ordering: .relaxed) { chunksAfterStop.add(1, ordering: .relaxed) }
            delivered += chunk.samples.count
            if delivered > 22_050, !stopped.load(ordering: .relaxed) {
                // Ctrl-C and Enter reach the synthesizer as stop(), from the main thread.
                stopped.store(true, ordering: .relaxed)
                Thread.detachNewThread { Self.router.stop() }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return true
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #expect(report.stoppedEarly)
        #expect(chunksAfterStop.load(ordering: .relaxed) <= 1)
        #expect(report.sampleCount < full.samples.count / 2)
        #expect(seconds < 30, "took \(seconds) s (a stop that is not heard runs to the end; the bound leaves room for a loaded machine)")
        // The voice speaks again at once, whole.
        let again = try Self.router.synthesizeAll("Hello again.", voice: Self.english)
        #expect(!again.report.stoppedEarly && again.audio.duration > 0.4)
    }

    @Test func aSpokenTurnReachesTheSpeakerThroughTheALSAFilePlugin() throws {
        _ = AudioSessionIntegrationTests.configured
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-neural-alsa-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let microphone = folder.appendingPathComponent("mic.raw")
        try Data(count: 32_000).write(to: microphone)
        let speaker = folder.appendingPathComponent("speaker.raw")
        let session = try ALSAAudioSession(input: "test_mic:INFILE=\(microphone.path)", output: "test_speaker:OUTFILE=\(speaker.path)")
        let output = SpeechOutput(synthesizer: Self.router, session: session)
        let part = SpokenPart(text: "The museum opens at nine.", locale: Self.english.locale)
        let outcome = try output.speak([part], style: { _ in (Self.english, .standard) })
        session.close()
        #expect(!outcome.stoppedEarly)
        #expect(try #require(outcome.firstAudio) < 3)
        let written = try Data(contentsOf: speaker).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        // The session plays at the 22,050 Hz it asks the file plugin for.
        let seconds = Double(written.count) / 22_050
        #expect((0.8...5).contains(seconds), "\(seconds) s reached the speaker")
        #expect(Self.loudness(written) > 0.02)
    }

    @Test func withoutTheLibraryEspeakNgSpeaksAndSaysWhy() throws {
        let heard = Mutex<[String]>([])
        let router = try VoiceRouter(paths: Self.paths, library: .failure(ParleyError(.synthesis, .libraryMissing, "gone")),
                                     notice: { message in heard.withLock { $0.append(message) } })
        let (audio, report) = try router.synthesizeAll("Good morning.", voice: Self.english)
        #expect(report.voice == "gmw/en-US")
        #expect(audio.duration > 0.3)
        #expect(heard.withLock { $0 }.contains { $0.contains("en_US-joe-medium is installed but cannot speak") })
    }

    @Test func aCorruptModelGivesWayToEspeakNgNamingTheFileAndTheFix() throws {
        let voice = try #require(Self.router.catalog.voice(named: "en_US-joe-medium"))
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parley-voices-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let copy = root.appendingPathComponent(voice.name)
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: voice.folder.path) where name != "\(voice.name).onnx" {
            try FileManager.default.copyItem(at: voice.folder.appendingPathComponent(name), to: copy.appendingPathComponent(name))
        }
        // Garbage of the right size, ending in the metadata key parley looks for: only
        // loading it can tell.
        let size = try #require(try FileManager.default.attributesOfItem(atPath: voice.modelFile.path)[.size] as? Int)
        let key = Data("sample_rate".utf8)
        let garbage = Data((0..<(size - key.count)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }) + key
        try garbage.write(to: copy.appendingPathComponent("\(voice.name).onnx"))
        let paths = DataPaths(environment: ["HOME": root.path, "PARLEY_VOICES": root.path])
        let heard = Mutex<[String]>([])
        let router = try VoiceRouter(paths: paths, notice: { message in heard.withLock { $0.append(message) } })
        let first = try router.synthesizeAll("Good morning.", voice: Self.english)
        let second = try router.synthesizeAll("Good evening.", voice: Self.english)
        #expect(first.report.voice == "gmw/en-US" && second.report.voice == "gmw/en-US")
        let messages = heard.withLock { $0 }
        #expect(messages.count == 1, "\(messages)")
        #expect(messages.first?.contains(copy.path) == true)
        #expect(messages.first?.contains("parley install voice en_US-joe-medium") == true)
    }

    @Test func britishEnglishIsSpokenByEspeakNgsBritishVoiceNotTheUSNeuralOneAndItIsSaid() throws {
        let heard = Mutex<[String]>([])
        let router = try VoiceRouter(paths: Self.paths, notice: { message in heard.withLock { $0.append(message) } })
        let british = VoiceRequest(locale: LocaleTag(language: "en", region: "GB"))
        #expect(try router.voice(for: british) == "gmw/en")
        #expect(try router.voice(for: Self.english) == "en_US-joe-medium")
        _ = try router.voice(for: british)
        let messages = heard.withLock { $0 }
        #expect(messages.count == 1, "\(messages)")
        #expect(messages.first?.contains("espeak-ng's en-GB voice") == true)
    }

    @Test func aVoiceFolderThatCannotSpeakIsSaidOnceAndEspeakNgSpeaks() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parley-voices-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("en_US-raw-medium")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A Piper model copied in by hand, never prepared: sherpa-onnx would end the process.
        try Data([8, 7, 18, 3]).write(to: folder.appendingPathComponent("en_US-raw-medium.onnx"))
        try "_ 0\n".write(to: folder.appendingPathComponent("tokens.txt"), atomically: true, encoding: .utf8)
        try #"{"locale": "en-US", "espeakVoice": "en-us"}"#.write(to: folder.appendingPathComponent("voice.json"),
                                                                 atomically: true, encoding: .utf8)
        let heard = Mutex<[String]>([])
        let router = try VoiceRouter(paths: DataPaths(environment: ["HOME": root.path, "PARLEY_VOICES": root.path]),
                                     notice: { message in heard.withLock { $0.append(message) } })
        let first = try router.synthesizeAll("Good morning.", voice: Self.english)
        _ = try router.synthesizeAll("Good evening.", voice: Self.english)
        #expect(first.report.voice == "gmw/en-US")
        let messages = heard.withLock { $0 }
        #expect(messages.count == 1, "\(messages)")
        #expect(messages.first?.contains("lacks the metadata sherpa-onnx needs") == true)
        #expect(messages.first?.contains("parley install voice en_US-raw-medium") == true)
    }

    @Test func aModelCutShortIsFoundBeforeLoading() throws {
        let voice = try #require(Self.router.catalog.voice(named: "en_US-joe-medium"))
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parley-voices-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let copy = root.appendingPathComponent(voice.name)
        try FileManager.default.copyItem(at: voice.folder, to: copy)
        let model = try FileHandle(forWritingTo: copy.appendingPathComponent("\(voice.name).onnx"))
        try model.truncate(atOffset: 1_000_000)
        try model.close()
        let catalog = NeuralVoiceCatalog.scan(roots: [root])
        #expect(catalog.voices.isEmpty)
        let problem = try #require(catalog.problems.first)
        #expect(problem.description.contains("cut short") && problem.description.contains("parley install voice en_US-joe-medium"))
    }
}
