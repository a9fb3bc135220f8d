import Foundation
import ParleyKit

/// Issue targets: in-process synthesis at least 500× real time and the first audio chunk
/// within 10 ms for a 20-word sentence, side by side with `espeak-ng -w` as a command.
enum SynthesisBenchmark {
    static let sentence = "Excuse me, could you please tell me where the nearest train station is, "
        + "because I must catch the last train."

    static func run() throws {
        precondition(sentence.split(separator: " ").count == 20)
        print("synthesis benchmark (20-word sentence, en-US)")
        let synthesizer = try EspeakSynthesizer()
        let voice = VoiceRequest(locale: try LocaleTag(parsing: "en-US"))
        _ = try synthesizer.synthesizeAll("warm up", voice: voice)
        var firstChunk: [Double] = []
        var total: [Double] = []
        var audioSeconds = 0.0
        for _ in 0..<21 {
            let timing = try Measure.utterance(sentence, by: synthesizer, voice: voice)
            firstChunk.append(timing.firstMilliseconds)
            total.append(timing.seconds)
            audioSeconds = timing.audioSeconds
        }
        let medianTotal = total.sorted()[total.count / 2]
        let medianFirst = firstChunk.sorted()[firstChunk.count / 2]
        print("  in process: \(Measure.format(audioSeconds)) s of audio in \(Measure.format(medianTotal * 1000)) ms "
              + "= \(Measure.format(audioSeconds / medianTotal, 0))× real time; first chunk after "
              + "\(Measure.format(medianFirst)) ms (medians of 21; targets ≥ 500×, ≤ 10 ms)")

        let wav = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bench-\(getpid()).wav")
        defer { try? FileManager.default.removeItem(at: wav) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/espeak-ng") else {
            print("  espeak-ng -w: the espeak-ng command is not installed (apt-get install espeak-ng); skipped")
            return
        }
        let command = try Measure.median(runs: 21) {
            try Measure.spawnAndWait("/usr/bin/espeak-ng", ["-v", "en-us", "-w", wav.path, sentence])
        }
        let commandAudio = (try? WAVFile.read(wav).duration) ?? audioSeconds
        print("  espeak-ng -w as a command: \(Measure.format(commandAudio)) s of audio in \(Measure.format(command * 1000)) ms "
              + "= \(Measure.format(commandAudio / command, 0))× real time (first audio only when the file is complete)")
        print("  ratio: in process is \(Measure.format(command / medianTotal, 1))× faster end to end")
        try conversationCosts(synthesizer)
    }

    /// What a conversation pays per utterance: choosing the voice (ranking every installed
    /// voice, now done once per request) and switching espeak-ng between the two sides'
    /// voices; and what warming a voice up saves the first utterance in it.
    static func conversationCosts(_ synthesizer: EspeakSynthesizer) throws {
        let english = VoiceRequest(locale: try LocaleTag(parsing: "en-US"))
        let spanish = VoiceRequest(locale: try LocaleTag(parsing: "es-ES"))
        let ranking = try Measure.median(runs: 201) { _ = try synthesizer.voices.choose(spanish) }
        let cached = try Measure.median(runs: 201) { _ = try synthesizer.voice(for: spanish) }
        print("  choosing the voice: ranking all \(synthesizer.voices.voices.count) voices \(Measure.format(ranking * 1e6, 0)) µs, "
              + "remembered \(Measure.format(cached * 1e6, 1)) µs (median of 201)")
        func firstChunk(_ text: String, _ voice: VoiceRequest) throws -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            var first: UInt64?
            _ = try synthesizer.synthesize(text, voice: voice, settings: .standard) { _ in
                first = first ?? DispatchTime.now().uptimeNanoseconds
                return false
            }
            return Double((first ?? start) - start) / 1e6
        }
        var same: [Double] = [], alternating: [Double] = []
        for turn in 0..<21 {
            same.append(try firstChunk("where is the station", english))
            alternating.append(try firstChunk(turn % 2 == 0 ? "¿dónde está la estación?" : "where is the station",
                                              turn % 2 == 0 ? spanish : english))
        }
        print("  first chunk, same voice each utterance \(Measure.format(same.sorted()[10])) ms; sides alternating en-US/es-ES "
              + "\(Measure.format(alternating.sorted()[10])) ms (medians of 21)")
        let cold = try firstChunk("guten Morgen", VoiceRequest(locale: try LocaleTag(parsing: "de")))
        let french = VoiceRequest(locale: try LocaleTag(parsing: "fr"))
        synthesizer.warmUp([french])
        _ = try firstChunk("where is the station", english)
        let warmed = try firstChunk("bonjour", french)
        print("  first utterance in a voice not used before: \(Measure.format(cold)) ms to the first chunk; "
              + "after warmUp: \(Measure.format(warmed)) ms")
    }
}
