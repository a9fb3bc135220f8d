/// A run of 16-bit PCM audio that knows its own format, handed between the stages.
public struct AudioChunk: Sendable, Equatable {
    /// Interleaved signed 16-bit samples.
    public var samples: [Int16]
    /// Frames per second.
    public let sampleRate: Int
    /// Interleaved channels per frame.
    public let channels: Int

    /// A chunk of `samples` at `sampleRate` with `channels` interleaved channels.
    public init(samples: [Int16], sampleRate: Int, channels: Int = 1) {
        self.samples = samples
        self.sampleRate = sampleRate
        self.channels = channels
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
