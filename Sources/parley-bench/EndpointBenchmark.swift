import Foundation
import ParleyKit
import Synchronization

/// End of speech → translation shown, through ALSA's file plugin as a real-time microphone:
/// recordings made with espeak-ng (`EndpointRecordingSet`: Korean phrases; Korean sentences
/// with 0.3–0.9 s pauses inside; English with commas) are played into the real conversation
/// engine (Vosk, the dictionary translator, the journal), with parley's endpointer with and
/// without its end-of-turn cues (`TurnCues`, the pitch at the end), and with Vosk's endpoint
/// alone on the Korean phrases. The end of each utterance is known from the recording; the
/// time shown is when the engine reports the translation; a turn shown before its utterance
/// ended cut it. Leaves out the terminal's own drawing and speaking the translation (muted).
/// When scripts/make-translation-bench-model has made the neural benchmark model, another
/// configuration translates ko→en with it (Opus-MT-base-sized, 16 output tokens a turn).
enum EndpointBenchmark {
    /// One way of ending turns; `onlyPhrases` configurations play the Korean phrases alone.
    struct Configuration {
        let name: String
        let endpoint: Double?
        let cues: Bool
        let translator: any Translating
        var onlyPhrases = false
    }

    static func run(checkout: URL, rounds: Int) throws {
        setenv("ALSA_CONFIG_PATH", checkout.appendingPathComponent("Tests/IntegrationTests/alsa-test.conf").path, 1)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bench-endpoint-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = DataPaths()
        let recognition = VoskRecognition(store: ModelStore(roots: paths.modelRoots))
        let korean = LocaleTag(language: "ko", region: "KR"), english = LocaleTag(language: "en", region: "US")
        _ = try recognition.makeStream(for: korean, sampleRate: 16_000, options: .conversation)   // the model, loaded once
        // Without an English model the English recording is heard by the Korean one: its
        // words mean nothing then, so the energy and the pitch are what is measured.
        let englishSpeaker = recognition.unavailableReason(english) == nil ? english : korean
        let synthesizer = try EspeakSynthesizer()
        let sets = [EndpointRecordingSet.koreanPhrases, .koreanPaused, .englishCommas]
        let recordings = try sets.map { set -> (set: EndpointRecordingSet, recording: EndpointRecording, input: URL, speaker: LocaleTag) in
            let recording = try EndpointRecording.make(set, synthesizer: synthesizer)
            let input = folder.appendingPathComponent("microphone-\(set.voice.language)-\(set.utterances.count).raw")
            try recording.samples.withUnsafeBytes { try Data($0).write(to: input) }
            return (set, recording, input, set.voice.language == "en" ? englishSpeaker : korean)
        }
        let translator = DictionaryTranslator(library: DictionaryLibrary(paths: paths))
        for (set, recording, _, speaker) in recordings {
            print("endpoint benchmark: \(set.name), \(recording.ends.count) utterances heard as \(speaker), "
                  + "\(Measure.format(recording.duration, 0)) s of audio per run")
        }
        let setting = Endpointer.defaultSilence
        var configurations = [
            Configuration(name: "endpointer \(setting) s, no cues", endpoint: setting, cues: false, translator: translator),
            Configuration(name: "endpointer \(setting) s + cues", endpoint: setting, cues: true, translator: translator),
            Configuration(name: "Vosk endpoint alone", endpoint: nil, cues: false, translator: translator, onlyPhrases: true)]
        // With the neural benchmark model (Opus-MT-base-sized, 16 output tokens) standing in for ko→en.
        if let models = try NeuralTranslationBenchmark.modelRoot(as: "ko-en", in: folder) {
            let neural = NeuralTranslator(roots: [models])
            _ = try neural.translate("안녕하세요", from: korean, to: english)
            configurations.append(Configuration(name: "cues + neural model", endpoint: setting, cues: true, translator: neural,
                                                onlyPhrases: true))
        }
        var results: [String: [Run]] = [:]
        for _ in 0..<rounds {
            for (set, recording, input, speaker) in recordings {
                for configuration in configurations where !configuration.onlyPhrases || set.name == sets[0].name {
                    let run = try Run.play(recording, input: input, folder: folder, recognition: recognition,
                                           speaker: speaker, configuration: configuration)
                    results["\(set.name) | \(configuration.name)", default: []].append(run)
                    print("  \(set.name): \(configuration.name.padding(toLength: 28, withPad: " ", startingAt: 0)) \(run.summary)")
                }
            }
        }
        print("end of speech → translation shown, all rounds (cut: turns shown before their utterance ended):")
        print("  | recordings | configuration | median ms | p90 ms | turns | cut | missed |")
        print("  |---|---|---:|---:|---:|---:|---:|")
        for set in sets {
            for configuration in configurations {
                guard let runs = results["\(set.name) | \(configuration.name)"] else { continue }
                let latencies = runs.flatMap(\.latencies).sorted()
                print("  | \(set.name) | \(configuration.name) | \(ms(percentile(latencies, 0.5))) | \(ms(percentile(latencies, 0.9))) | "
                      + "\(latencies.count) | \(runs.map(\.extraTurns).reduce(0, +)) | \(runs.map(\.missed).reduce(0, +)) |")
            }
        }
        print("  (target on the Korean phrases with cues: median ≤ 450 ms, p90 ≤ 650 ms; no more cut than without cues; "
              + "capture period \(Int(ALSAAudioSession.capturePeriod * 1000)) ms included)")
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))]
    }

    static func ms(_ seconds: Double) -> String { Measure.format(seconds * 1000, 0) }
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

    static func play(_ recording: EndpointRecording, input: URL, folder: URL, recognition: VoskRecognition,
                     speaker: LocaleTag, configuration: EndpointBenchmark.Configuration) throws -> Run {
        let listener = speaker.language == "en" ? LocaleTag(language: "ko", region: "KR") : LocaleTag(language: "en", region: "US")
        let translator = configuration.translator
        let session = try ALSAAudioSession(input: "test_mic:INFILE=\(input.path)", output: nil)
        let observed = ObservedAudioSession(session, recording: recording)
        let shown = Mutex<[(time: UInt64, heard: String)]>([])
        let parts = ConversationParts(recognition: recognition, translator: translator, synthesizer: { try EspeakSynthesizer() },
                                      openAudio: { _ in AudioOpening(session: observed) },
                                      journal: try TranscriptJournal(folder: folder))
        let engine = ConversationEngine(first: speaker, second: listener, parts: parts, muted: true,
                                        endpoint: configuration.endpoint) { event in
            if case .translated(let translation) = event {
                shown.withLock { $0.append((DispatchTime.now().uptimeNanoseconds, translation.sourceText)) }
            }
        }
        engine.endOfTurnCues = configuration.cues
        engine.start(audio: AudioEndpoints(kind: .devices, input: "microphone", output: nil))
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64((recording.duration + 1) * 1e9)
        while DispatchTime.now().uptimeNanoseconds < deadline {
            if engine.snapshot.speaker != speaker { engine.swapSides() }
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
    private let recording: EndpointRecording
    private let start = Mutex<UInt64?>(nil)

    init(_ inner: any AudioSession, recording: EndpointRecording) {
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

