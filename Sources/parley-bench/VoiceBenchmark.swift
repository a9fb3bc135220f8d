import Foundation
import ParleyKit
import Synchronization

/// espeak-ng against the neural voice (1 and 2 inference threads), idle and while a Vosk
/// recognizer decodes speech in the same process, on the 40 sentences of
/// scripts/eval-data/voice/en.txt (repeated to fill at least 10 s while the recognizer
/// decodes). Each configuration runs in a child process of its own
/// (`parley-bench voice-worker …`), so its peak memory is its own. Measured per sentence:
/// first audio (from the call to the first chunk handed on: phonemizing and the first
/// sentence's generation), and the real-time factor (generation time over audio length).
/// Left out: the speaker's own buffering, and the voice's load (done before timing; the
/// conversation does it in the background at start).
enum VoiceBenchmark {
    struct Configuration {
        let engine: String      // espeak or neural
        let threads: Int
        let decoding: Bool
        var arguments: [String] { ["voice-worker", engine, String(threads), decoding ? "decoding" : "idle"] }
        var label: String {
            (engine == "espeak" ? "espeak-ng" : "neural, \(threads) thread\(threads == 1 ? "" : "s")")
                + (decoding ? ", recognizer decoding" : ", idle")
        }
    }

    static func run(checkout: URL) throws {
        print("voice benchmark (40 sentences of scripts/eval-data/voice/en.txt, en-US; each row a process of its own)")
        print("| configuration | first audio median ms | p90 ms | real-time factor | peak RSS MiB | recognizer × real time |")
        print("|---|---|---|---|---|---|")
        for decoding in [false, true] {
            for (engine, threads) in [("espeak", 1), ("neural", 1), ("neural", 2)] {
                let configuration = Configuration(engine: engine, threads: threads, decoding: decoding)
                let row = try child(configuration)
                print("| \(configuration.label) | \(row["firstMedian"] ?? "?") | \(row["firstP90"] ?? "?") | "
                      + "\(row["rtf"] ?? "?") | \(row["rss"] ?? "?") | \(row["recognizer"] ?? "—") |")
            }
        }
        print("(real-time factor: seconds of generation per second of speech, lower is faster; the recognizer column "
              + "is how fast Vosk decoded Korean (the fixture, speech and pauses) over the same ≥ 10 s, ≥ 1 keeps up with a live microphone; peak RSS of a "
              + "decoding row includes the Korean model)")
    }

