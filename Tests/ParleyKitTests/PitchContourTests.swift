import Foundation
import ParleyKit
import Testing

/// The pitch at the end of a stretch of speech, on synthetic voices: a pulse train (rich in
/// harmonics, as a voice is) gliding from one pitch to another.
@Suite("Pitch contour")
struct PitchContourTests {
    /// `seconds` of a voice gliding from `from` to `to` Hz, at `rate`.
    static func voice(_ seconds: Double, from: Double, to: Double, rate: Int = 16_000) -> [Int16] {
        var phase = 0.0
        return (0..<Int(seconds * Double(rate))).map { index in
            let progress = Double(index) / (seconds * Double(rate))
            phase += (from + (to - from) * progress) / Double(rate)
            let cycle = phase - phase.rounded(.down)
            // A decaying pulse each cycle: many harmonics, one clear period.
            return Int16(6_000 * exp(-cycle * 8) * cos(2 * .pi * cycle * 3))
        }
    }

    @Test("the way the voice went", arguments: [
        (220.0, 150.0, PitchContour.falling), (150.0, 230.0, .rising), (180.0, 182.0, .level),
    ])
    func contour(from: Double, to: Double, expected: PitchContour) {
        // A second at one pitch, then the last 0.4 s glide: only the end counts.
        let samples = Self.voice(1, from: 200, to: 200) + Self.voice(0.4, from: from, to: to)
        #expect(PitchContour.ending(samples, sampleRate: 16_000) == expected)
    }

    @Test func otherRatesAreReadAlike() {
        let samples = Self.voice(0.5, from: 240, to: 160, rate: 48_000)
        #expect(PitchContour.ending(samples, sampleRate: 48_000) == .falling)
    }

    /// Noise and silence have no pitch: no contour, so no cue.
    @Test func unvoicedAudioHasNoContour() {
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<8_000).map { _ in Int16.random(in: -3_000...3_000, using: &generator) }
        #expect(PitchContour.ending(noise, sampleRate: 16_000) == nil)
        #expect(PitchContour.ending([Int16](repeating: 0, count: 8_000), sampleRate: 16_000) == nil)
        #expect(PitchContour.ending([], sampleRate: 16_000) == nil)
    }
}
