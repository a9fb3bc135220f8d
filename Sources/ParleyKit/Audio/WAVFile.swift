import Foundation

/// RIFF/WAVE files: reads PCM 8/16/24/32-bit integer and 32-bit float at any rate and
/// channel count (converted to 16-bit); writes 16-bit PCM.
public enum WAVFile {
    /// Writes `audio` as a 16-bit PCM WAV file, atomically.
    public static func write(_ audio: AudioChunk, to url: URL) throws {
        try AtomicFile.write(encode(audio), to: url)
    }

    /// The bytes of a 16-bit PCM WAV file holding `audio`.
    public static func encode(_ audio: AudioChunk) -> Data {
        let dataBytes = audio.samples.count * 2
        var data = Data(capacity: 44 + dataBytes)
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        data.append(contentsOf: Array("RIFF".utf8)); append(UInt32(36 + dataBytes))
        data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); append(UInt32(16))
        append(UInt16(1)); append(UInt16(audio.channels)); append(UInt32(audio.sampleRate))
        append(UInt32(audio.sampleRate * audio.channels * 2)); append(UInt16(audio.channels * 2)); append(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); append(UInt32(dataBytes))
        audio.samples.withUnsafeBytes { raw in
            if 1.littleEndian == 1 { data.append(contentsOf: raw) } else {
                for sample in audio.samples { append(sample) }
            }
        }
        return data
    }

    /// Reads a WAV file; throws an `.input` error naming what is wrong with a file that is
    /// not WAV, is compressed, or is cut short.
    public static func read(_ url: URL) throws -> AudioChunk {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ParleyError(.input, "Cannot read \(url.path): check the path.", cause: error.localizedDescription)
        }
        return try decode(data, name: url.lastPathComponent)
    }

    /// Decodes WAV bytes (`name` is used in messages).
    public static func decode(_ data: Data, name: String) throws -> AudioChunk {
        let bytes = [UInt8](data)
        func fail(_ why: String) -> ParleyError {
            ParleyError(.input, "\(name) \(why)")
        }
        guard bytes.count >= 12, bytes[0..<4] == ArraySlice("RIFF".utf8), bytes[8..<12] == ArraySlice("WAVE".utf8) else {
            throw fail("is not a WAV file (no RIFF/WAVE header). Convert it, e.g. with sox in.mp3 out.wav.")
        }
        func uint(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        var format: (code: Int, channels: Int, rate: Int, bits: Int)?
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let size = uint(offset + 4, 4)
            let body = offset + 8
            if id == "fmt " {
                guard size >= 16, body + 16 <= bytes.count else { throw fail("has a truncated format chunk.") }
                var code = uint(body, 2)
                if code == 0xFFFE, size >= 40, body + 26 <= bytes.count { code = uint(body + 24, 2) }  // WAVE_FORMAT_EXTENSIBLE
                format = (code, uint(body + 2, 2), uint(body + 4, 4), uint(body + 14, 2))
            } else if id == "data" {
                guard let format else { throw fail("has its data before its format chunk.") }
                let available = min(size, bytes.count - body)
                guard size <= bytes.count - body else {
                    throw fail("is truncated: its header promises \(size) bytes of audio but only \(available) are there.")
                }
                return try samples(bytes[body..<(body + size)], format: format, name: name)
            }
            offset = body + size + (size & 1)
        }
        throw fail(format == nil ? "has no format chunk." : "has no audio data chunk (it may be truncated).")
    }

    private static func samples(_ payload: ArraySlice<UInt8>, format: (code: Int, channels: Int, rate: Int, bits: Int),
                                name: String) throws -> AudioChunk {
        guard format.code == 1 || format.code == 3 else {
            throw ParleyError(.input, "\(name) is compressed (WAV format \(format.code)); parley reads PCM and float WAV. "
                + "Convert it: sox \(name) -b 16 out.wav")
        }
        guard format.channels > 0, format.rate > 0 else { throw ParleyError(.input, "\(name) has an invalid format chunk.") }
        let width = format.bits / 8
        let valid = (format.code == 1 && [1, 2, 3, 4].contains(width)) || (format.code == 3 && width == 4)
        guard valid, format.bits % 8 == 0 else {
            throw ParleyError(.input, "\(name) uses \(format.bits)-bit samples, which parley does not read. "
                + "Convert it: sox \(name) -b 16 out.wav")
        }
        let count = payload.count / width
        var out = [Int16](repeating: 0, count: count)
        payload.withUnsafeBytes { raw in
            for index in 0..<count {
                let at = index * width
                switch (format.code, width) {
                case (1, 1): out[index] = Int16((Int(raw[at]) - 128) << 8)
                case (1, 2): out[index] = Int16(bitPattern: UInt16(raw[at]) | UInt16(raw[at + 1]) << 8)
                case (1, 3): out[index] = Int16(bitPattern: UInt16(raw[at + 1]) | UInt16(raw[at + 2]) << 8)
                case (1, 4): out[index] = Int16(bitPattern: UInt16(raw[at + 2]) | UInt16(raw[at + 3]) << 8)
                default:
                    let bits = UInt32(raw[at]) | UInt32(raw[at + 1]) << 8 | UInt32(raw[at + 2]) << 16 | UInt32(raw[at + 3]) << 24
                    let value = Float(bitPattern: bits)
                    out[index] = Int16(max(-32768, min(32767, (value * 32767).rounded())))
                }
            }
        }
        return AudioChunk(samples: out, sampleRate: format.rate, channels: format.channels)
    }
}
