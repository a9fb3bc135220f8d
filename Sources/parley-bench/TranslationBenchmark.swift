import Foundation
import ParleyKit

/// Issue targets: a 100,000-entry dictionary loads in ≤ 150 ms; a 12-word utterance
/// translates in ≤ 50 µs (median); the long-lived Apertium pipeline against a new
/// `apertium` process per sentence.
enum TranslationBenchmark {
    static func run(checkout: URL) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big")
        try FileManager.default.createDirectory(at: big, withIntermediateDirectories: true)
        var text = "# 100,000 synthetic entries\n"
        for index in 0..<100_000 {
            let words = index % 3 == 0 ? "word\(index) phrase\(index % 97)" : "word\(index)"
            text += "\(words)\tpalabra\(index)\n"
        }
        try text.write(to: big.appendingPathComponent("en-es.tsv"), atomically: true, encoding: .utf8)

        print("translation benchmark")
        var entries = 0
        let load = Measure.median(runs: 7) {
            let library = DictionaryLibrary(layers: [.init(origin: .dictionary, folder: big)])
            entries = library.tables(for: LanguagePair("en", "es")).first?.1.count ?? 0
        }
        print("  load 100,000-entry dictionary: \(Measure.format(load * 1000, 1)) ms median of 7 (\(entries) entries; target ≤ 150 ms)")

        let library = DictionaryLibrary(paths: DataPaths())
        let translator = DictionaryTranslator(library: library)
        let en = try LocaleTag(parsing: "en"), es = try LocaleTag(parsing: "es")
        let twelve = "excuse me where is the train station i need two tickets please"
        precondition(twelve.split(separator: " ").count == 12)
        _ = try translator.translate(twelve, from: en, to: es)
        var sample = ""
        let perCall = try Measure.median(runs: 2001) {
            sample = try translator.translate(twelve, from: en, to: es).text
        }
        let layers = library.tables(for: LanguagePair("en", "es")).map { "\($0.0.rawValue) \($0.1.count)" }
        print("  translate 12 words: \(Measure.format(perCall * 1e6, 1)) µs median of 2001 (target ≤ 50 µs)")
        print("    layers: \(layers.joined(separator: ", "))")
        print("    \"\(twelve)\" → \"\(sample)\"")

        try apertium()
    }

    static func apertium() throws {
        let sentences = ["the dog eats bread", "where is the train station", "i would like two coffees",
                         "the house is very big", "my sister lives in the city", "we need a doctor now",
                         "the museum opens at nine", "how much does the ticket cost", "i lost my passport",
                         "the weather is nice today"]
        let translator = ApertiumTranslator()
        guard translator.mode(for: LanguagePair("en", "es")) != nil else {
            print("  apertium: eng-spa not installed (apt-get install apertium-eng-spa); skipped")
            return
        }
        let en = try LocaleTag(parsing: "en"), es = try LocaleTag(parsing: "es")
        let startup = try Measure.seconds { _ = try translator.translate("hello", from: en, to: es) }
        var longLived: [Double] = []
        var perProcess: [Double] = []
        for sentence in sentences {
            longLived.append(try Measure.seconds { _ = try translator.translate(sentence, from: en, to: es) })
            perProcess.append(try Measure.seconds {
                let process = try Subprocess.start("/usr/bin/apertium", arguments: ["-u", "eng-spa"],
                                                   input: .pipe, output: .pipe, stage: .translation)
                try process.write(Array(sentence.utf8))
                process.closeInput()
                _ = try process.readToEnd()
                process.wait()
            })
        }
        let longMedian = longLived.sorted()[longLived.count / 2]
        let processMedian = perProcess.sorted()[perProcess.count / 2]
        print("  apertium, \(sentences.count) sentences interleaved, same machine, same run:")
        print("    long-lived pipeline: \(Measure.format(longMedian * 1000)) ms median per sentence "
              + "(first start \(Measure.format(startup * 1000)) ms, once)")
        print("    new process each:    \(Measure.format(processMedian * 1000)) ms median per sentence")
        print("    ratio: \(Measure.format(processMedian / longMedian, 1))× faster with the long-lived pipeline")
    }
}
