import Foundation
import ParleyKit

/// The translation step of a turn with the default translator and its Apertium pipeline
/// warm: a 12-word English utterance as the recogniser writes it (lower case, no
/// punctuation) to Spanish, many times. Target ≤ 10 ms median. Part of `handoff`.
enum ApertiumTurnBenchmark {
    static let utterances = [
        "good morning i would like two coffees and a glass of water",
        "where is the train station i need to go to madrid today",
        "my name is maria and i live in a house near seoul",
    ]

    /// The utterances' length in words: the target is stated for twelve.
    static let words = 12

    static func run(runs: Int = 300) throws {
        precondition(utterances.allSatisfy { $0.split(separator: " ").count == words }, "each utterance has \(words) words")
        let english = LocaleTag(language: "en", region: "US"), spanish = LocaleTag(language: "es", region: "ES")
        let translator = AutoTranslator(library: DictionaryLibrary(paths: DataPaths()))
        guard let engine = translator.engine(from: english, to: spanish), engine.hasPrefix("apertium") else {
            print("apertium turn: no Apertium mode for en→es (apt-get install apertium-eng-spa); skipped")
            return
        }
        let start = DispatchTime.now().uptimeNanoseconds
        translator.prepare(from: english, to: spanish)
        let first = try translator.translate(utterances[0], from: english, to: spanish)
        let cold = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        var samples: [Double] = []
        for index in 0..<runs {
            let text = utterances[index % utterances.count]
            samples.append(try Measure.seconds { _ = try translator.translate(text, from: english, to: spanish) } * 1000)
        }
        samples.sort()
        print("apertium turn (\(engine), \(words)-word utterance, \(runs) runs, pipeline warm: \(utterances[0]) → \(first.text))")
        print("  translate: median \(Measure.format(samples[runs / 2])) ms, p90 \(Measure.format(samples[runs * 9 / 10])) ms, "
              + "max \(Measure.format(samples.last!)) ms (target ≤ 10 ms median); first call with the start: "
              + "\(Measure.format(cold)) ms")
    }
}
