import Foundation
import ParleyKit
import Synchronization

/// `scripts/bench interpret [minutes] [runs]`: continuous interpretation of a Korean
/// recording of about ten minutes (`InterpretRecording`).
/// - From the file: `parley interpret`'s work (FileInterpretation: transcribe's reading, cut
///   into cues, each translated) against `parley transcribe`'s alone (FileTranscriber), each
///   in a process of its own (`interpret-worker`) for its peak RSS; × real time of the
///   decoding (the model loaded first), and the words the cues miss of the transcript.
/// - Live, through ALSA's file plugin as a real-time microphone (as `bench endpoint`): end of
///   each segment (the end of its last phrase, known from the recording) → its translation
///   reported (median, p90, the longest wait), and the transcript's words that live
///   interpretation did not hear (an LCS of the two word sequences).
enum InterpretBenchmark {
    static let korean = LocaleTag(language: "ko", region: "KR"), english = LocaleTag(language: "en", region: "US")

    static func run(checkout: URL, minutes: Double, runs: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bench-interpret-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = try InterpretRecording.make(checkout: checkout, minutes: minutes)
        let wav = folder.appendingPathComponent("talk.wav")
        try recording.writeWAV(to: wav)
        print("interpret benchmark: \(recording.ends.count) Korean phrases joined with 0.3–1.2 s gaps, "
              + "\(Measure.format(recording.duration / 60, 1)) min of audio")
        var results: [String: [WorkerResult]] = [:]
        for round in 1...max(1, runs) {
            for mode in ["transcribe", "interpret"] {
                let result = try worker(mode, wav: wav, words: folder.appendingPathComponent("\(mode)-\(round).words"))
                results[mode, default: []].append(result)
            }
        }
        let transcript = try words(folder.appendingPathComponent("transcribe-1.words"))
        print("from the file (decoding after the model is loaded; \(runs) run(s) each; min / median / max):")
        for mode in ["transcribe", "interpret"] {
            let runs = results[mode] ?? []
            let speeds = runs.map { recording.duration / $0.seconds }.sorted()
            let peaks = runs.map(\.peakMiB).sorted()
            let heard = try words(folder.appendingPathComponent("\(mode)-1.words"))
            print("  \(mode.padding(toLength: 11, withPad: " ", startingAt: 0)) × real time "
                  + speeds.map { Measure.format($0, 1) }.joined(separator: " / ")
                  + ", peak RSS " + peaks.map { Measure.format($0, 0) }.joined(separator: " / ") + " MiB, "
                  + "\(runs.first?.segments ?? 0) \(mode == "interpret" ? "cues" : "segments"), "
                  + "\(transcript.count - matched(transcript, heard)) of \(transcript.count) words missing vs transcribe")
        }
        try live(recording, folder: folder, checkout: checkout, transcript: transcript)
    }

    // MARK: - From the file, in a process of its own

    struct WorkerResult: Codable {
        let seconds: Double
        let peakMiB: Double
        let segments: Int
    }

    /// Runs `parley-bench interpret-worker MODE FILE WORDS` and reads its result.
    static func worker(_ mode: String, wav: URL, words: URL) throws -> WorkerResult {
        let process = try Subprocess.start(URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path,
                                           arguments: ["interpret-worker", mode, wav.path, words.path], output: .pipe,
                                           stage: .recognition)
        let data = Data(try process.readToEnd().output)
        guard process.wait().succeeded else {
            throw ParleyError(.recognition, .engineFailed, "The \(mode) worker failed: \(String(decoding: data, as: UTF8.self))")
        }
        return try JSONDecoder().decode(WorkerResult.self, from: data)
    }

    /// The worker: loads the Korean model, then times `mode` over the file, writes the words
    /// it heard (one a line) and prints its result as JSON.
    static func worker(_ arguments: [String]) throws {
        guard arguments.count == 3 else { throw ParleyError(.input, .invalidInput, "interpret-worker MODE FILE WORDS") }
        let (mode, file, wordsFile) = (arguments[0], URL(fileURLWithPath: arguments[1]), URL(fileURLWithPath: arguments[2]))
        let recognition = VoskRecognition(store: ModelStore(roots: DataPaths().modelRoots))
        _ = try recognition.makeStream(for: korean, sampleRate: 16_000, options: .conversation)
        var heard: [String] = []
        var segments = 0
        let seconds = try Measure.seconds {
            switch mode {
            case "transcribe":
                let (found, _) = try FileTranscriber(recognition: recognition).transcribe(file, locale: korean)
                segments = found.count
                heard = found.flatMap { $0.result.words.map(\.word) }
            default:
                let translator = DictionaryTranslator(library: DictionaryLibrary(paths: DataPaths()))
                let interpreter = SegmentInterpreter(source: korean, target: english, translator: translator, journal: nil,
                                                     events: { _ in })
                let (found, _) = try FileInterpretation(recognition: recognition).interpret(file, with: interpreter)
                let cues = found.compactMap { SubtitleCue.of($0, showing: .original) }
                _ = SubtitleWriter.text(cues, format: .srt)
                segments = cues.count
                heard = found.flatMap { $0.heard.result.words.map(\.word) }
            }
        }
        try Data(heard.joined(separator: "\n").utf8).write(to: wordsFile)
        let result = WorkerResult(seconds: seconds, peakMiB: Measure.peakResidentMiB(), segments: segments)
        print(String(decoding: try JSONEncoder().encode(result), as: UTF8.self))
    }

