import Foundation
import Testing
@testable import ParleyKit

/// A rate changes how long the neural voice speaks, not how high: WSOLA on a voiced sound.
@Suite("time stretch")
struct TimeStretchTests {
    static let sampleRate = 22_050

    /// One second of a 150 Hz voice-like tone (a fundamental and two harmonics), whose
    /// loudness drifts as a syllable's would.
    static let voice: [Float] = (0..<sampleRate).map { index in
        let time = Float(index) / Float(sampleRate)
        let tone = sin(2 * .pi * 150 * time) + 0.5 * sin(2 * .pi * 300 * time) + 0.25 * sin(2 * .pi * 450 * time)
        return 0.4 * tone * (0.6 + 0.4 * sin(2 * .pi * 3 * time))
    }

    /// The period (in samples) with the strongest autocorrelation between 2.5 and 20 ms.
    static func period(of samples: ArraySlice<Float>) -> Int {
        let lags = (sampleRate / 400)...(sampleRate / 50)
        return lags.max { lhs, rhs in
            correlation(samples, lag: lhs) < correlation(samples, lag: rhs)
        }!
    }

    static func correlation(_ samples: ArraySlice<Float>, lag: Int) -> Float {
        let start = samples.startIndex
        return (0..<(samples.count - lag)).reduce(0) { $0 + samples[start + $1] * samples[start + $1 + lag] }
    }

    @Test(arguments: [2.0, 3.0, 0.5, 1.25])
    func theLengthFollowsTheRateAndThePitchStays(rate: Double) {
        let stretched = TimeStretch.stretch(Self.voice, sampleRate: Self.sampleRate, rate: rate)
        let expected = Double(Self.voice.count) / rate
        #expect(abs(Double(stretched.count) - expected) <= 2, "\(stretched.count) samples for \(expected)")
        let middle = stretched.count / 2
        let original = Self.period(of: Self.voice[5_000..<7_000])
        #expect(abs(Self.period(of: stretched[(middle - 1_000)..<(middle + 1_000)]) - original) <= 1)
        // No sample leaves the range the voice had (the overlap-add is normalised).
        #expect(stretched.allSatisfy { abs($0) <= 0.7 })
    }

    @Test func normalSpeedAndTinyInputsComeBackUnchanged() {
        #expect(TimeStretch.stretch(Self.voice, sampleRate: Self.sampleRate, rate: 1) == Self.voice)
        let short: [Float] = [0.1, -0.1, 0.2]
        #expect(TimeStretch.stretch(short, sampleRate: Self.sampleRate, rate: 2) == short)
        #expect(TimeStretch.stretch([], sampleRate: Self.sampleRate, rate: 3).isEmpty)
    }
}
