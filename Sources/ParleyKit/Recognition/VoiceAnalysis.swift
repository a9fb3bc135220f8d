import Foundation

/// Pitch, jitter, shimmer and voicing of a stretch of speech, from its samples. Frames of
/// 40 ms every 10 ms; a frame is speech when it is within 35 dB of the loudest, and voiced
/// when its normalised autocorrelation peaks above 0.5 at a lag of 60–400 Hz (the shortest
/// such lag near the best, so a steady voice is not read an octave low). Jitter and shimmer
/// are measured cycle by cycle: in each voiced run one peak per pitch period is found, and
/// consecutive periods and peak amplitudes are compared (Praat's "local" measures).
enum VoiceAnalysis {
    static let lowestPitch = 60.0, highestPitch = 400.0
    static let voicedCorrelation = 0.5
    static let speechRange = 35.0

    /// The voice measures of `samples` at `sampleRate`; nil when there is no audio.
    static func analyse(_ samples: [Int16], sampleRate: Int) -> VoiceAnalytics? {
        let (signal, rate) = downsampled(samples, sampleRate: sampleRate)
        let frameLength = Int(0.04 * rate), hop = Int(0.01 * rate)
        guard signal.count >= frameLength, hop > 0 else { return nil }
        let starts = Array(stride(from: 0, through: signal.count - frameLength, by: hop))
        let levels = starts.map { level(signal[$0..<$0 + frameLength]) }
        let loudest = levels.max() ?? -100
        let speech = levels.map { $0 > max(-50, loudest - speechRange) }
        // Each frame's period is found at half the rate (a quarter of the work; pitch lies far
        // below 4 kHz), the cycles at the full rate.
        let half = stride(from: 0, to: signal.count - 1, by: 2).map { (signal[$0] + signal[$0 + 1]) / 2 }
        let minLag = Int(rate / 2 / highestPitch), maxLag = min(Int(rate / 2 / lowestPitch), frameLength / 2 - 1)
        let periods: [Double?] = starts.indices.map { index in
            guard speech[index] else { return nil }
            let start = starts[index] / 2
            return period(half[start..<min(half.count, start + frameLength / 2)], lags: minLag...maxLag).map { $0 * 2 }
        }
        let speechFrames = speech.filter { $0 }.count
        let voiced = periods.compactMap { $0 }
        guard speechFrames > 0, !voiced.isEmpty else {
            return VoiceAnalytics(pitch: nil, jitter: nil, shimmer: nil, voicing: 0)
        }
        let cycles = cycleMeasures(signal, periods: periods, starts: starts, hop: hop)
        let pitch = median(voiced.map { rate / $0 })
        return VoiceAnalytics(pitch: SpeechAnalytics.rounded(pitch, places: 1),
                              jitter: cycles.jitter.map { SpeechAnalytics.rounded($0, places: 2) },
                              shimmer: cycles.shimmer.map { SpeechAnalytics.rounded($0, places: 2) },
                              voicing: SpeechAnalytics.rounded(Double(voiced.count) / Double(speechFrames), places: 2))
    }

    /// The samples as numbers, averaged down to about 16 kHz when the rate is twice that or more.
    private static func downsampled(_ samples: [Int16], sampleRate: Int) -> ([Double], Double) {
        let factor = max(1, sampleRate / 16_000)
        guard factor > 1 else { return (samples.map(Double.init), Double(sampleRate)) }
        let signal = stride(from: 0, to: samples.count - factor + 1, by: factor).map { start in
            samples[start..<start + factor].reduce(0.0) { $0 + Double($1) } / Double(factor)
        }
        return (signal, Double(sampleRate) / Double(factor))
    }

    /// A frame's mean energy in dB below full scale.
    private static func level(_ frame: ArraySlice<Double>) -> Double {
        let energy = frame.reduce(0) { $0 + $1 * $1 } / Double(max(1, frame.count))
        return energy > 0 ? 10 * log10(energy / (32_768 * 32_768)) : -100
    }

    /// The pitch period of a voiced frame, in samples (interpolated between lags); nil when
    /// the frame is not voiced.
    static func period(_ frame: ArraySlice<Double>, lags: ClosedRange<Int>) -> Double? {
        guard lags.lowerBound > 0, lags.upperBound > lags.lowerBound + 2 else { return nil }
        let mean = frame.reduce(0, +) / Double(frame.count)
        let x = frame.map { $0 - mean }
        let n = x.count
        var correlation = [Double](repeating: 0, count: lags.upperBound + 2)
        for lag in (lags.lowerBound - 1)...(lags.upperBound + 1) where lag < n {
            var product = 0.0, first = 0.0, second = 0.0
            for index in 0..<(n - lag) {
                product += x[index] * x[index + lag]
                first += x[index] * x[index]
                second += x[index + lag] * x[index + lag]
            }
            correlation[lag] = first > 0 && second > 0 ? product / (first * second).squareRoot() : 0
        }
        let peaks = lags.filter { correlation[$0] >= correlation[$0 - 1] && correlation[$0] >= correlation[$0 + 1] }
        guard let best = peaks.map({ correlation[$0] }).max(), best >= voicedCorrelation,
              let lag = peaks.first(where: { correlation[$0] >= 0.7 * best }) else { return nil }
        return Double(lag) + parabolicOffset(correlation[lag - 1], correlation[lag], correlation[lag + 1])
    }

