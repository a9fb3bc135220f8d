import Foundation

/// Changes how long speech lasts without changing its pitch: WSOLA (waveform-similarity
/// overlap-add; Verhelst & Roelands, 1993). Output frames are taken from the input at the
/// rate's pace, each shifted by up to a quarter frame to where it best continues the frame
/// before, and overlap-added under a Hann window.
///
/// Why not the neural voice's own speed: a VITS model gives each phoneme at least one frame,
/// so its `length_scale` saturates. Asked for twice the speed, en_US-joe-medium's audio lasts
/// 0.65 of its normal length, and 0.56 at three times; stretching its normal-speed audio
/// gives the length the rate asks for.
enum TimeStretch {
    /// `samples` (one channel at `sampleRate`) played `rate` times as fast: about
    /// `samples.count / rate` samples long. `rate` 1, or audio shorter than one frame, comes back unchanged.
    static func stretch(_ samples: [Float], sampleRate: Int, rate: Double) -> [Float] {
        // 25 ms frames: two or three pitch periods of a low voice, short enough for a phoneme.
        let frame = max(32, sampleRate / 40)
        guard rate.isFinite, rate > 0, abs(rate - 1) > 0.001, samples.count > frame else { return samples }
        let hop = frame / 2
        let tolerance = frame / 4
        let window = (0..<frame).map { 0.5 - 0.5 * cos(2 * Float.pi * Float($0) / Float(frame)) }
        let outputCount = Int((Double(samples.count) / rate).rounded())
        var output = [Float](repeating: 0, count: outputCount + frame)
        var weights = [Float](repeating: 0, count: outputCount + frame)
        // Where the previous frame was taken from; the next should continue it at `hop` on.
        var previous = 0
        var out = 0
        while out < outputCount {
            let ideal = Int((Double(out) * rate).rounded())
            let start = out == 0 ? 0 : bestStart(near: ideal, continuing: previous + hop, in: samples,
                                                 frame: frame, tolerance: tolerance)
            guard start + frame <= samples.count else { break }
            for index in 0..<frame where out + index < output.count {
                output[out + index] += samples[start + index] * window[index]
                weights[out + index] += window[index]
            }
            previous = start
            out += hop
        }
        // The windows sum to 1 where two overlap; the first and last half frames have one.
        return (0..<outputCount).map { weights[$0] > 0.01 ? output[$0] / weights[$0] : 0 }
    }

    /// The start within `tolerance` of `ideal` whose frame is most like the natural
    /// continuation at `continuation` (normalised cross-correlation).
    private static func bestStart(near ideal: Int, continuing continuation: Int, in samples: [Float],
                                  frame: Int, tolerance: Int) -> Int {
        let lowest = max(0, ideal - tolerance)
        let highest = min(samples.count - frame, ideal + tolerance)
        guard lowest <= highest else { return max(0, min(ideal, samples.count - frame)) }
        guard continuation + frame <= samples.count else { return max(lowest, min(ideal, highest)) }
        var best = max(lowest, min(ideal, highest))
        var bestScore = -Float.infinity
        samples.withUnsafeBufferPointer { audio in
            // Every second sample: the correlation's peak is as clear, and it costs half.
            for start in lowest...highest {
                var product: Float = 0, energy: Float = 0
                for index in stride(from: 0, to: frame, by: 2) {
                    let candidate = audio[start + index]
                    product += candidate * audio[continuation + index]
                    energy += candidate * candidate
                }
                let score = energy > 0 ? product / energy.squareRoot() : 0
                if score > bestScore { bestScore = score; best = start }
            }
        }
        return best
    }
}