    /// Runs one configuration in a child and reads its `key=value` line.
    static func child(_ configuration: Configuration) throws -> [String: String] {
        let process = try Subprocess.start("/proc/self/exe", arguments: configuration.arguments, output: .pipe,
                                           stage: .synthesis)
        let data = try process.readToEnd().output
        let ending = process.wait()
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last ?? ""
        guard ending.succeeded else {
            return ["firstMedian": "failed (\(line))"]
        }
        return Dictionary(line.split(separator: " ").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }) { first, _ in first }
    }

    /// The child: synthesizes every sentence with one configuration and prints its numbers.
    static func worker(_ arguments: [String], checkout: URL) throws {
        guard arguments.count == 3, let threads = Int(arguments[1]) else {
            throw ParleyError(.input, .invalidInput, "voice-worker takes ENGINE THREADS idle|decoding")
        }
        let sentences = try String(contentsOf: checkout.appendingPathComponent("scripts/eval-data/voice/en.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let voice = VoiceRequest(locale: try LocaleTag(parsing: "en-US"))
        let synthesizer: any SpeechSynthesizing
        if arguments[0] == "espeak" {
            synthesizer = try EspeakSynthesizer()
        } else {
            let catalog = NeuralVoiceCatalog.scan(roots: DataPaths().voiceRoots)
            let neural = NeuralSynthesizer(library: try SherpaOnnxLibrary.shared.get(), catalog: catalog, threads: threads)
            _ = try neural.load(try neural.neuralVoice(for: voice))
            synthesizer = neural
        }
        synthesizer.warmUp([voice])
        let decoder = arguments[2] == "decoding" ? try BackgroundDecoder(checkout: checkout) : nil
        var firsts: [Double] = []
        var generation = 0.0
        var audio = 0.0
        // While decoding, the sentences go round for at least 10 s, so the recognizer's speed
        // is taken over a window of the same length whatever the synthesizer.
        let window = decoder == nil ? 0 : 10.0
        let start = decoder?.startCounting() ?? 0
        repeat {
            for sentence in sentences {
                let timing = try Measure.utterance(sentence, by: synthesizer, voice: voice)
                firsts.append(timing.firstMilliseconds)
                generation += timing.seconds
                audio += timing.audioSeconds
            }
        } while Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 < window
        let recognizer = decoder?.stop()
        firsts.sort()
        var line = "firstMedian=\(Measure.format(firsts[firsts.count / 2], 1)) "
            + "firstP90=\(Measure.format(firsts[min(firsts.count - 1, firsts.count * 9 / 10)], 1)) "
            + "rtf=\(Measure.format(generation / audio, 3)) rss=\(Measure.format(Measure.peakResidentMiB(), 0))"
        if let recognizer { line += " recognizer=\(Measure.format(recognizer, 2))" }
        print(line)
    }
}

/// A Vosk recognizer decoding the Korean fixture over and over on a thread of its own, as
/// a conversation's listening turn does, while the voice speaks.
final class BackgroundDecoder: Sendable {
    private let stopped = Atomic<Bool>(false)
    /// Seconds of audio decoded so far, and where counting started (audio, uptime ns).
    private let decoded = Mutex<(seconds: Double, from: (seconds: Double, at: UInt64))>((0, (0, 0)))
    private let done = DispatchSemaphore(value: 0)

    init(checkout: URL) throws {
        let locale = try LocaleTag(parsing: "ko-KR")
        let recognition = VoskRecognition(store: ModelStore(roots: DataPaths().modelRoots))
        recognition.prepare(locale)
        let loaded = DispatchSemaphore(value: 0)
        recognition.whenLoaded(locale) { loaded.signal() }
        loaded.wait()
        if let reason = recognition.unavailableReason(locale) { throw reason }
        // The stream is used by the decoding thread alone from here on.
        nonisolated(unsafe) let stream = try recognition.makeStream(for: locale, sampleRate: 16_000,
                                                                    options: RecognitionOptions(maxAlternatives: 1, partials: true))
        let fixture = checkout.appendingPathComponent("Tests/IntegrationTests/Fixtures/ko-three-phrases-16k-mono.wav")
        let samples = try WAVFile.read(fixture).samples
        let thread = Thread { [self] in
            outer: while true {
                for offset in stride(from: 0, to: samples.count, by: 1_600) {
                    if stopped.load(ordering: .relaxed) { break outer }
                    let chunk = Array(samples[offset..<min(offset + 1_600, samples.count)])
                    _ = try? stream.accept(chunk)
                    decoded.withLock { $0.seconds += Double(chunk.count) / 16_000 }
                }
                stream.reset()
            }
            done.signal()
        }
        thread.name = "bench.recognizer"
        thread.start()
        // Decoding is under way before the first sentence is timed.
        Thread.sleep(forTimeInterval: 0.5)
    }

    /// Starts the window `stop` measures; returns its start in uptime nanoseconds.
    func startCounting() -> UInt64 {
        let now = DispatchTime.now().uptimeNanoseconds
        decoded.withLock { $0.from = ($0.seconds, now) }
        return now
    }

    /// Stops decoding; returns how fast it went since `startCounting`, in seconds of audio
    /// per second.
    func stop() -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        let (seconds, from) = decoded.withLock { $0 }
        stopped.store(true, ordering: .relaxed)
        done.wait()
        let wall = Double(now - from.at) / 1e9
        return wall > 0 ? (seconds - from.seconds) / wall : 0
    }
}
