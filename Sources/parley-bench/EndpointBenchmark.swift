import Foundation
import ParleyKit
import Synchronization

/// End of speech → translation shown, through ALSA's file plugin as a real-time microphone:
/// a recording of Korean phrases (espeak-ng's Korean voice, with room noise at about
/// −55 dBFS and 2.5 s between phrases; some phrases have a 0.3 s pause in the middle) is
/// played into the real conversation engine (Vosk ko-KR, the dictionary translator, the
/// journal), once with parley's endpointer and once with Vosk's endpoint alone. The end of
/// each phrase is known from the recording; the time shown is when the engine reports the
/// translation. Leaves out the terminal's own drawing and speaking the translation (muted).
/// When scripts/make-translation-bench-model has made the neural benchmark model, a third
/// configuration translates ko→en with it (Opus-MT-base-sized, 16 output tokens a turn).
enum EndpointBenchmark {
    static let phrases = [
        "화장실이 어디예요", "감사합니다", "물 좀 주세요", "영어 할 줄 아세요", "지하철역이 어디예요",
        "계산서 주세요", "도와주세요", "안녕하세요", "다시 말해 주세요", "택시를 불러 주세요",
        "공항에 가고 싶어요", "얼마예요", "이거 주세요", "괜찮아요", "사진 좀 찍어 주세요",
    ]
    /// Phrases said in two parts with a pause between them: one turn each, never two.
    static let pausedPhrases = [("병원이", "어디예요"), ("이거", "얼마예요"), ("커피", "주세요"), ("물", "주세요")]

    static func run(checkout: URL, rounds: Int) throws {
        setenv("ALSA_CONFIG_PATH", checkout.appendingPathComponent("Tests/IntegrationTests/alsa-test.conf").path, 1)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bench-endpoint-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = try Recording.make(phrases: phrases, paused: pausedPhrases)
        let input = folder.appendingPathComponent("microphone.raw")
        try recording.samples.withUnsafeBytes { try Data($0).write(to: input) }

        let paths = DataPaths()
        let recognition = VoskRecognition(store: ModelStore(roots: paths.modelRoots))
        let korean = LocaleTag(language: "ko", region: "KR")
        _ = try recognition.makeStream(for: korean, sampleRate: 16_000, options: .conversation)   // the model, loaded once
        let translator = DictionaryTranslator(library: DictionaryLibrary(paths: paths))
        print("endpoint benchmark: \(recording.ends.count) Korean phrases (\(pausedPhrases.count) with a 0.3 s pause "
              + "inside), \(Measure.format(recording.duration, 0)) s of audio per run, \(rounds) round(s) of both")
        var configurations: [(name: String, endpoint: Double?, translator: any Translating)] = [
            ("parley endpointer (0.45 s)", Endpointer.defaultSilence, translator), ("Vosk endpoint alone", nil, translator)]
        // With the neural benchmark model (Opus-MT-base-sized, 16 output tokens) standing in for ko→en.
        if let models = try NeuralTranslationBenchmark.modelRoot(as: "ko-en", in: folder) {
            let neural = NeuralTranslator(roots: [models])
            _ = try neural.translate("안녕하세요", from: korean, to: LocaleTag(language: "en", region: "US"))
            configurations.append(("endpointer + neural model", Endpointer.defaultSilence, neural))
        }
        var results: [String: [Run]] = [:]
        for _ in 0..<rounds {
            for (name, endpoint, translator) in configurations {
                let run = try Run.play(recording, input: input, folder: folder, recognition: recognition,
                                       translator: translator, endpoint: endpoint)
                results[name, default: []].append(run)
                print("  \(name.padding(toLength: 28, withPad: " ", startingAt: 0)) \(run.summary)")
            }
        }
        print("end of speech → translation shown, all rounds:")
        for name in results.keys.sorted() {
            let latencies = results[name]!.flatMap(\.latencies).sorted()
            let split = results[name]!.map(\.extraTurns).reduce(0, +)
            let missed = results[name]!.map(\.missed).reduce(0, +)
            print("  \(name.padding(toLength: 28, withPad: " ", startingAt: 0)) median \(ms(percentile(latencies, 0.5))) ms, "
                  + "p90 \(ms(percentile(latencies, 0.9))) ms over \(latencies.count) turns; phrases split: \(split), missed: \(missed)")
        }
        print("  (target: ≤ 600 ms median with parley's endpointer; capture period \(Int(ALSAAudioSession.capturePeriod * 1000)) ms included)")
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))]
    }

    static func ms(_ seconds: Double) -> String { Measure.format(seconds * 1000, 0) }
}

