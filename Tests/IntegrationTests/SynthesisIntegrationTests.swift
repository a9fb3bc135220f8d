import Foundation
import Synchronization
import Testing
@testable import ParleyKit

// Serialized: run concurrently with each other, these tests occasionally see an utterance
// a few hundred milliseconds longer than when run alone (see the issue note).
@Suite("Speech synthesis with espeak-ng", .serialized)
struct SynthesisIntegrationTests {
    static let synthesizer = try! EspeakSynthesizer()
    static let sentence = "The quick brown fox jumps over the lazy dog near the quiet river bank this morning."

    func locale(_ text: String) -> LocaleTag { try! LocaleTag(parsing: text) }

    @Test("the voice chosen for a locale", arguments: [
        ("en", "gmw/en-US"), ("en-US", "gmw/en-US"), ("en_us", "gmw/en-US"), ("en-GB", "gmw/en"),
        ("es", "roa/es"), ("es-ES", "roa/es"), ("es-MX", "roa/es-419"), ("pt", "roa/pt-BR"), ("pt-PT", "roa/pt"),
        ("ko", "ko"), ("fr", "roa/fr"),
    ])
    func voiceForLocale(tag: String, expected: String) throws {
        #expect(try Self.synthesizer.voice(for: VoiceRequest(locale: locale(tag))) == expected)
    }

