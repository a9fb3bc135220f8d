import Foundation
import ParleyKit

/// Issue targets: a 12-word sentence translates in ≤ 200 ms median with greedy decoding on an
/// Opus-MT-base-sized model (random weights, the output forced to 16 tokens by its
/// generation_config's min_length = max_length = 17), within 1.2× of onnxruntime's own Python
/// session doing the same steps (`scripts/make-translation-bench-model --time`, run after this
/// by `scripts/bench neural-translation`); beam 4's cost; the memory of both directions loaded.
enum NeuralTranslationBenchmark {
    static let sentence = "could you please tell me where the nearest train station is now"

    /// Where scripts/make-translation-bench-model puts the model (`en-es/` in it).
    static var root: URL {
        let cache = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? NSHomeDirectory() + "/.cache"
        return URL(fileURLWithPath: cache).appendingPathComponent("parley/bench/translation")
    }

    /// A models root in `folder` where the benchmark model serves `direction` (its files linked),
    /// or nil when the model has not been made.
    static func modelRoot(as direction: String, in folder: URL) throws -> URL? {
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("en-es/config.json").path) else { return nil }
        let models = folder.appendingPathComponent("translation-models")
        try linkedCopy(of: root.appendingPathComponent("en-es"), to: models.appendingPathComponent(direction)) { _ in }
        return models
    }

    static func run() throws {
        print("neural translation benchmark (\(root.path))")
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("en-es/config.json").path) else {
            print("  no benchmark model: run scripts/make-translation-bench-model (a dev-time venv; a few minutes)")
            return
        }
        let en = try LocaleTag(parsing: "en"), es = try LocaleTag(parsing: "es")
        precondition(sentence.split(separator: " ").count == 12)
        let runs = 20
        for threads in [1, 2] { try greedy(root: root, threads: threads, runs: runs, en: en, es: es, label: "") }
        try beams(root: root, en: en, es: es, runs: runs)
        if FileManager.default.fileExists(atPath: quantizedRoot.appendingPathComponent("en-es/model.json").path) {
            try greedy(root: quantizedRoot, threads: 1, runs: runs, en: en, es: es, label: " int8")
        }
        try memory(root: root, en: en, es: es)
    }

    /// The int8 copy scripts/make-translation-bench-model makes (what users install is quantized).
    static var quantizedRoot: URL { root.deletingLastPathComponent().appendingPathComponent("translation-quantized") }

    /// The model of `root` decoding greedily with `threads` threads, `runs` times after a first load.
    static func greedy(root: URL, threads: Int, runs: Int, en: LocaleTag, es: LocaleTag, label: String) throws {
        let translator = NeuralTranslator(roots: [root], threads: threads)
        let load = try Measure.seconds { _ = try translator.translate("hello", from: en, to: es) }
        var samples: [Double] = []
        for _ in 0..<runs {
            samples.append(try Measure.seconds { _ = try translator.translate(sentence, from: en, to: es) })
        }
        print("  parley\(label) greedy threads=\(threads): \(summary(samples)) (12 words → 16 tokens, \(runs) warm runs; "
              + "load \(Measure.format(load * 1000)) ms; target ≤ 200 ms)")
    }

    /// The same model decoding with 4 beams (a copy of its folder whose generation_config says so).
    static func beams(root: URL, en: LocaleTag, es: LocaleTag, runs: Int) throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bench-beams-\(getpid())")
        defer { try? FileManager.default.removeItem(at: copy) }
        try linkedCopy(of: root.appendingPathComponent("en-es"), to: copy.appendingPathComponent("en-es")) { generation in
            generation["num_beams"] = 4
        }
        let translator = NeuralTranslator(roots: [copy], threads: 1)
        _ = try translator.translate("hello", from: en, to: es)
        var samples: [Double] = []
        for _ in 0..<(runs / 2) {
            samples.append(try Measure.seconds { _ = try translator.translate(sentence, from: en, to: es) })
        }
        print("  parley beam 4 threads=1: \(summary(samples)) (\(runs / 2) warm runs)")
    }

    /// Resident memory before and after loading both directions (the model again as es→en),
    /// of the int8 copy when it has been made (what users install is quantized), else of the
    /// float one.
    static func memory(root: URL, en: LocaleTag, es: LocaleTag) throws {
        let quantized = quantizedRoot.appendingPathComponent("en-es")
        let model = FileManager.default.fileExists(atPath: quantized.appendingPathComponent("model.json").path)
            ? quantized : root.appendingPathComponent("en-es")
        let both = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bench-both-\(getpid())")
        defer { try? FileManager.default.removeItem(at: both) }
        try linkedCopy(of: model, to: both.appendingPathComponent("en-es")) { _ in }
        try linkedCopy(of: model, to: both.appendingPathComponent("es-en")) { _ in }
        let before = Measure.residentMiB()
        let translator = NeuralTranslator(roots: [both], threads: 1)
        _ = try translator.translate(sentence, from: en, to: es)
        _ = try translator.translate(sentence, from: es, to: en)
        let after = Measure.residentMiB()
        let bytes = ["en-es", "es-en"].compactMap { translator.catalog.models[LanguagePair(fileName: $0 + ".tsv")!]?.bytes }
        print("  memory, both directions of \(model.path) loaded: +\(Measure.format(after - before)) MiB resident "
              + "(graphs \(bytes.reduce(0, +) / 1_048_576) MiB on disk; target ≤ +400 MB)")
    }

    /// `folder`'s files linked into `target`, its generation_config.json rewritten by `change`.
    static func linkedCopy(of folder: URL, to target: URL, change: (inout [String: Any]) -> Void) throws {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: target, withIntermediateDirectories: true)
        for name in try fileManager.contentsOfDirectory(atPath: folder.path) where name != "generation_config.json" {
            try fileManager.createSymbolicLink(at: target.appendingPathComponent(name),
                                               withDestinationURL: folder.appendingPathComponent(name))
        }
        let data = try Data(contentsOf: folder.appendingPathComponent("generation_config.json"))
        var generation = (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
        change(&generation)
        try JSONSerialization.data(withJSONObject: generation).write(to: target.appendingPathComponent("generation_config.json"))
    }

    /// `median 183 ms, p90 190 ms (spread 170–210)`.
    static func summary(_ seconds: [Double]) -> String {
        let sorted = seconds.sorted().map { $0 * 1000 }
        let p90 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.9).rounded(.up)) - 1)]
        return "median \(Measure.format(sorted[sorted.count / 2])) ms, p90 \(Measure.format(p90)) ms "
            + "(spread \(Measure.format(sorted[0]))–\(Measure.format(sorted[sorted.count - 1])))"
    }
}