/// The synthetic recording and where each phrase's speech ends.
private struct Recording {
    let samples: [Int16]
    /// Sample index of the end of each phrase's speech.
    let ends: [Int]
    var duration: Double { Double(samples.count) / 16_000 }

    /// Where `piece` starts in the recording (the file plugin hands over its samples
    /// unchanged, in whole periods from the start); nil when it is not there.
    func offset(of piece: [Int16]) -> Int? {
        guard !piece.isEmpty, piece.count <= samples.count else { return nil }
        return stride(from: 0, through: samples.count - piece.count, by: piece.count)
            .first { samples[$0..<($0 + piece.count)].elementsEqual(piece) }
    }

    static func make(phrases: [String], paused: [(String, String)]) throws -> Recording {
        let synthesizer = try EspeakSynthesizer()
        var settings = UtteranceSettings.standard
        settings.rate = 0.8   // 140 words a minute, as the test fixtures
        func speech(_ text: String) throws -> [Int16] {
            let audio = try synthesizer.synthesizeAll(text, voice: VoiceRequest(locale: LocaleTag(language: "ko")), settings: settings).audio
            let samples = audio.resampled(to: 16_000).samples
            // espeak-ng pads its speech with silence: trim it, so the ends below are the speech's.
            let first = samples.firstIndex { abs(Int($0)) > 300 } ?? 0
            let last = samples.lastIndex { abs(Int($0)) > 300 } ?? samples.count - 1
            return Array(samples[first...last])
        }
        var generator = SystemRandomNumberGenerator()
        func noise(_ seconds: Double) -> [Int16] {
            (0..<Int(seconds * 16_000)).map { _ in Int16.random(in: -100...100, using: &generator) }
        }
        var samples = noise(1.0)
        var ends: [Int] = []
        let parts = phrases.map { [$0] } + paused.map { [$0.0, $0.1] }
        for words in parts {
            for (index, word) in words.enumerated() {
                if index > 0 { samples += noise(0.3) }
                samples += try speech(word).map { $0 &+ Int16.random(in: -100...100, using: &generator) }
            }
            ends.append(samples.count)
            samples += noise(2.5)
        }
        return Recording(samples: samples, ends: ends)
    }
}

/// One pass of the recording through the engine.
private struct Run {
    let latencies: [Double]
    /// Turns beyond one per phrase (a phrase split in two), and phrases with no turn.
    let extraTurns: Int
    let missed: Int
    /// What the turns that split a phrase heard, for the report.
    let splits: [String]

    var summary: String {
        let sorted = latencies.sorted()
        return "median \(EndpointBenchmark.ms(EndpointBenchmark.percentile(sorted, 0.5))) ms, "
            + "p90 \(EndpointBenchmark.ms(EndpointBenchmark.percentile(sorted, 0.9))) ms, "
            + "\(latencies.count) turns, \(extraTurns) split, \(missed) missed"
            + (splits.isEmpty ? "" : " (split turns heard: \(splits.joined(separator: " | ")))")
    }

