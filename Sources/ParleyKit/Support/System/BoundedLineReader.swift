import Foundation

/// Lines from a file descriptor (standard input, piped), each at most `limit` bytes: a line
/// without end (`parley en es < /dev/zero`) grew parley to gigabytes. A longer line is read
/// to its end and dropped, and said as `.tooLong`; a read error (`< /tmp`, a directory) is
/// said as `.failed`, not taken for the end of input.
public final class BoundedLineReader {
    /// What the next read found.
    public enum Line: Equatable, Sendable {
        /// A line, without its newline (and without a CR before it).
        case text(String)
        /// A line longer than the limit was skipped; `bytes` is how long it was.
        case tooLong(bytes: Int)
        /// Reading failed (`errno`); there is nothing more to read.
        case failed(errno: Int32)
    }

    /// The error to show for a skipped line of `bytes` bytes.
    public static func tooLong(bytes: Int) -> ParleyError {
        ParleyError(.input, .invalidInput, "A line of \(bytes) bytes was skipped: a line is at most "
            + "\(defaultLimit / 1024) KiB. The next line is read as usual.")
    }

    /// The error to show when standard input cannot be read.
    public static func readFailure(errno error: Int32) -> ParleyError {
        ParleyError(.input, .unreadable, "Cannot read standard input: \(String(cString: strerror(error))).",
                    cause: .system(errno: error))
    }

    /// The longest line taken: 64 KiB, far more than a person types or a recognizer hears.
    public static let defaultLimit = 64 * 1024

    private let descriptor: Int32
    private let limit: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false

    /// Reads `descriptor` (standard input by default), lines up to `limit` bytes.
    public init(descriptor: Int32 = STDIN_FILENO, limit: Int = BoundedLineReader.defaultLimit) {
        self.descriptor = descriptor
        self.limit = limit
    }

    /// The next line; nil at the end of input.
    public func next() -> Line? {
        var skipped = 0
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[start..<newline]
                start = newline + 1
                compact()
                if skipped > 0 { return .tooLong(bytes: skipped + line.count) }
                return .text(Self.text(line))
            }
            // No newline yet: a line already over the limit is dropped as it arrives.
            if buffer.count - start > limit {
                skipped += buffer.count - start
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            if ended {
                guard start < buffer.count || skipped > 0 else { return nil }
                let line = buffer[start...]
                buffer.removeAll()
                start = 0
                return skipped > 0 ? .tooLong(bytes: skipped + line.count) : .text(Self.text(line))
            }
            if let error = fill() { return .failed(errno: error) }
        }
    }

    /// Reads more input; the errno of a failed read, or nil.
    private func fill() -> Int32? {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count > 0 {
                buffer += chunk[0..<count]
                return nil
            }
            if count == 0 {
                ended = true
                return nil
            }
            if errno == EINTR { continue }
            ended = true
            return errno
        }
    }

    private func compact() {
        if start > 65_536 || start == buffer.count {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        var line = bytes
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        return String(decoding: line, as: UTF8.self)
    }
}