    static func words(_ file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// How many of `reference`'s words `heard` holds in the same order (their longest common subsequence).
    static func matched(_ reference: [String], _ heard: [String]) -> Int {
        guard !reference.isEmpty, !heard.isEmpty else { return 0 }
        var previous = [Int](repeating: 0, count: heard.count + 1)
        for word in reference {
            var current = [Int](repeating: 0, count: heard.count + 1)
            for (index, other) in heard.enumerated() {
                current[index + 1] = word == other ? previous[index] + 1 : max(previous[index + 1], current[index])
            }
            previous = current
        }
        return previous[heard.count]
    }

    // MARK: - Live

    static func live(_ recording: InterpretRecording, folder: URL, checkout: URL, transcript: [String]) throws {
        setenv("ALSA_CONFIG_PATH", checkout.appendingPathComponent("Tests/IntegrationTests/alsa-test.conf").path, 1)
        let input = folder.appendingPathComponent("microphone.raw")
        try recording.samples.withUnsafeBytes { try Data($0).write(to: input) }
        let paths = DataPaths()
        let recognition = VoskRecognition(store: ModelStore(roots: paths.modelRoots))
        _ = try recognition.makeStream(for: korean, sampleRate: 16_000, options: .conversation)
        let translator = DictionaryTranslator(library: DictionaryLibrary(paths: paths))
        print("live through the file microphone (real time, \(Measure.format(recording.duration / 60, 1)) min; "
              + "segments cut at \(SegmentationSettings.defaultPause) s pauses, at most \(SegmentationSettings.defaultLongest) s):")
        let recordingStart = RecordingStart(recording: recording)
        let session = recordingStart.watching(try ALSAAudioSession(input: "test_mic:INFILE=\(input.path)", output: nil))
        defer { session.close() }
        let interpretation = LiveInterpretation(source: korean, target: english, recognition: recognition,
                                                translator: translator, journal: nil)
        var heard: [Int: HeardSegment] = [:]
        var shown: [(number: Int, time: UInt64)] = []
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64((recording.duration + 3) * 1e9)
        _ = interpretation.run(listeningTo: session, shouldStop: { DispatchTime.now().uptimeNanoseconds > deadline }) { event in
            switch event {
            case .heard(let segment): heard[segment.number] = segment
            case .translated(let number, _): shown.append((number, DispatchTime.now().uptimeNanoseconds))
            default: break
            }
        }
        guard let (start, firstOffset) = recordingStart.start else {
            throw ParleyError(.audio, .inputEnded, "The microphone gave nothing the recording holds.")
        }
        // Each segment's end of speech: the last phrase that ended by the end the recognizer
        // gave it (plus 0.3 s for its word times), on the wall clock.
        var waits: [Double] = []
        for (number, time) in shown {
            guard let segment = heard[number] else { continue }
            let position = firstOffset + Int((segment.end + 0.3) * 16_000)
            guard let end = recording.ends.last(where: { $0 <= position }) else { continue }
            waits.append((Double(time) - Double(start) - Double(end) / 16_000 * 1e9) / 1e9)
        }
        let sorted = waits.sorted()
        guard !sorted.isEmpty else { throw ParleyError(.recognition, .engineFailed, "No segment was translated.") }
        let liveWords = heard.keys.sorted().flatMap { heard[$0]!.result.words.map(\.word) }
        print("  \(shown.count) segments translated; end of segment → translation shown: median "
              + "\(Measure.format(sorted[sorted.count / 2])) s, p90 \(Measure.format(sorted[sorted.count * 9 / 10])) s, "
              + "longest \(Measure.format(sorted.last!)) s")
        // Speech lost: a phrase no segment's words overlap (in the recording's time).
        let spans = heard.values.map { (firstOffset + Int($0.start * 16_000), firstOffset + Int($0.end * 16_000)) }
        let margin = 4_800
        let lost = zip(recording.starts, recording.ends).filter { start, end in
            end > firstOffset && !spans.contains { $0.0 < end + margin && $0.1 > start - margin }
        }.count
        print("  phrases with no segment (speech lost): \(lost) of \(recording.ends.count)")
        print("  words of transcribe's transcript not in live's, in order: \(transcript.count - matched(transcript, liveWords)) of "
              + "\(transcript.count) (live heard \(liveWords.count) words; the Korean model hears these synthetic phrases "
              + "differently from one hearing to the next)")
    }
}

/// When a session's recording started: capture is paced to real time from the recording's
/// first frame, so the first chunk handed out, found in the recording by its samples, dates
/// it; its offset is where the stream's time 0 lies.
private final class RecordingStart: Sendable {
    private let recording: InterpretRecording
    private let first = Mutex<(start: UInt64, offset: Int)?>(nil)

    init(recording: InterpretRecording) {
        self.recording = recording
    }

    /// `inner`, watched for its first chunk.
    func watching(_ inner: any AudioSession) -> WatchedAudioSession {
        WatchedAudioSession(inner, watcher: WatchedAudioSession.Watcher(captured: { [self] in captured($0) }))
    }

    private func captured(_ chunk: AudioChunk) {
        guard let captured = chunk.capturedAt, first.withLock({ $0 == nil }),
              let offset = recording.offset(of: chunk.samples) else { return }
        let end = Double(offset + chunk.samples.count) / 16_000
        first.withLock { $0 = (captured - UInt64(end * 1e9), offset) }
    }

    /// The wall-clock time of the recording's first sample, and the first chunk's offset in it.
    var start: (UInt64, Int)? { first.withLock { $0.map { ($0.start, $0.offset) } } }
}