    static func play(_ recording: Recording, input: URL, folder: URL, recognition: VoskRecognition,
                     translator: any Translating, endpoint: Double?) throws -> Run {
        let korean = LocaleTag(language: "ko", region: "KR"), english = LocaleTag(language: "en", region: "US")
        let session = try ALSAAudioSession(input: "test_mic:INFILE=\(input.path)", output: nil)
        let observed = ObservedAudioSession(session, recording: recording)
        let shown = Mutex<[(time: UInt64, heard: String)]>([])
        let parts = ConversationParts(recognition: recognition, translator: translator, synthesizer: { try EspeakSynthesizer() },
                                      openAudio: { _ in AudioOpening(session: observed) },
                                      journal: try TranscriptJournal(folder: folder))
        let engine = ConversationEngine(first: korean, second: english, parts: parts, muted: true, endpoint: endpoint) { event in
            if case .translated(let translation) = event {
                shown.withLock { $0.append((DispatchTime.now().uptimeNanoseconds, translation.sourceText)) }
            }
        }
        engine.start(audio: AudioEndpoints(kind: .devices, input: "microphone", output: nil))
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64((recording.duration + 1) * 1e9)
        while DispatchTime.now().uptimeNanoseconds < deadline {
            if engine.snapshot.speaker != korean { engine.swapSides() }
            engine.listen()
        }
        session.close()
        guard let start = observed.recordingStart else {
            throw ParleyError(.audio, .inputEnded, "The microphone gave nothing the recording holds.")
        }
        // Each phrase's end, on the wall clock: capture is paced from the recording's first frame.
        let ends = recording.ends.map { start + UInt64(Double($0) / 16_000 * 1e9) }
        let turns = shown.withLock { $0 }
        var latencies: [Double] = []
        var splits: [String] = []
        var missed = 0
        for (index, end) in ends.enumerated() {
            let next = index + 1 < ends.count ? ends[index + 1] : UInt64.max
            let phraseTurns = turns.filter { $0.time >= end && $0.time < next }
            if let first = phraseTurns.first { latencies.append(Double(first.time - end) / 1e9) } else { missed += 1 }
            splits += phraseTurns.dropFirst().map(\.heard)
        }
        // A turn shown before the first phrase ended cut it in two.
        splits += turns.filter { turn in !ends.contains { turn.time >= $0 } }.map(\.heard)
        return Run(latencies: latencies, extraTurns: splits.count, missed: missed, splits: splits)
    }
}

/// Passes everything to a session and notes when its recording started. Capture is paced
/// to real time from the recording's first frame, so the first chunk handed out, found in
/// the recording by its samples (the pre-roll may have dropped earlier ones), dates it.
private final class ObservedAudioSession: AudioSession {
    private let inner: any AudioSession
    private let recording: Recording
    private let start = Mutex<UInt64?>(nil)

    init(_ inner: any AudioSession, recording: Recording) {
        self.inner = inner
        self.recording = recording
    }

    var recordingStart: UInt64? { start.withLock { $0 } }
    var endpoints: AudioEndpoints { inner.endpoints }
    var captureRate: Int { inner.captureRate }
    var playbackRate: Int { inner.playbackRate }
    var summary: String { inner.summary }
    var captureFailure: ParleyError? { inner.captureFailure }

    func nextCaptured(timeout: Double) -> AudioChunk? {
        let chunk = inner.nextCaptured(timeout: timeout)
        if let chunk, let captured = chunk.capturedAt, start.withLock({ $0 == nil }),
           let offset = recording.offset(of: chunk.samples) {
            let end = Double(offset + chunk.samples.count) / 16_000
            start.withLock { $0 = captured - UInt64(end * 1e9) }
        }
        return chunk
    }

    func startListening() throws { try inner.startListening() }
    func stopListening() { inner.stopListening() }
    func beginSpeaking() throws { try inner.beginSpeaking() }
    func play(_ chunk: AudioChunk) throws { try inner.play(chunk) }
    func endSpeaking(interrupted: Bool) throws { try inner.endSpeaking(interrupted: interrupted) }
    func switchDevice(_ direction: AudioDirection, to name: String) throws { try inner.switchDevice(direction, to: name) }
    func close() { inner.close() }
}

