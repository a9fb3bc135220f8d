/// A run of 16-bit PCM audio that knows its own format, handed between the stages.
public struct AudioChunk: Sendable, Equatable {
    /// Interleaved signed 16-bit samples.
    public var samples: [Int16]
    /// Frames per second.
    public let sampleRate: Int
    /// Interleaved channels per frame.
    public let channels: Int
    /// For audio from a microphone: when its last frame was captured, in nanoseconds of
    /// `DispatchTime` uptime (what latency measurements start from); nil otherwise.
    public var capturedAt: UInt64?

    /// A chunk of `samples` at `sampleRate` with `channels` interleaved channels.
    public init(samples: [Int16], sampleRate: Int, channels: Int = 1, capturedAt: UInt64? = nil) {
        self.samples = samples
        self.sampleRate = sampleRate
        self.channels = channels
        self.capturedAt = capturedAt
    }

    /// `seconds` of silence.
    public static func silence(seconds: Double, sampleRate: Int, channels: Int = 1) -> AudioChunk {
        AudioChunk(samples: [Int16](repeating: 0, count: Int(seconds * Double(sampleRate)) * channels),
                   sampleRate: sampleRate, channels: channels)
    }

    /// Frames in the chunk.
    public var frameCount: Int { channels == 0 ? 0 : samples.count / channels }

    /// How long the chunk plays, in seconds.
    public var duration: Double { sampleRate == 0 ? 0 : Double(frameCount) / Double(sampleRate) }
}

extension AudioChunk {
    /// The chunk mixed down to one channel (the mean of the channels).
    public func mixedToMono() -> AudioChunk {
        guard channels > 1 else { return self }
        var mono = [Int16](repeating: 0, count: frameCount)
        for frame in 0..<frameCount {
            var sum = 0
            for channel in 0..<channels { sum += Int(samples[frame * channels + channel]) }
            mono[frame] = Int16(sum / channels)
        }
        return AudioChunk(samples: mono, sampleRate: sampleRate, channels: 1)
    }
}

extension AudioChunk {
    /// The chunk at `rate`, by linear interpolation (speech is resampled only when the
    /// device grants a playback rate other than the synthesiser's).
    public func resampled(to rate: Int) -> AudioChunk {
        guard rate != sampleRate, rate > 0, sampleRate > 0, !samples.isEmpty else { return self }
        guard channels == 1 else { return mixedToMono().resampled(to: rate) }
        let count = Int((Double(samples.count) * Double(rate) / Double(sampleRate)).rounded())
        let step = Double(sampleRate) / Double(rate)
        var out = [Int16](repeating: 0, count: count)
        for index in 0..<count {
            let position = Double(index) * step
            let left = min(Int(position), samples.count - 1)
            let right = min(left + 1, samples.count - 1)
            let fraction = position - Double(left)
            out[index] = Int16((Double(samples[left]) * (1 - fraction) + Double(samples[right]) * fraction).rounded())
        }
        return AudioChunk(samples: out, sampleRate: rate, channels: 1)
    }
}
