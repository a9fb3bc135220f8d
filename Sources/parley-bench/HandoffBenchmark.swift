import Foundation
import ParleyKit

/// The turn handoff: from the recognizer reporting the endpoint to the first synthesised
/// frame handed to the playback device, over 50 turns of the real pipeline (Vosk ko-KR fed
/// a Korean phrase and silence, dictionary translation, the journal's append, espeak-ng,
/// the ALSA session's playback over the test configuration's null plugin). Target ≤ 30 ms
/// median. The microphone is not in this path, so the phrase is fed to Vosk directly.
enum HandoffBenchmark {
    static func run(checkout: URL) throws {
        let config = checkout.appendingPathComponent("Tests/IntegrationTests/alsa-test.conf")
        setenv("ALSA_CONFIG_PATH", config.path, 1)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bench-handoff-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let turns = 50
        let phrase = try WAVFile.read(checkout.appendingPathComponent("Tests/IntegrationTests/Fixtures/ko-eolmayeyo-16k-mono.wav"))
        let utterance = phrase.samples + [Int16](repeating: 0, count: 16_000 * 3 / 2)
        let input = folder.appendingPathComponent("mic.raw")
        try Data().write(to: input)

        let paths = DataPaths()
        let recognition = VoskRecognition(store: ModelStore(roots: paths.modelRoots))
        let korean = LocaleTag(language: "ko", region: "KR"), english = LocaleTag(language: "en", region: "US")
        let session = try ALSAAudioSession(input: "test_mic:INFILE=\(input.path)",
                                           output: "test_speaker:OUTFILE=\(folder.appendingPathComponent("out.raw").path)")
        defer { session.close() }
        let stream = try recognition.makeStream(for: korean, sampleRate: phrase.sampleRate, options: .conversation)
        let translator = DictionaryTranslator(library: DictionaryLibrary(paths: paths))
        let speech = SpeechOutput(synthesizer: try EspeakSynthesizer(), session: session)
        let journal = try TranscriptJournal(folder: folder)

        var handoffs: [Double] = []
        var example = ""
        while handoffs.count < turns {
            stream.reset()
            var result: RecognitionResult?
            for offset in stride(from: 0, to: utterance.count, by: 1_600) where result == nil {
                let chunk = Array(utterance[offset..<min(offset + 1_600, utterance.count)])
                if case .final(let final)? = try stream.accept(chunk), !final.isNoSpeech { result = final }
            }
            guard let result else { throw ParleyError(.recognition, .engineFailed, "no endpoint in the benchmark's phrase") }
            let endpoint = DispatchTime.now().uptimeNanoseconds
            let translation = try translator.translate(result.text, from: korean, to: english)
            try journal.append(TurnRecord(turn: handoffs.count + 1, side: 0, mode: .spoken, translation: translation,
                                          alternatives: result.alternatives.map(\.text)))
            let speakStart = DispatchTime.now().uptimeNanoseconds
            let spoken = try speech.speak(translation.spokenParts, style: { (VoiceRequest(locale: $0), .standard) })
            guard let firstAudio = spoken.firstAudio else { continue }
            handoffs.append(Double(speakStart - endpoint) / 1e9 + firstAudio)
            example = "\(result.text) → \(translation.text)"
        }
        let sorted = handoffs.sorted()
        print("handoff benchmark (\(turns) turns: \(example))")
        print("  endpoint → first frame to the playback device: median \(Measure.format(sorted[turns / 2] * 1000)) ms, "
              + "p90 \(Measure.format(sorted[turns * 9 / 10] * 1000)) ms, max \(Measure.format(sorted.last! * 1000)) ms (target ≤ 30 ms median)")
        print("  (translation, the journal's fsync'd append, voice selection, espeak-ng's first chunk, the ALSA write)")
    }
}
