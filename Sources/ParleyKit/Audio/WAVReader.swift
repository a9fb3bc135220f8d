import Foundation

/// How a WAV file's samples are stored.
public struct WAVFormat: Sendable, Equatable {
    /// 1 for integer PCM, 3 for IEEE float.
    public let code: Int
    public let channels: Int
    public let sampleRate: Int
    public let bitsPerSample: Int

    /// Sample rates a recognizer can use: telephone audio (8 kHz) down to 4 kHz, studio
    /// audio up to 192 kHz.
    public static let usableSampleRates = 4_000...192_000

    /// Bytes per frame (all channels).
    public var frameBytes: Int { channels * bitsPerSample / 8 }

    /// The samples in `bytes` (whole frames) as 16-bit integers. Wider samples are rounded to
    /// the nearest 16-bit value, not truncated: truncation turns digital silence into a
    /// constant −1, which hides the silence Vosk's endpoint waits for.
    public func samples(from bytes: UnsafeRawBufferPointer) -> [Int16] {
        let width = bitsPerSample / 8
        let count = bytes.count / width
        var out = [Int16](repeating: 0, count: count)
        func rounded(_ value: Int, shift: Int) -> Int16 {
            Int16(clamping: (value + (1 << (shift - 1))) >> shift)
        }
        for index in 0..<count {
            let at = index * width
            switch (code, width) {
            case (1, 1): out[index] = Int16((Int(bytes[at]) - 128) << 8)
            case (1, 2): out[index] = Int16(bitPattern: UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8)
            case (1, 3):
                let value = Int(Int32(bitPattern: UInt32(bytes[at]) << 8 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 24) >> 8)
                out[index] = rounded(value, shift: 8)
            case (1, 4):
                let value = Int(Int32(bitPattern: UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8
                                      | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24))
                out[index] = rounded(value, shift: 16)
            default:
                let bits = UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
                let value = Float(bitPattern: bits)
                out[index] = Int16(max(-32768, min(32767, (value * 32767).rounded())))
            }
        }
        return out
    }
}

/// Where a WAV file's format and audio data are.
struct WAVHeader {
    let format: WAVFormat
    let dataOffset: Int
    let dataSize: Int
    /// What is odd about the header but read anyway, to tell the person.
    var notice: String?

    /// Data sizes a program writes when it streams and cannot know the length: arecord and
    /// ffmpeg write 0x7FFFFFFF or 0xFFFFFFFF (rounded to frames: 0x80000000 and the like),
    /// sox 0x7FFFF000. Such a size past the file's end means "to the end".
    static let streamingSizes = 0x7FFF_F000...0xFFFF_FFFF