    @Test func anUnknownLanguageListsWhatExists() {
        #expect { try Self.synthesizer.voice(for: VoiceRequest(locale: LocaleTag(language: "qq"))) } throws: { error in
            let message = (error as? ParleyError)?.message ?? ""
            return message.contains("espeak-ng has no voice for qq") && message.contains("It speaks")
        }
    }

    @Test func genderComesFromTheVariants() throws {
        let female = try Self.synthesizer.voice(for: VoiceRequest(locale: locale("en"), gender: .female))
        #expect(female == "gmw/en-US+f3")
        let catalog = Self.synthesizer.voices
        #expect(catalog.variants.first { $0.variantName == "f3" }?.gender == .female)
        #expect(try Self.synthesizer.voice(for: VoiceRequest(locale: locale("en"), gender: .male)) == "gmw/en-US")
        #expect(try Self.synthesizer.voice(for: VoiceRequest(locale: locale("en"), name: "gmw/en-GB-x-rp+m2")) == "gmw/en-GB-x-rp+m2")
        let (audio, report) = try Self.synthesizer.synthesizeAll("hello", voice: VoiceRequest(locale: locale("en"), gender: .female))
        #expect(report.voice == "gmw/en-US+f3")
        #expect(audio.samples.count > 1000)
    }

    @Test func doublingTheRateShortensTheAudioByAboutHalf() throws {
        let voice = VoiceRequest(locale: locale("en"))
        var slow = UtteranceSettings.standard
        slow.rate = 1
        var fast = slow
        fast.rate = 2
        let normal = try Self.synthesizer.synthesizeAll(Self.sentence, voice: voice, settings: slow).audio.duration
        let doubled = try Self.synthesizer.synthesizeAll(Self.sentence, voice: voice, settings: fast).audio.duration
        let shortening = 1 - doubled / normal
        #expect((0.4...0.6).contains(shortening), "normal \(normal) s, doubled \(doubled) s")
        #expect(fast.wordsPerMinute == 350)
    }

    @Test func audioArrivesInChunksAndStoppingEarlyReturnsLess() throws {
        let voice = VoiceRequest(locale: locale("en"))
        var chunks = 0
        let full = try Self.synthesizer.synthesize(Self.sentence, voice: voice, settings: .standard) { _ in
            chunks += 1
            return true
        }
        #expect(chunks > 3)
        #expect(!full.stoppedEarly)
        var received = 0
        let stopped = try Self.synthesizer.synthesize(Self.sentence, voice: voice, settings: .standard) { chunk in
            received += chunk.samples.count
            return received < 10_000
        }
        #expect(stopped.stoppedEarly)
        #expect(stopped.sampleCount < full.sampleCount / 2)
    }

    @Test func stopFromAnotherThreadEndsTheUtterance() throws {
        let voice = VoiceRequest(locale: locale("en"))
        let long = String(repeating: Self.sentence + " ", count: 20)
        // Its own synthesizer: stop() ends whatever that synthesizer is saying.
        let synthesizer = try EspeakSynthesizer()
        var chunks = 0
        let report = try synthesizer.synthesize(long, voice: voice, settings: .standard) { _ in
            chunks += 1
            if chunks == 2 { Thread.detachNewThread { synthesizer.stop() }; usleep(50_000) }
            return true
        }
        #expect(report.stoppedEarly)
        #expect(report.duration < 20)
    }

    @Test func pausesAddSilenceAroundTheSpeech() throws {
        let voice = VoiceRequest(locale: locale("es"))
        var padded = UtteranceSettings.standard
        padded.pauseBefore = 0.5
        padded.pauseAfter = 0.25
        let plain = try Self.synthesizer.synthesizeAll("hola", voice: voice).audio
        let withPauses = try Self.synthesizer.synthesizeAll("hola", voice: voice, settings: padded).audio
        // espeak-ng's own output varies by a few hundred samples from call to call.
        let added = withPauses.samples.count - plain.samples.count
        #expect(abs(added - (11_025 + 5_512)) < 1_000)
        #expect(withPauses.samples.prefix(11_025).allSatisfy { $0 == 0 })
        #expect(withPauses.samples.suffix(5_512).allSatisfy { $0 == 0 })
    }

    @Test func theWAVWrittenIsValid() throws {
        let (audio, _) = try Self.synthesizer.synthesizeAll("¿dónde está el baño?", voice: VoiceRequest(locale: locale("es")))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parley-say-\(UUID()).wav")
        try WAVFile.write(audio, to: url)
        let bytes = [UInt8](try Data(contentsOf: url))
        func uint32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        #expect(String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF")
        #expect(String(decoding: bytes[8..<16], as: UTF8.self) == "WAVEfmt ")
        #expect(uint32(4) == bytes.count - 8)
        #expect(bytes[22] == 1 && bytes[23] == 0)           // mono
        #expect(uint32(24) == 22_050)                        // sample rate
        #expect(bytes[34] == 16)                             // bits per sample
        #expect(uint32(40) == audio.samples.count * 2)       // data length matches the samples
        #expect(try WAVFile.read(url) == audio)
    }

    /// RMS energy per 20 ms: espeak-ng's waveform is not bit-identical from one call to the
    /// next (its pitch flutter carries phase across utterances), but its envelope is.
    static func envelope(_ audio: AudioChunk) -> [Double] {
        stride(from: 0, to: audio.samples.count - 441, by: 441).map { start in
            (audio.samples[start..<(start + 441)].reduce(0.0) { $0 + Double($1) * Double($1) } / 441).squareRoot()
        }
    }

    /// Relative difference of two envelopes over `frames` (0 = the same).
    static func difference(_ a: [Double], _ b: [Double], frames: Range<Int>? = nil) -> Double {
        let range = frames ?? 0..<min(a.count, b.count)
        var delta = 0.0, scale = 0.0
        for index in range where index < a.count && index < b.count {
            delta += abs(a[index] - b[index])
            scale += max(a[index], b[index])
        }
        return delta / max(scale, 1)
    }

    @Test func aLexiconEntryChangesThatWordAndOnlyThatWord() throws {
        let voice = VoiceRequest(locale: locale("en"))
        let plain = try EspeakSynthesizer()
        let lexicon = Lexicon(entries: ["tomato": "[[t@m'A:toU]]"])
        let custom = try EspeakSynthesizer(lexicons: { $0 == "en" ? lexicon : Lexicon() })
        func envelope(_ synthesizer: EspeakSynthesizer, _ text: String) throws -> [Double] {
            Self.envelope(try synthesizer.synthesizeAll(text, voice: voice).audio)
        }
        let with = "I like tomato soup", without = "I like potato soup"
        let plainWith = try envelope(plain, with), customWith = try envelope(custom, with)
        // "I like" (the first 0.4 s) sounds the same; "tomato" does not.
        #expect(Self.difference(plainWith, customWith, frames: 0..<20) < 0.05)
        #expect(Self.difference(plainWith, customWith, frames: 25..<40) > 0.1)
        // A sentence without the word is unchanged, to within what two plain runs differ by.
        let baseline = Self.difference(try envelope(plain, without), try envelope(plain, without))
        let unaffected = Self.difference(try envelope(plain, without), try envelope(custom, without))
        #expect(unaffected < 0.03, "baseline \(baseline)")
        #expect(lexicon.apply(to: "Tomato, tomatoes and TOMATO.") == "[[t@m'A:toU]], tomatoes and [[t@m'A:toU]].")
    }

    @Test func phonemesTypedOrHeardAreReadAsTextAndALongPhonemeStringNeverReachesEspeak() throws {
        let voice = VoiceRequest(locale: locale("en"))
        // A phoneme entry turns espeak-ng's phoneme mode on; the person's `[[…]]` must still be text.
        let lexicon = Lexicon(entries: ["tomato": "[[t@m'A:toU]]", "potato": "[[" + String(repeating: "a", count: 1000) + "]]"])
        #expect(lexicon.entries["potato"] == nil)
        let custom = try EspeakSynthesizer(lexicons: { $0 == "en" ? lexicon : Lexicon() })
        let long = "[[" + String(repeating: "a", count: 1000) + "]] tomato"
        #expect(!lexicon.apply(to: long).dropLast("[[t@m'A:toU]]".count).contains("[["))
        // 1,000 phoneme characters crashed espeak-ng; read as text they are a long "a…".
        let report = try custom.synthesizeAll(long, voice: voice)
        #expect(report.audio.samples.count > 0)
        #expect(try custom.synthesizeAll("potato", voice: voice).audio.samples.count > 0)
    }

    @Test func emptyTextSpeaksNothingAndSaysSo() {
        #expect { try Self.synthesizer.synthesizeAll("  ... ", voice: VoiceRequest(locale: LocaleTag(language: "en"))) }
            throws: { ($0 as? ParleyError)?.message == "Nothing to say: the text has no words." }
    }
}
