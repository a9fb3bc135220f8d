import Foundation

/// Which way the voice went at the end of a stretch of speech: a statement usually ends
/// falling; a voice held level or rising usually means more is coming (or a question, which
/// the words then tell). A cheap estimate, made once per pause: the pitch of 40 ms frames
/// every 10 ms over the stretch's last `window` seconds (`VoiceAnalysis`'s autocorrelation,
/// at 8 kHz), the median of the first third against the median of the last third.
public enum PitchContour: Sendable, Equatable {
    case falling, level, rising

    /// The part of the stretch's end that is looked at: about the last syllable or two.
    static let window = 0.4
    /// A change smaller than this, in semitones, is level: a speaker's voice wobbles by that
    /// much within a vowel.
    static let threshold = 1.0
    /// Fewer voiced frames than this in a third say nothing.
    static let fewestFrames = 3

    /// The contour at the end of `samples` (mono, ending where the speech ended); nil when
    /// too little of it is voiced to tell.
    public static func ending(_ samples: [Int16], sampleRate: Int) -> PitchContour? {
        let pitches = track(Array(samples.suffix(Int(window * Double(sampleRate)))), sampleRate: sampleRate)
        guard pitches.count >= fewestFrames * 3 else { return nil }
        let third = pitches.count / 3
        let change = 12 * log2(median(pitches.suffix(third)) / median(pitches.prefix(third)))
        if change <= -threshold { return .falling }
        return change >= threshold ? .rising : .level
    }

    /// The pitch, in Hz, of each voiced frame, in order.
    static func track(_ samples: [Int16], sampleRate: Int) -> [Double] {
        // Averaged down to about 8 kHz: pitch lies far below 4 kHz, and a quarter of the work.
        let factor = max(1, sampleRate / 8_000)
        let rate = Double(sampleRate) / Double(factor)
        let signal = stride(from: 0, to: samples.count - factor + 1, by: factor).map { start in
            samples[start..<start + factor].reduce(0.0) { $0 + Double($1) } / Double(factor)
        }
        let frame = Int(0.04 * rate), hop = Int(0.01 * rate)
        guard frame > 0, hop > 0, signal.count >= frame else { return [] }
        let lags = Int(rate / VoiceAnalysis.highestPitch)...min(Int(rate / VoiceAnalysis.lowestPitch), frame / 2 - 1)
        return stride(from: 0, through: signal.count - frame, by: hop).compactMap { start in
            VoiceAnalysis.period(signal[start..<start + frame], lags: lags).map { rate / $0 }
        }
    }

    private static func median<C: Collection<Double>>(_ values: C) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