    /// Walks the RIFF chunks up to the audio data. `read(offset, count)` returns up to
    /// `count` bytes at `offset` of a file `length` bytes long; `name` is used in messages.
    static func parse(name: String, length: Int, read: (Int, Int) throws -> [UInt8]) throws -> WAVHeader {
        func fail(_ why: String) -> ParleyError { ParleyError(.input, .invalidInput, "\(name) \(why)") }
        let riff = try read(0, 12)
        guard riff.count == 12, riff[0..<4] == ArraySlice("RIFF".utf8), riff[8..<12] == ArraySlice("WAVE".utf8) else {
            throw fail("is not a WAV file (no RIFF/WAVE header). Convert it, e.g. with sox in.mp3 out.wav.")
        }
        func uint(_ bytes: [UInt8], _ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        var format: WAVFormat?
        var offset = 12
        while offset + 8 <= length {
            let chunk = try read(offset, 8)
            guard chunk.count == 8 else { break }
            let id = String(decoding: chunk[0..<4], as: UTF8.self)
            let size = uint(chunk, 4, 4)
            let body = offset + 8
            if id == "fmt " {
                let fields = try read(body, min(size, 40))
                guard size >= 16, fields.count >= 16 else { throw fail("has a truncated format chunk.") }
                var code = uint(fields, 0, 2)
                if code == 0xFFFE, fields.count >= 26 { code = uint(fields, 24, 2) }   // WAVE_FORMAT_EXTENSIBLE
                format = try validated(WAVFormat(code: code, channels: uint(fields, 2, 2), sampleRate: uint(fields, 4, 4),
                                                 bitsPerSample: uint(fields, 14, 2)), name: name)
            } else if id == "data" {
                guard let format else { throw fail("has its data before its format chunk.") }
                let available = length - body, frame = max(1, format.frameBytes)
                if size > available, streamingSizes.contains(size) {
                    // A stream's header (`arecord -t wav -`): the audio runs to the end.
                    return WAVHeader(format: format, dataOffset: body, dataSize: available - available % frame)
                }
                guard size <= available else {
                    throw fail("is truncated: its header promises \(size) bytes of audio but only \(available) are there.")
                }
                var header = WAVHeader(format: format, dataOffset: body, dataSize: size - size % frame)
                // More bytes after the counted audio that are no chunk (LIST, id3…) are audio the
                // header does not count. Like other tools, parley reads what the header says,
                // and says so rather than transcribe the recording short without a word.
                let end = body + size + (size & 1)
                if available - size >= frame, try !onlyChunks(from: end, to: length, read: read) {
                    header.notice = "\(name)'s header counts \(size) bytes of audio, but \(available - size) more bytes "
                        + "follow them; only the \(String(format: "%.1f", Double(size / frame) / Double(format.sampleRate))) s the "
                        + "header counts are read. If the recording was cut off while it was written, repair its header: "
                        + "sox --ignore-length \(name) repaired.wav"
                }
                return header
            }
            offset = body + size + (size & 1)
        }
        throw fail(format == nil ? "has no format chunk." : "has no audio data chunk (it may be truncated).")
    }

    /// Whether the bytes from `offset` to `length` are whole chunks (a four-letter name and a
    /// size that fits), as metadata after the audio is; a few stray bytes (under 8) count as none.
    private static func onlyChunks(from start: Int, to length: Int, read: (Int, Int) throws -> [UInt8]) throws -> Bool {
        var offset = start
        while length - offset >= 8 {
            let chunk = try read(offset, 8)
            guard chunk.count == 8, chunk[0..<4].allSatisfy({ (0x20...0x7E).contains($0) }) else { return false }
            let size = (0..<4).reduce(0) { $0 | Int(chunk[4 + $1]) << (8 * $1) }
            guard size <= length - offset - 8 else { return false }
            offset += 8 + size + (size & 1)
        }
        return true
    }

    private static func validated(_ format: WAVFormat, name: String) throws -> WAVFormat {
        guard format.code == 1 || format.code == 3 else {
            throw ParleyError(.input, .invalidInput, "\(name) is compressed (WAV format \(format.code)); parley reads PCM "
                + "and float WAV. Convert it: sox \(name) -b 16 out.wav")
        }
        guard format.channels > 0, format.sampleRate > 0 else {
            throw ParleyError(.input, .invalidInput, "\(name) has an invalid format chunk.")
        }
        // Vosk spins forever on a 1 Hz file and aborts in its resampler at 2^31 Hz: every
        // path that reads a WAV (transcribe, :listen, --input-wav) passes this gate.
        guard WAVFormat.usableSampleRates.contains(format.sampleRate) else {
            throw ParleyError(.input, .invalidInput, "\(name) says its sample rate is \(format.sampleRate) Hz; parley reads "
                + "\(WAVFormat.usableSampleRates.lowerBound)–\(WAVFormat.usableSampleRates.upperBound) Hz. "
                + "Convert it: sox \(name) -r 16000 out.wav")
        }
        let width = format.bitsPerSample / 8
        let valid = (format.code == 1 && [1, 2, 3, 4].contains(width)) || (format.code == 3 && width == 4)
        guard valid, format.bitsPerSample % 8 == 0 else {
            throw ParleyError(.input, .invalidInput, "\(name) uses \(format.bitsPerSample)-bit samples, which parley "
                + "does not read. Convert it: sox \(name) -b 16 out.wav")
        }
        return format
    }
}

/// Reads a WAV file a piece at a time, so a recording of any length takes no more memory
/// than one piece.
public final class WAVReader {
    /// How the samples are stored.
    public let format: WAVFormat
    /// Frames in the file.
    public let frameCount: Int
    /// The file's name, for messages.
    public let name: String
    /// What is odd about the file but was read anyway (a header that counts less audio than
    /// the file holds), to tell the person; nil when nothing is.
    public let notice: String?
    private let handle: FileHandle
    private let dataOffset: Int
    private var framesRead = 0

    /// Opens `url` and reads its header; throws an `.input` error naming what is wrong, and
    /// the file as `name` (its own name by default; "standard input" for a spooled pipe).
    public init(_ url: URL, named name: String? = nil) throws {
        self.name = name ?? url.lastPathComponent
        try RegularFile.check(url, what: "the recording", stage: .input)
        do { handle = try FileHandle(forReadingFrom: url) } catch {
            throw ParleyError(.input, .unreadable, "Cannot read \(url.path): check the path.", cause: .from(error))
        }
        let length = Int((try? handle.seekToEnd()) ?? 0)
        let header = try WAVHeader.parse(name: self.name, length: length) { [handle] offset, count in
            try handle.seek(toOffset: UInt64(offset))
            return [UInt8](try handle.read(upToCount: count) ?? Data())
        }
        format = header.format
        notice = header.notice
        dataOffset = header.dataOffset
        frameCount = header.dataSize / max(1, header.format.frameBytes)
        try handle.seek(toOffset: UInt64(dataOffset))
    }

    deinit {
        try? handle.close()
    }

    /// Seconds of audio in the file.
    public var duration: Double { Double(frameCount) / Double(format.sampleRate) }

    /// The next `frames` frames (fewer at the end), at the file's rate and channels; nil once
    /// everything has been read.
    public func read(frames: Int) throws -> AudioChunk? {
        let count = min(frames, frameCount - framesRead)
        guard count > 0 else { return nil }
        let data: Data
        do { data = try handle.read(upToCount: count * format.frameBytes) ?? Data() } catch {
            throw ParleyError(.input, .unreadable, "Cannot read \(name) past \(framesRead) frames.", cause: .from(error))
        }
        guard data.count == count * format.frameBytes else {
            throw ParleyError(.input, .invalidInput, "\(name) ended after \(framesRead + data.count / format.frameBytes) of "
                + "its \(frameCount) frames: the file is truncated.")
        }
        framesRead += count
        return AudioChunk(samples: data.withUnsafeBytes { format.samples(from: $0) }, sampleRate: format.sampleRate,
                          channels: format.channels)
    }
}
