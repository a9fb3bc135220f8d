import Foundation
import Testing
@testable import ParleyKit

/// Piped input is read a bounded line at a time: an endless line is skipped and said, the
/// next line still read; a read error is not the end of input.
@Suite("bounded line reader")
struct BoundedLineReaderTests {
    /// A reader over `bytes` written into a pipe from another thread.
    func reader(_ bytes: [UInt8], limit: Int) -> BoundedLineReader {
        var fds: [Int32] = [0, 0]
        pipe(&fds)
        let writeEnd = fds[1]
        Thread.detachNewThread {
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { write(writeEnd, $0.baseAddress!, $0.count) }
                if written <= 0 { break }
                offset += written
            }
            close(writeEnd)
        }
        return BoundedLineReader(descriptor: fds[0], limit: limit)
    }

    @Test func aLineOverTheLimitIsSkippedAndTheNextIsRead() {
        let long = [UInt8](repeating: UInt8(ascii: "a"), count: 100_000)
        let input = reader(Array("hello\r\n".utf8) + long + Array("\nbuenos días\nlast".utf8), limit: 1_000)
        #expect(input.next() == .text("hello"))
        #expect(input.next() == .tooLong(bytes: 100_000))
        #expect(input.next() == .text("buenos días"))
        #expect(input.next() == .text("last"))
        #expect(input.next() == nil)
    }

    @Test func aReadErrorIsNotTheEndOfInput() throws {
        let folder = open("/tmp", O_RDONLY)
        defer { close(folder) }
        let input = BoundedLineReader(descriptor: folder)
        #expect(input.next() == .failed(errno: EISDIR))
        #expect(input.next() == nil)
    }
}
