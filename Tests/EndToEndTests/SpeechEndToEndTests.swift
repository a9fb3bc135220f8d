import Foundation
import Testing

@Suite("parley binary: say, voices, lexicon")
struct SpeechEndToEndTests {
    @Test func sayWritesAValidWAVWithTheLocalesVoice() throws {
        let parley = try ParleyProcess()
        let wav = parley.home.appendingPathComponent("out.wav")
        let outcome = try parley.run(["say", "¿dónde está el baño?", "--lang", "es", "--wav", wav.path])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("voice roa/es"))
        let data = try Data(contentsOf: wav)
        #expect(data.count > 20_000)
        #expect(String(decoding: data.prefix(4), as: UTF8.self) == "RIFF")
    }

    @Test func configDefaultsApplyAndFlagsOverrideThem() throws {
        let parley = try ParleyProcess()
        let config = parley.home.appendingPathComponent(".config/parley/config")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "[en]\ngender = female\nrate = 2\n".write(to: config, atomically: true, encoding: .utf8)
        let wav = parley.home.appendingPathComponent("a.wav").path
        let female = try parley.run(["say", "good morning to you all", "--lang", "en", "--wav", wav])
        #expect(female.stdout.contains("voice gmw/en-US+f3"))
        let male = try parley.run(["say", "good morning to you all", "--lang", "en", "--gender", "male", "--rate", "1", "--wav", wav])
        #expect(male.stdout.contains("voice gmw/en-US."))
        func seconds(_ line: String) -> Double {
            Double(line.split(separator: ":")[1].split(separator: " ")[0]) ?? 0
        }
        #expect(seconds(female.stdout) < seconds(male.stdout) * 0.7)
        try "[en]\nrate = fast\n".write(to: config, atomically: true, encoding: .utf8)
        let broken = try parley.run(["say", "hi", "--lang", "en", "--wav", wav])
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("rate = fast in [en] of the config is not a number"))
    }

    @Test func badRequestsAreClearErrors() throws {
        let parley = try ParleyProcess()
        let wav = parley.home.appendingPathComponent("x.wav").path
        let noDevice = try parley.run(["say", "hello", "--lang", "en"],
                                      extraEnvironment: ["ALSA_CONFIG_PATH": "/dev/null"])
        #expect(noDevice.status == 1)
        #expect(noDevice.stderr.contains("--wav FILE"))
        #expect(!noDevice.stderr.contains("ALSA lib"))
        let unknownVoice = try parley.run(["say", "hello", "--lang", "en", "--voice", "nobody", "--wav", wav])
        #expect(unknownVoice.stderr.contains("No espeak-ng voice named 'nobody'"))
        let empty = try parley.run(["say", "...", "--lang", "en", "--wav", wav])
        #expect(empty.stderr.contains("Nothing to say"))
        let noLanguage = try parley.run(["say", "hello"])
        #expect(noLanguage.status == 2)
        #expect(noLanguage.stderr.contains("say needs a language"))
    }

    @Test func voicesListsTheOrderParleyPicksFrom() throws {
        let outcome = try ParleyProcess().run(["voices", "en"])
        #expect(outcome.status == 0)
        let first = outcome.stdout.split(separator: "\n").dropFirst().first ?? ""
        #expect(first.contains("gmw/en-US"))
        #expect(outcome.stdout.contains("Variants:"))
        #expect(!outcome.stdout.contains("mb/"))
    }

    @Test func lexiconEntriesArePersisted() throws {
        let parley = try ParleyProcess()
        let added = try parley.run(["lexicon", "add", "en", "tomato", "[[t@m'A:toU]]"])
        #expect(added.status == 0)
        let file = parley.home.appendingPathComponent(".config/parley/lexicon/en.tsv")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("tomato\t[[t@m'A:toU]]"))
        let wav = parley.home.appendingPathComponent("t.wav").path
        #expect(try parley.run(["say", "tomato", "--lang", "en", "--wav", wav]).status == 0)
        let bad = try parley.run(["lexicon", "add", "en", "two words", "x"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("A lexicon entry is one word"))
    }
}
