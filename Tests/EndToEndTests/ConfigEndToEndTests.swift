import Foundation
import Testing

/// The config file as people write it: mistakes are reported once at start, with their line,
/// and cost only that setting; `[locales]` decides what a bare language means everywhere.
@Suite("parley binary: the config file")
struct ConfigEndToEndTests {
    func writeConfig(_ bytes: [UInt8], in parley: ParleyProcess) throws -> URL {
        let config = parley.home.appendingPathComponent(".config/parley/config")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: config)
        return config
    }

    /// `gender = robot` used to silence every Spanish utterance of the session, a Latin-1
    /// byte made the whole file silently ignored, and unknown keys went unmentioned.
    @Test func mistakesAreReportedOnceAndTheRestOfTheFileStillApplies() throws {
        let parley = try ParleyProcess()
        let config = try writeConfig(Array("[es]\ngender = robot\nratee = 2\n[en]\nvoice = caf".utf8) + [0xE9]
                                     + Array("\n[locales]\nen = GB\n".utf8), in: parley)
        let spoken = parley.home.appendingPathComponent("spoken")
        let outcome = try parley.run(["en", "es", "--output-wav", spoken.path], input: ":voice male\nthank you\ngood morning\n")
        #expect(outcome.status == 0)
        for (line, text) in [(2, "gender = robot in [es]: use female or male"), (3, "'ratee' is not a setting of [es]. Did you mean rate?"),
                             (5, "this line is not UTF-8 text (byte 0xE9 at column 12)")] {
            #expect(outcome.stderr.components(separatedBy: "\(config.path):\(line): \(text)").count == 2, "stderr: \(outcome.stderr)")
        }
        // The broken gender costs only itself: :voice male still picks the Spanish voice.
        #expect(outcome.stdout.contains("es-ES is now spoken by roa/es."), "stdout: \(outcome.stdout)")
        // [locales] after the broken line still applies; Spanish is still spoken.
        #expect(outcome.stdout.contains("en-GB: thank you"), "stdout: \(outcome.stdout)")
        #expect(outcome.stdout.contains("es-ES: Gracias"))
        let files = (try? FileManager.default.contentsOfDirectory(atPath: spoken.path)) ?? []
        #expect(files.sorted() == ["utterance-001.wav", "utterance-002.wav"], "stderr: \(outcome.stderr)")
    }

    @Test func localesFromTheConfigResolveBareLanguagesForSayAndTheConversation() throws {
        let parley = try ParleyProcess()
        _ = try writeConfig(Array("[locales]\nen = GB\n".utf8), in: parley)
        let wav = parley.home.appendingPathComponent("hello.wav").path
        let say = try parley.run(["say", "hello there", "--lang", "en", "--voice", "espeak", "--wav", wav])
        #expect(say.stdout.contains("voice gmw/en."), "\(say.stdout)")   // espeak-ng's British English; en-US is gmw/en-US
        let conversation = try parley.run(["en", "es", "--mute"], input: "good morning\n")
        #expect(conversation.stdout.contains("en-GB: good morning"), "\(conversation.stdout)")
        let doctor = try parley.run(["doctor"], extraEnvironment: ["PARLEY_MODELS": parley.home.path])
        #expect(doctor.stdout.contains("MISSING speech model en-GB"))
    }

    @Test func doctorChecksTheConfig() throws {
        let parley = try ParleyProcess()
        let config = try writeConfig(Array("[es]\ngender = robot\nrate = 1.5\npitch = 500\n".utf8), in: parley)
        let outcome = try parley.run(["doctor"], extraEnvironment: ["PARLEY_MODELS": parley.home.path])
        #expect(outcome.stdout.contains("WARN    config: 2 problem(s), defaults used instead: \(config.path):2: gender = robot"))
        #expect(outcome.stdout.contains("→ edit \(config.path), lines 2, 4"))
        // Once: in the doctor's report, not again as a note on stderr.
        for problem in ["\(config.path):2: gender = robot", "\(config.path):4: pitch = 500"] {
            #expect((outcome.stdout + outcome.stderr).components(separatedBy: problem).count == 2, "\(outcome.stderr)")
        }
        _ = try writeConfig(Array("[es]\nrate = 1.5\n".utf8), in: parley)
        let fine = try parley.run(["doctor"], extraEnvironment: ["PARLEY_MODELS": parley.home.path])
        #expect(fine.stdout.contains("OK      config: \(config.path): 1 setting(s)"))
    }
}
