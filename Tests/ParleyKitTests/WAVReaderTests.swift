import Foundation
import Testing
@testable import ParleyKit

@Suite("WAV files read a piece at a time")
struct WAVReaderTests {
    func file(_ data: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parley-wav-\(UUID()).wav")
        try data.write(to: url)
        return url
    }

    @Test func piecesJoinToTheWholeFile() throws {
        let samples = (0..<10_001).map { Int16(truncatingIfNeeded: $0 * 7) }
        let url = try file(WAVFile.encode(AudioChunk(samples: samples, sampleRate: 16_000)))
        let reader = try WAVReader(url)
        #expect(reader.frameCount == samples.count)
        var read: [Int16] = []
        while let piece = try reader.read(frames: 4_000) { read += piece.samples }
        #expect(read == samples)
        #expect(try reader.read(frames: 10) == nil)
    }

    static let roundings: [(bits: UInt16, payload: [UInt8], expected: [Int16])] = [
        // 0, 128/256 → 1, −129/256 → −1, −1/256 → 0 (truncation gave −1: digital silence as a constant offset)
        (24, [0, 0, 0, 0x80, 0x00, 0x00, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], [0, 1, -1, 0]),
        (32, [0, 0, 0, 0, 0, 0x80, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF], [0, 1, 0]),
    ]

    @Test("wider samples round to the nearest 16-bit value; silence stays 0", arguments: roundings)
    func rounds(bits: UInt16, payload: [UInt8], expected: [Int16]) throws {
        let audio = try WAVFile.decode(WAVFileTests.wav(format: 1, bits: bits, payload: payload), name: "r.wav")
        #expect(audio.samples == expected)
    }

    @Test func aFileCutShortAfterItsHeaderWasReadIsAClearError() throws {
        let whole = WAVFile.encode(AudioChunk(samples: [Int16](repeating: 5, count: 8_000), sampleRate: 16_000))
        let url = try file(whole)
        let reader = try WAVReader(url)
        try Data(whole.prefix(44 + 2_000)).write(to: url)   // the file shrinks while it is read
        _ = try reader.read(frames: 1_000)
        #expect { try reader.read(frames: 1_000) } throws: { error in
            (error as? ParleyError)?.message.contains("ended after 1000 of its 8000 frames") == true
        }
    }

    @Test("a sample rate no recognizer can use is refused before any audio is read",
          arguments: [1, 3_999, 192_001, 2_147_483_648])
    func unusableRatesAreRefused(_ rate: Int) throws {
        var data = WAVFile.encode(AudioChunk(samples: [Int16](repeating: 0, count: 100), sampleRate: 16_000))
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: rate).littleEndian) { data.replaceSubrange(24..<28, with: $0) }
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: rate * 2).littleEndian) { data.replaceSubrange(28..<32, with: $0) }
        let url = try file(data)
        #expect { try WAVReader(url) } throws: { error in
            (error as? ParleyError)?.message.contains("parley reads 4000–192000 Hz") == true
        }
        #expect { try WAVFile.decode(data, name: "x.wav") } throws: { error in
            (error as? ParleyError)?.message.contains("Hz") == true
        }
    }
}

