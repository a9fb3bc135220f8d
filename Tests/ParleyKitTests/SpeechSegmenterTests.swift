import Foundation
import ParleyKit
import Testing

/// Continuous speech cut into segments on synthetic audio: a tone in syllables (four a
/// second, dipping 30 dB between them) for speech, quiet noise for the room. Deterministic:
/// the noise is a fixed pattern.
@Suite("Speech segmenter")
struct SpeechSegmenterTests {
    static let rate = 16_000

    /// `seconds` of a 200 Hz tone in syllables at `amplitude`, over a ±30 room noise pattern.
    static func audio(_ seconds: Double, amplitude: Double) -> [Int16] {
        (0..<Int(seconds * Double(rate))).map { index in
            let time = Double(index) / Double(rate)
            let syllable = 0.03 + 0.97 * pow(sin(.pi * 4 * time), 2)
            let noise = Int16((index * 7_919) % 61) - 30
            return Int16(amplitude * syllable * sin(2 * .pi * 200 * time)) &+ noise
        }
    }

    static func speech(_ seconds: Double) -> [Int16] { audio(seconds, amplitude: 8_000) }

    /// Speech that never pauses: nine loud 10 ms frames, then one 30 dB quieter (a dip far
    /// shorter than any pause).
    static func unbroken(_ seconds: Double) -> [Int16] {
        (0..<Int(seconds * Double(rate))).map { index in
            let level = (index / 160) % 10 == 9 ? 240.0 : 8_000.0
            return Int16(level * sin(2 * .pi * 200 * Double(index) / Double(rate)))
        }
    }
    static func room(_ seconds: Double) -> [Int16] { audio(seconds, amplitude: 0) }

    /// Every cut in `samples` fed in 30 ms chunks: (seconds into the audio, why).
    static func cuts(_ samples: [Int16], _ segmenter: inout SpeechSegmenter,
                     heard words: [(after: Double, text: String)] = []) -> [(Double, SegmentCut)] {
        var cuts: [(Double, SegmentCut)] = []
        var pending = words
        for start in stride(from: 0, to: samples.count, by: 480) {
            while let next = pending.first, Double(start) / Double(rate) >= next.after {
                segmenter.heard(next.text)
                pending.removeFirst()
            }
            var chunk = samples[start..<min(start + 480, samples.count)]
            while let (at, reason) = segmenter.cut(in: chunk, sampleRate: rate) {
                cuts.append((Double(at) / Double(rate), reason))
                segmenter.startNext()
                chunk = chunk[at...]
            }
        }
        return cuts
    }

    @Test func aPauseEndsTheSegmentAfterTheSetting() {
        var segmenter = SpeechSegmenter(settings: SegmentationSettings(longestSegment: 6, pause: 0.5))
        let cuts = Self.cuts(Self.room(0.5) + Self.speech(1) + Self.room(1.5), &segmenter)
        #expect(cuts.count == 1)
        #expect(cuts.first?.1 == .pause)
        // Speech ends at 1.5 s (its last syllable fades a little sooner); the pause is half a second.
        #expect((1.9...2.05).contains(cuts.first?.0 ?? 0), "\(cuts)")
    }

    @Test func longSpeechIsCutAtAShortPauseOnceHalfTheLongestIsReached() {
        var segmenter = SpeechSegmenter(settings: SegmentationSettings(longestSegment: 6, pause: 0.5))
        // One-second clauses 0.2 s apart: too short a pause to end a segment, long enough to cut one.
        let clauses = (0..<8).flatMap { _ in Self.speech(1) + Self.room(0.2) }
        let cuts = Self.cuts(clauses, &segmenter)
        #expect(cuts.allSatisfy { $0.1 == .clause }, "\(cuts)")
        let lengths = zip([0.0] + cuts.map(\.0), cuts.map(\.0)).map { $1 - $0 }
        #expect(lengths.allSatisfy { (3...6).contains($0) }, "\(lengths)")
        #expect(cuts.count >= 2)
    }

    @Test func inItsLastSecondASegmentIsCutAtTheGapBetweenSyllables() {
        var segmenter = SpeechSegmenter(settings: SegmentationSettings(longestSegment: 4, pause: 0.5))
        let cuts = Self.cuts(Self.speech(9), &segmenter)
        // Syllables dip for less than a clause pause: only in the last second is a dip enough.
        #expect(cuts.map(\.1) == [.clause, .clause], "\(cuts)")
        #expect((3...4).contains(cuts.first?.0 ?? 0), "\(cuts)")
    }

    @Test func speechWithoutAPauseIsCutAtTheLongest() {
        var segmenter = SpeechSegmenter(settings: SegmentationSettings(longestSegment: 4, pause: 0.5))
        let cuts = Self.cuts(Self.unbroken(9), &segmenter)
        #expect(cuts.map(\.1) == [.limit, .limit], "\(cuts)")
        // Counted from the first frame heard as speech: the first quiet frame sets the floor.
        #expect((4...4.15).contains(cuts.first?.0 ?? 0), "\(cuts)")
        #expect(abs((cuts.last?.0 ?? 0) - (cuts.first?.0 ?? 0) - 4) < 0.02, "\(cuts)")
    }

    @Test func aClickIsNoSegment() {
        var segmenter = SpeechSegmenter(settings: SegmentationSettings(longestSegment: 2, pause: 0.5))
        let cuts = Self.cuts(Self.room(1) + Self.speech(0.1) + Self.room(3), &segmenter)
        #expect(cuts.isEmpty, "\(cuts)")
        #expect(!segmenter.inSegment)
    }

    /// After 3.2 s of speech, a 0.12 s breath: enough after a finished sentence ("… thank
    /// you"), not after a word that leaves it open ("… and the").
    @Test(arguments: [("i would like it thank you", true), ("and the", false), ("we went there", false)])
    func theWordsDecideWhetherABreathCutsALongSegment(words: String, cut: Bool) {
        var segmenter = SpeechSegmenter(settings: SegmentationSettings(longestSegment: 6, pause: 0.5),
                                        cues: TurnCues(pack: .named("en")))
        let audio = Self.speech(3.2) + [Int16](repeating: 0, count: Int(0.12 * Double(Self.rate))) + Self.speech(1.5)
        let cuts = Self.cuts(audio, &segmenter, heard: [(after: 3.0, text: words)])
        #expect(cuts.contains { (3.2...3.35).contains($0.0) } == cut, "\(cuts)")
    }

    @Test func settingsAreClampedToTheirRanges() {
        #expect(SegmentationSettings(longestSegment: 100, pause: 0).longestSegment == 15)
        #expect(SegmentationSettings(longestSegment: 0.5).longestSegment == 2)
        #expect(SegmentationSettings(pause: 0).pause == SegmentationSettings.allowedPause.lowerBound)
    }
}
