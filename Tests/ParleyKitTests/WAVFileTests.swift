import Foundation
import Testing
@testable import ParleyKit

@Suite("WAV files")
struct WAVFileTests {
    /// A WAV header for `format` with `payload` as its data.
    static func wav(format: UInt16, channels: UInt16 = 1, rate: UInt32 = 16_000, bits: UInt16, payload: [UInt8],
                    declaredDataSize: UInt32? = nil) -> Data {
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); append(UInt32(36 + payload.count)); data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); append(UInt32(16)); append(format); append(channels); append(rate)
        append(rate * UInt32(channels) * UInt32(bits / 8)); append(channels * bits / 8); append(bits)
        data.append(contentsOf: Array("data".utf8)); append(declaredDataSize ?? UInt32(payload.count))
        data.append(contentsOf: payload)
        return data
    }

    @Test("every PCM width and float become the same 16-bit samples", arguments: [
        (UInt16(1), UInt16(8), [UInt8]([128, 255, 0])),
        (1, 16, [0, 0, 0xFF, 0x7F, 0x00, 0x80]),
        (1, 24, [0, 0, 0, 0, 0xFF, 0x7F, 0, 0, 0x80]),
        (1, 32, [0, 0, 0, 0, 0, 0, 0xFF, 0x7F, 0, 0, 0, 0x80]),
        (3, 32, [0, 0, 0, 0, 0, 0, 0x80, 0x3F, 0, 0, 0x80, 0xBF]),
    ])
    func decodes(format: UInt16, bits: UInt16, payload: [UInt8]) throws {
        let audio = try WAVFile.decode(Self.wav(format: format, bits: bits, payload: payload), name: "x.wav")
        #expect(audio.samples.count == 3)
        #expect(audio.samples[0] == 0)
        #expect(audio.samples[1] >= 32_512)
        #expect(audio.samples[2] <= -32_512)
    }

    @Test func stereoIsMixedDownAndTheRateKept() throws {
        let payload: [UInt8] = [0x00, 0x10, 0x00, 0x30, 0x00, 0xF0, 0x00, 0xF0]
        let audio = try WAVFile.decode(Self.wav(format: 1, channels: 2, rate: 22_050, bits: 16, payload: payload), name: "s.wav")
        #expect(audio.channels == 2 && audio.sampleRate == 22_050)
        #expect(audio.mixedToMono().samples == [0x2000, -0x1000])
    }

    @Test("bad files are refused with what is wrong", arguments: [
        (Data("hello, this is text".utf8), "is not a WAV file"),
        (wav(format: 0x55, bits: 16, payload: [0, 0]), "is compressed (WAV format 85)"),
        (wav(format: 1, bits: 16, payload: [0, 0, 0, 0], declaredDataSize: 64_000), "is truncated"),
        (wav(format: 1, bits: 12, payload: [0, 0]), "uses 12-bit samples"),
        (Data(wav(format: 1, bits: 16, payload: []).prefix(30)), "truncated format chunk"),
    ])
    func refuses(data: Data, message: String) {
        #expect { try WAVFile.decode(data, name: "bad.wav") } throws: { error in
            (error as? ParleyError)?.message.contains(message) == true
        }
    }

    @Test func writeThenReadRoundTrips() throws {
        let audio = AudioChunk(samples: [0, 1, -1, 32_767, -32_768], sampleRate: 22_050)
        #expect(try WAVFile.decode(WAVFile.encode(audio), name: "r.wav") == audio)
    }
}

/// Audio too long for a WAV file's 32-bit sizes is refused with a message, never a trap.
@Suite("WAV size bound")
struct WAVSizeBoundTests {
    @Test func audioOverTheFormatsSizeIsRefused() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parley-big-\(UUID()).wav")
        let audio = AudioChunk(samples: [Int16](repeating: 1, count: 1_000), sampleRate: 16_000)
        #expect { try WAVFile.write(audio, to: url, limit: 1_000) } throws: { error in
            (error as? ParleyError)?.message.contains("2000 bytes of audio are more than a WAV file holds") == true
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
        try WAVFile.write(audio, to: url, limit: 4_000)
        #expect(try WAVFile.read(url).samples.count == 1_000)
    }
}
