import Foundation
@testable import ParleyKit
import Testing

/// How speech was said: pace from the words' times, voice from the audio.
@Suite("Speech analytics")
struct SpeechAnalyticsTests {
    /// A voice-like signal: one decaying pulse per pitch period, the periods (in samples at
    /// 16 kHz) and peak amplitudes cycling through the lists given.
    static func voice(periods: [Int], amplitudes: [Double], seconds: Double) -> [Int16] {
        var samples: [Int16] = []
        var cycle = 0
        while Double(samples.count) < seconds * 16_000 {
            let period = periods[cycle % periods.count], amplitude = amplitudes[cycle % amplitudes.count]
            for n in 0..<period {
                let t = Double(n) / Double(period)
                samples.append(Int16(amplitude * exp(-t * 5) * cos(2 * .pi * 3 * t)))
            }
            cycle += 1
        }
        return samples
    }

    @Test func paceComesFromTheWordsTimes() throws {
        let words = [RecognizedWord(word: "병원이", start: 1.0, end: 1.5, confidence: 1),
                     RecognizedWord(word: "어디", start: 1.9, end: 2.2, confidence: 1),
                     RecognizedWord(word: "예요", start: 2.3, end: 2.5, confidence: 1)]
        let analytics = try #require(SpeechAnalytics(words: words))
        #expect(analytics.speakingRate == 120)          // 3 words in 1.5 s
        #expect(analytics.averagePause == 0.25)         // (0.4 + 0.1) / 2
        #expect(analytics.voice == nil)
        #expect(SpeechAnalytics(words: []) == nil)
        #expect(SpeechAnalytics(words: [words[0]])?.averagePause == 0)
    }

    @Test func aSteadyVoiceHasItsPitchAndLittleJitterOrShimmer() throws {
        let voice = try #require(VoiceAnalysis.analyse(Self.voice(periods: [100], amplitudes: [8_000], seconds: 1),
                                                       sampleRate: 16_000))
        #expect(abs((voice.pitch ?? 0) - 160) < 2, "\(voice)")
        #expect((voice.jitter ?? 99) < 0.5, "\(voice)")
        #expect((voice.shimmer ?? 99) < 0.5, "\(voice)")
        #expect(voice.voicing > 0.9, "\(voice)")
    }

    /// Periods of 100 and 104 samples in turn: each differs from the next by 4, 3.9% of the
    /// mean; amplitudes of 8000 and 7200: 800 apart, 10.5% of the mean. Matching whole cycles
    /// (as Praat does) smooths such a strict alternation somewhat, so the bounds are loose;
    /// on espeak-ng's Korean (the fixtures) parley and Praat 6 agree: pitch 84.5 / 84.0 Hz,
    /// jitter 0.93 / 0.96%, shimmer 14.3 / 16.3%.
    @Test func anUnsteadyVoiceHasJitterAndShimmer() throws {
        let voice = try #require(VoiceAnalysis.analyse(Self.voice(periods: [100, 104], amplitudes: [8_000, 7_200], seconds: 1),
                                                       sampleRate: 16_000))
        #expect((2.5...4.5).contains(voice.jitter ?? 0), "\(voice)")
        #expect((6...16).contains(voice.shimmer ?? 0), "\(voice)")
        #expect((150...165).contains(voice.pitch ?? 0), "\(voice)")
    }

    /// A voice whose first period matches nothing (a noisy onset) once lost the whole voiced
    /// run's cycles: jitter and shimmer were missing for such a recording
    /// (ko-byeongwon-eodiyeyo-16k-mono.wav) and appeared when it was padded with silence.
    @Test(arguments: [false, true])
    func aVoiceThatStartsUnsteadilyStillHasJitterAndShimmer(padded: Bool) throws {
        var generator = SystemRandomNumberGenerator()
        var voice = Self.voice(periods: [100, 104], amplitudes: [8_000, 7_200], seconds: 1)
        // A click over the first two periods: the frame stays voiced, its first cycle matches nothing.
        for index in 0..<200 { voice[index] = Int16.random(in: -20_000...20_000, using: &generator) }
        let silence = [Int16](repeating: 0, count: padded ? 8_000 : 0)
        let samples = silence + voice + silence
        let analysed = try #require(VoiceAnalysis.analyse(samples, sampleRate: 16_000))
        #expect((2.5...4.5).contains(analysed.jitter ?? 0), "\(analysed)")
        #expect((6...16).contains(analysed.shimmer ?? 0), "\(analysed)")
    }

    @Test func theKoreanFixtureHasJitterAndShimmer() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("IntegrationTests/Fixtures/ko-byeongwon-eodiyeyo-16k-mono.wav")
        let audio = try WAVFile.read(file)
        let voice = try #require(VoiceAnalysis.analyse(audio.samples, sampleRate: audio.sampleRate))
        #expect((0.3...3).contains(voice.jitter ?? 0), "\(voice)")
        #expect((5...30).contains(voice.shimmer ?? 0), "\(voice)")
    }

    @Test func noiseAndSilenceAreNotVoiced() throws {
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<16_000).map { _ in Int16.random(in: -3_000...3_000, using: &generator) }
        let voice = try #require(VoiceAnalysis.analyse(noise, sampleRate: 16_000))
        #expect(voice.voicing < 0.2, "\(voice)")
        #expect(VoiceAnalysis.analyse([Int16](repeating: 0, count: 16_000), sampleRate: 16_000)
            == VoiceAnalytics(pitch: nil, jitter: nil, shimmer: nil, voicing: 0))
        #expect(VoiceAnalysis.analyse([], sampleRate: 16_000) == nil)
    }

    @Test func otherRatesGiveTheSamePitch() throws {
        // The 160 Hz voice at 48 kHz: every sample three times.
        let voice16k = Self.voice(periods: [100], amplitudes: [8_000], seconds: 1)
        let voice48k = voice16k.flatMap { [$0, $0, $0] }
        let voice = try #require(VoiceAnalysis.analyse(voice48k, sampleRate: 48_000))
        #expect(abs((voice.pitch ?? 0) - 160) < 2, "\(voice)")
    }
}
