import Foundation

/// RIFF/WAVE files: reads PCM 8/16/24/32-bit integer and 32-bit float at any rate and
/// channel count (converted to 16-bit); writes 16-bit PCM.
public enum WAVFile {
    /// The most sample bytes a WAV file can hold: its sizes are 32-bit.
    public static let maximumDataBytes = Int(UInt32.max) - 36

    /// Writes `audio` as a 16-bit PCM WAV file, atomically; refuses audio too long for the
    /// format (over 4 GiB: 37 hours at 16 kHz) instead of trapping on the size field.
    public static func write(_ audio: AudioChunk, to url: URL) throws {
        try write(audio, to: url, limit: maximumDataBytes)
    }

    static func write(_ audio: AudioChunk, to url: URL, limit: Int) throws {
        guard audio.samples.count * 2 <= limit else {
            throw ParleyError(.audio, .invalidInput, "\(url.lastPathComponent) was not written: \(audio.samples.count * 2) "
                + "bytes of audio are more than a WAV file holds (\(limit / 1_048_576) MiB).")
        }
        try AtomicFile.write(encode(audio), to: url, stage: .audio, what: "the recording")
    }

    /// The bytes of a 16-bit PCM WAV file holding `audio`.
    public static func encode(_ audio: AudioChunk) -> Data {
        let dataBytes = audio.samples.count * 2
        var data = Data(capacity: 44 + dataBytes)
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        data.append(contentsOf: Array("RIFF".utf8)); append(UInt32(clamping: 36 + dataBytes))
        data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); append(UInt32(16))
        append(UInt16(1)); append(UInt16(audio.channels)); append(UInt32(audio.sampleRate))
        append(UInt32(audio.sampleRate * audio.channels * 2)); append(UInt16(audio.channels * 2)); append(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); append(UInt32(clamping: dataBytes))
        audio.samples.withUnsafeBytes { raw in
            if 1.littleEndian == 1 { data.append(contentsOf: raw) } else {
                for sample in audio.samples { append(sample) }
            }
        }
        return data
    }

    /// Reads a whole WAV file; throws an `.input` error naming what is wrong with a file that
    /// is not WAV, is compressed, or is cut short. (`WAVReader` reads one a piece at a time.)
    public static func read(_ url: URL) throws -> AudioChunk {
        let reader = try WAVReader(url)
        return try reader.read(frames: reader.frameCount)
            ?? AudioChunk(samples: [], sampleRate: reader.format.sampleRate, channels: reader.format.channels)
    }

    /// Decodes WAV bytes (`name` is used in messages).
    public static func decode(_ data: Data, name: String) throws -> AudioChunk {
        let bytes = [UInt8](data)
        let header = try WAVHeader.parse(name: name, length: bytes.count) { offset, count in
            Array(bytes[min(offset, bytes.count)..<min(offset + count, bytes.count)])
        }
        let payload = bytes[header.dataOffset..<(header.dataOffset + header.dataSize)]
        return AudioChunk(samples: payload.withUnsafeBytes { header.format.samples(from: $0) },
                          sampleRate: header.format.sampleRate, channels: header.format.channels)
    }
}