    /// Where the top of a parabola through three equally spaced points lies, from the middle one.
    private static func parabolicOffset(_ left: Double, _ middle: Double, _ right: Double) -> Double {
        let curvature = left - 2 * middle + right
        guard curvature < 0 else { return 0 }
        return max(-0.5, min(0.5, 0.5 * (left - right) / curvature))
    }

    /// Local jitter and shimmer, in percent, over the cycles of every voiced run.
    private static func cycleMeasures(_ signal: [Double], periods: [Double?], starts: [Int], hop: Int)
        -> (jitter: Double?, shimmer: Double?) {
        var periodChanges: [Double] = [], allPeriods: [Double] = []
        var amplitudeChanges: [Double] = [], allAmplitudes: [Double] = []
        var index = 0
        while index < periods.count {
            guard periods[index] != nil else { index += 1; continue }
            var end = index
            while end + 1 < periods.count, periods[end + 1] != nil { end += 1 }
            let stretches = cycles(signal, from: starts[index], to: min(signal.count, starts[end] + hop * 4)) { position in
                periods[min(end, max(index, position / hop))] ?? 100
            }
            for run in stretches {
                allPeriods += run.map(\.length)
                allAmplitudes += run.map(\.amplitude)
                for (first, second) in zip(run, run.dropFirst()) {
                    // Praat's rule: periods more than 1.3 times apart are not one voice's cycles.
                    if max(first.length, second.length) / min(first.length, second.length) <= 1.3 {
                        periodChanges.append(abs(second.length - first.length))
                    }
                    amplitudeChanges.append(abs(second.amplitude - first.amplitude))
                }
            }
            index = end + 1
        }
        func percent(_ changes: [Double], _ values: [Double]) -> Double? {
            guard !changes.isEmpty, !values.isEmpty else { return nil }
            let mean = values.reduce(0, +) / Double(values.count)
            return mean > 0 ? changes.reduce(0, +) / Double(changes.count) / mean * 100 : nil
        }
        return (percent(periodChanges, allPeriods), percent(amplitudeChanges, allAmplitudes))
    }

    /// The pitch cycles from `start` to `end`, in stretches of consecutive cycles, each with
    /// its length in samples and its peak amplitude. From the highest sample of a period, each
    /// cycle's length is the lag (0.8–1.2 of the frame's period) at which the next stretch of
    /// signal best matches this one, interpolated between samples, as Praat's cross-correlation
    /// pulses are found. A cycle that matches nothing (a voice's onset, a glottal stop) ends a
    /// stretch and the search starts again a period later: it once ended the whole run, so a
    /// recording whose voice began unsteadily had no jitter or shimmer at all.
    private static func cycles(_ signal: [Double], from start: Int, to end: Int, period: (Int) -> Double)
        -> [[(length: Double, amplitude: Double)]] {
        var stretches: [[(length: Double, amplitude: Double)]] = []
        var from = start
        while from < end {
            let (stretch, stopped) = consecutiveCycles(signal, from: from, to: end, period: period)
            if !stretch.isEmpty { stretches.append(stretch) }
            guard let stopped else { break }
            from = stopped + max(1, Int(period(stopped).rounded(.up)))
        }
        return stretches
    }

    /// The cycles from the highest sample of the period at `start` until one matches nothing
    /// (where that one began is returned) or `end` is reached (nil).
    private static func consecutiveCycles(_ signal: [Double], from start: Int, to end: Int, period: (Int) -> Double)
        -> (cycles: [(length: Double, amplitude: Double)], stopped: Int?) {
        let firstEnd = min(end, start + Int(period(start).rounded(.up)))
        guard start < firstEnd, let first = (start..<firstEnd).max(by: { signal[$0] < signal[$1] }) else { return ([], nil) }
        var position = Double(first)
        var cycles: [(length: Double, amplitude: Double)] = []
        while true {
            let here = Int(position.rounded()), expected = period(here)
            let span = Int(expected), lags = Int(0.8 * expected)...Int(1.2 * expected)
            guard lags.lowerBound > 1, here + lags.upperBound + 1 + span <= end else { return (cycles, nil) }
            func match(_ lag: Int) -> Double {
                var product = 0.0, first = 0.0, second = 0.0
                for offset in 0..<span {
                    let (a, b) = (signal[here + offset], signal[here + lag + offset])
                    product += a * b
                    first += a * a
                    second += b * b
                }
                return first > 0 && second > 0 ? product / (first * second).squareRoot() : 0
            }
            let scores = Dictionary(uniqueKeysWithValues: ((lags.lowerBound - 1)...(lags.upperBound + 1)).map { ($0, match($0)) })
            guard let best = lags.max(by: { scores[$0]! < scores[$1]! }), scores[best]! >= voicedCorrelation else {
                return (cycles, here)
            }
            let length = Double(best) + parabolicOffset(scores[best - 1]!, scores[best]!, scores[best + 1]!)
            let amplitude = (here..<(here + best)).map { abs(signal[$0]) }.max() ?? 0
            cycles.append((length, amplitude))
            position += length
        }
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
