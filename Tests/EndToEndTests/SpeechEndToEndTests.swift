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
        // espeak-ng's own male voice; the neural voice (also male) speaks at its own pace.
        let male = try parley.run(["say", "good morning to you all", "--lang", "en", "--gender", "male", "--rate", "1",
                                   "--voice", "espeak", "--wav", wav])
        #expect(male.stdout.contains("voice gmw/en-US."))
        func seconds(_ line: String) -> Double {
            Double(line.split(separator: ":")[1].split(separator: " ")[0]) ?? 0
        }
        #expect(seconds(female.stdout) < seconds(male.stdout) * 0.7)
        // A bad value is reported with its line and left at its default; the rest applies.
        try "[en]\nrate = fast\ngender = female\n".write(to: config, atomically: true, encoding: .utf8)
        let broken = try parley.run(["say", "good morning to you all", "--lang", "en", "--wav", wav])
        #expect(broken.status == 0)
        #expect(broken.stderr.contains("\(config.path):2: rate = fast in [en]: use a number from 0.5 to 3 (1 is normal speed); "
            + "using the default."))
        #expect(broken.stdout.contains("voice gmw/en-US+f3"))
        #expect(abs(seconds(broken.stdout) - seconds(male.stdout)) < seconds(male.stdout) * 0.2)
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
        let lines = outcome.stdout.split(separator: "\n")
        // The neural voice setup installs comes first, with its licence; then espeak-ng's.
        #expect(lines.dropFirst().first?.contains("en_US-joe-medium") == true, "\(outcome.stdout)")
        #expect(lines.dropFirst().first?.contains("neural") == true)
        #expect(outcome.stdout.contains("licence: "))
        let espeak = try #require(lines.firstIndex { $0.contains("gmw/en-US") })
        #expect(espeak > 1)
        #expect(outcome.stdout.contains("espeak-ng variants:"))
        #expect(!outcome.stdout.contains("mb/"))
        // Korean has no neural voice: espeak-ng's comes first.
        let korean = try ParleyProcess().run(["voices", "ko"])
        #expect(korean.stdout.split(separator: "\n").dropFirst().first?.contains("espeak-ng") == true)
    }

    @Test func englishIsSpokenByTheNeuralVoiceAndEspeakNgTakesOverWithoutTheLibrary() throws {
        let parley = try ParleyProcess()
        let wav = parley.home.appendingPathComponent("joe.wav")
        let neural = try parley.run(["say", "Where is the train station?", "--lang", "en", "--wav", wav.path])
        #expect(neural.status == 0)
        #expect(neural.stdout.contains("voice en_US-joe-medium"), "\(neural.stdout)\n\(neural.stderr)")
        #expect(try Data(contentsOf: wav).count > 20_000)
        let missing = try parley.run(["say", "Where is the train station?", "--lang", "en", "--wav", wav.path],
                                     extraEnvironment: ["PARLEY_SHERPA_ONNX": parley.home.appendingPathComponent("none.so").path])
        #expect(missing.status == 0)
        #expect(missing.stdout.contains("voice gmw/en-US"))
        #expect(missing.stderr.contains("en_US-joe-medium is installed but cannot speak"))
        #expect(missing.stderr.contains("Run scripts/setup"))
        let espeak = try parley.run(["say", "Where is the train station?", "--lang", "en", "--voice", "espeak", "--wav", wav.path])
        #expect(espeak.stdout.contains("voice gmw/en-US"))
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

@Suite("parley binary: transcribe")
struct TranscribeEndToEndTests {
    static let phrases = Fixture.url("ko-three-phrases-16k-mono.wav")

    /// The fixture's samples widened to 24-bit PCM in a new WAV file, each with a low byte
    /// of dither just below it (−1 to −127 of 256), as a real 24-bit recording has: rounding
    /// gives the 16-bit sample back, truncation gives one less, so digital silence would
    /// become a constant −1. (Widening with a zero low byte reads back the same either way.)
    static func widenedTo24Bit(in folder: URL) throws -> URL {
        let samples = try Fixture.values("ko-three-phrases-16k-mono.wav")
        var body = Data(capacity: samples.count * 3)
        for (index, sample) in samples.enumerated() {
            let wide = Int32(sample) << 8 - 1 - Int32(index * 37 % 127)
            body.append(contentsOf: [UInt8(truncatingIfNeeded: wide), UInt8(truncatingIfNeeded: wide >> 8),
                                     UInt8(truncatingIfNeeded: wide >> 16)])
        }
        func le<T: FixedWidthInteger>(_ value: T) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
        var header = Data("RIFF".utf8) + le(UInt32(36 + body.count)) + Data("WAVEfmt ".utf8)
        header += le(UInt32(16)) + le(UInt16(1)) + le(UInt16(1)) + le(UInt32(16_000)) + le(UInt32(48_000))
        header += le(UInt16(3)) + le(UInt16(24)) + Data("data".utf8) + le(UInt32(body.count))
        // The same name as the fixture, so JSON output (which names the file) can be compared whole.
        let file = folder.appendingPathComponent(phrases.lastPathComponent)
        try (header + body).write(to: file)
        return file
    }

    @Test func eachPhraseIsALineWithItsTimesAndReadingsWhenAsked() throws {
        let parley = try ParleyProcess()
        let plain = try parley.run(["transcribe", Self.phrases.path, "--lang", "ko"])
        #expect(plain.status == 0)
        let lines = plain.stdout.split(separator: "\n")
        #expect(lines.count == 3, "stdout: \(plain.stdout)")
        #expect(lines.allSatisfy { $0.hasPrefix("[00:") })
        // A phrase the model is unsure of: its other readings follow it, numbered from 2.
        let unsure = Self.phrases.deletingLastPathComponent().appendingPathComponent("ko-byeongwon-eodiyeyo-16k-mono.wav")
        let readings = try parley.run(["transcribe", unsure.path, "--lang", "ko", "--alternatives", "3"])
        let shown = readings.stdout.split(separator: "\n")
        #expect(shown.count == 2, "stdout: \(readings.stdout)")
        #expect(shown.last?.contains("or: 2) ") == true && shown.last?.contains("  3) ") == true,
                "stdout: \(readings.stdout)")
    }

    /// 24-bit samples were once truncated, so digital silence became -1 and Vosk missed the
    /// pauses. Rounded, the widened file reads back as the very same samples, so everything
    /// Vosk reports is the same, down to the readings' confidences (which a −1 offset changes).
    @Test func a24BitRecordingGivesTheSameSegmentsAs16Bit() throws {
        let parley = try ParleyProcess()
        let wide = try Self.widenedTo24Bit(in: parley.home)
        let arguments = ["--lang", "ko", "--json", "--alternatives", "3"]
        let narrow = try parley.run(["transcribe", Self.phrases.path] + arguments)
        let widened = try parley.run(["transcribe", wide.path] + arguments)
        #expect(widened.status == 0)
        #expect(widened.stdout.contains("\"confidence\""))
        #expect(widened.stdout == narrow.stdout)
    }
}
