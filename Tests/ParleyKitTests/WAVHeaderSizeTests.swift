import Foundation
import Testing
@testable import ParleyKit

/// A WAV header's data size against what the file holds: a stream's "length unknown" size
/// (arecord, ffmpeg, sox) reads to the end; a size short of the audio is read as the header
/// says, and said.
@Suite("WAV headers whose size is not the file's")
struct WAVHeaderSizeTests {
    let samples = (0..<16_000).map { Int16(truncatingIfNeeded: $0 * 3) }

    /// A 16 kHz mono 16-bit file whose RIFF and data sizes are `riff` and `data`, then `trailer`.
    func file(riff: UInt32, data: UInt32, trailer: Data = Data()) throws -> URL {
        var bytes = WAVFile.encode(AudioChunk(samples: samples, sampleRate: 16_000))
        bytes.replaceSubrange(4..<8, with: withUnsafeBytes(of: riff.littleEndian) { Data($0) })
        bytes.replaceSubrange(40..<44, with: withUnsafeBytes(of: data.littleEndian) { Data($0) })
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parley-size-\(UUID()).wav")
        try (bytes + trailer).write(to: url)
        return url
    }

    @Test("a stream's length-unknown header reads to the end", arguments: [
        (UInt32(0x7FFF_FFFF), UInt32(0x7FFF_FFFF)), (0xFFFF_FFFF, 0xFFFF_FFFF), (0x8000_0024, 0x8000_0000), (0x7FFF_F024, 0x7FFF_F000),
    ])
    func aStreamHeaderReadsToTheEnd(riff: UInt32, data: UInt32) throws {
        let reader = try WAVReader(try file(riff: riff, data: data))
        #expect(reader.frameCount == samples.count)
        #expect(reader.notice == nil)
        var read: [Int16] = []
        while let piece = try reader.read(frames: 4_000) { read += piece.samples }
        #expect(read == samples)
    }

    @Test func aHeaderThatCountsLessIsReadAsItSaysAndSaid() throws {
        let reader = try WAVReader(try file(riff: 36 + 16_000, data: 16_000))
        #expect(reader.frameCount == 8_000)
        #expect(reader.notice?.contains("header counts 16000 bytes of audio, but 16000 more bytes follow") == true,
                "\(reader.notice ?? "no notice")")
        #expect(reader.notice?.contains("sox --ignore-length") == true)
    }

    @Test func metadataAfterTheAudioIsNoRemark() throws {
        let list = Data("LIST".utf8) + Data([4, 0, 0, 0]) + Data("INFO".utf8)
        let reader = try WAVReader(try file(riff: 36 + 32_000 + 12, data: 32_000, trailer: list))
        #expect(reader.frameCount == samples.count)
        #expect(reader.notice == nil)
    }

    @Test func aHeaderThatPromisesMoreThanAStreamSizeIsStillTruncated() throws {
        #expect { try WAVReader(try file(riff: 36 + 64_000, data: 64_000)) } throws: { error in
            (error as? ParleyError)?.message.contains("is truncated") == true
        }
    }
}
