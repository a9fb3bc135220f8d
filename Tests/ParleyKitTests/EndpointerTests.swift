import Foundation
import ParleyKit
import Testing

/// parley's endpointer on synthetic audio: a tone in syllables (four a second, dipping 30 dB
/// between them) for speech, quiet noise for the room.
@Suite("Endpointer")
struct EndpointerTests {
    /// `seconds` of a 200 Hz tone in syllables at `amplitude`, plus noise of `noise` peak, in 30 ms chunks.
    static func audio(_ seconds: Double, amplitude: Double, noise: Int16 = 30) -> [[Int16]] {
        var generator = SystemRandomNumberGenerator()
        let samples = (0..<Int(seconds * 16_000)).map { index -> Int16 in
            let time = Double(index) / 16_000
            let syllable = 0.03 + 0.97 * pow(sin(.pi * 4 * time), 2)
            let tone = amplitude * syllable * sin(2 * .pi * 200 * time)
            return Int16(tone) &+ Int16.random(in: -noise...noise, using: &generator)
        }
        return stride(from: 0, to: samples.count, by: 480).map { Array(samples[$0..<min($0 + 480, samples.count)]) }
    }

    static func speech(_ seconds: Double) -> [[Int16]] { audio(seconds, amplitude: 8_000) }
    static func room(_ seconds: Double) -> [[Int16]] { audio(seconds, amplitude: 0) }

    /// Feeds `chunks`; the seconds into them at which the endpoint was first reached, if it was.
    static func endpoint(after chunks: [[Int16]], _ endpointer: inout Endpointer) -> Double? {
        var elapsed = 0.0
        for chunk in chunks {
            endpointer.observe(chunk, sampleRate: 16_000)
            elapsed += Double(chunk.count) / 16_000
            if endpointer.isEndpoint { return elapsed }
        }
        return nil
    }

    @Test func anUtteranceEndsAfterTheTrailingSilence() {
        var endpointer = Endpointer(trailingSilence: 0.45)
        let when = Self.endpoint(after: Self.room(1) + Self.speech(1.2) + Self.room(2), &endpointer)
        let silence = (when ?? 0) - 2.2
        #expect(silence >= 0.45 - 0.001 && silence < 0.45 + 0.03 + 0.001, "ended \(silence) s into the silence (at \(String(describing: when)))")
    }

    @Test func aPauseBetweenWordsDoesNotEndIt() {
        var endpointer = Endpointer(trailingSilence: 0.45)
        let chunks = Self.room(1) + Self.speech(0.6) + Self.room(0.35) + Self.speech(0.8) + Self.room(0.3)
        #expect(Self.endpoint(after: chunks, &endpointer) == nil)
    }

    @Test func aClickIsNotAnUtteranceUnlessTheRecognizerHeardWordsInIt() {
        var endpointer = Endpointer()
        let chunks = Self.room(1) + Self.speech(0.15) + Self.room(1)
        #expect(Self.endpoint(after: chunks, &endpointer) == nil)
        endpointer.reset()
        endpointer.recognizerHeard("네")
        #expect(Self.endpoint(after: chunks, &endpointer) != nil)
    }

    @Test func aLongSentenceNeverBecomesTheNoiseFloor() {
        var endpointer = Endpointer()
        #expect(Self.endpoint(after: Self.room(0.5) + Self.speech(8), &endpointer) == nil)
    }

    @Test func aLouderRoomIsLearntAndItsNoiseIsNotSpeech() {
        var endpointer = Endpointer()
        // A fan starts. Within 2.5 s its noise is the floor: more of it is not speech…
        _ = Self.endpoint(after: Self.room(0.5) + Self.audio(3, amplitude: 0, noise: 600), &endpointer)
        endpointer.reset()
        #expect(Self.endpoint(after: Self.audio(3, amplitude: 0, noise: 600), &endpointer) == nil)
        // …and speech over it ends as in a quiet room.
        endpointer.reset()
        let when = Self.endpoint(after: Self.audio(1, amplitude: 8_000, noise: 600) + Self.audio(1, amplitude: 0, noise: 600),
                                 &endpointer)
        #expect(when != nil && when! < 1.6)
    }

    @Test("the trailing silence stays within the allowed range", arguments: [(0.1, 0.3), (0.45, 0.45), (9.0, 3.0)])
    func trailingSilenceIsClamped(asked: Double, granted: Double) {
        #expect(Endpointer(trailingSilence: asked).trailingSilence == granted)
    }
}
