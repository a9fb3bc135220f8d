import Foundation
import ParleyKit

/// Spoken-language detection with the Korean model: for Korean recordings and for English
/// and Spanish speech (espeak-ng), how the Korean side's reading scores (`SpokenLanguageJudge`:
/// mean word confidence and the share of words the translator knows), whether it is doubted,
/// and what the second hearing costs when it is: the time to decode the utterance again,
/// which is what a doubted turn waits for on top of the usual, against the utterance's length.
/// Leaves out the listener's recognizer itself (only the Korean model is installed here: the
/// Korean model's decode stands in for it) and the translation of the winning reading.
enum SpokenLanguageBenchmark {
    static let foreign: [(String, String)] = [
        ("en", "where is the train station please"), ("en", "how much does this cost"),
        ("en", "i would like a cup of coffee"), ("en", "can you help me find my hotel"),
        ("es", "dónde está la estación de tren"), ("es", "cuánto cuesta esto por favor"),
    ]
    static let korean = ["ko-eolmayeyo-16k-mono.wav", "ko-byeongwon-eodiyeyo-16k-mono.wav", "ko-three-phrases-16k-mono.wav"]

    static func run(checkout: URL, runs: Int = 5) throws {
        let paths = DataPaths()
        let recognition = VoskRecognition(store: ModelStore(roots: paths.modelRoots))
        let ko = LocaleTag(language: "ko", region: "KR"), en = LocaleTag(language: "en", region: "US")
        let translator = AutoTranslator(library: DictionaryLibrary(paths: paths))
        let synthesizer = try EspeakSynthesizer()
        var clips: [(String, AudioChunk)] = try korean.map { name in
            (name, try WAVFile.read(checkout.appendingPathComponent("Tests/IntegrationTests/Fixtures/\(name)")))
        }
        for (language, sentence) in foreign {
            clips.append(("\(language): \(sentence)",
                          try synthesizer.synthesizeAll(sentence, voice: VoiceRequest(locale: LocaleTag(language: language))).audio))
        }
        print("spoken-language benchmark: the Korean model hears each clip \(runs) times (decode time min–median–max)")
        for (name, audio) in clips {
            // The engine keeps one stream per side and rate, made once; so does this.
            let stream = try recognition.makeStream(for: ko, sampleRate: audio.sampleRate, options: .conversation)
            var result = RecognitionResult(locale: "ko", text: "", alternatives: [], words: [])
            let times = try (0..<runs).map { _ in
                try Measure.seconds { result = try stream.hearAll(audio) ?? result }
            }.sorted()
            let reading = SpokenLanguageJudge.reading(result, in: ko, translatedBy: translator, into: en)
            let length = Double(audio.samples.count) / Double(audio.sampleRate * audio.channels)
            print("  \(name.padding(toLength: 40, withPad: " ", startingAt: 0)) \(Measure.format(length, 1)) s: "
                  + "decode \(Int(times[0] * 1000))–\(Int(times[times.count / 2] * 1000))–\(Int(times.last! * 1000)) ms, "
                  + "confidence \(Measure.format(SpokenLanguageJudge.meanConfidence(of: result), 2)), "
                  + "known \(Measure.format(reading.knownShare, 2)), score \(Measure.format(reading.score, 2))"
                  + (SpokenLanguageJudge.doubts(reading) ? " → doubted" : "") + "  \(result.text)")
        }
        print("  (doubted below \(SpokenLanguageJudge.doubtBelow); the listener's reading must score \(SpokenLanguageJudge.margin) more)")
    }
}
