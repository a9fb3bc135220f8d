import Foundation
import Testing
@testable import ParleyKit

/// The small wrappers of `Support/System`: a self-pipe wakes a poll and drains, a path's
/// kind is told as the readers need it, a process that exists is found.
@Suite("system wrappers")
struct SystemWrapperTests {
    @Test func aWakePipeIsReadableAfterWakeUntilDrained() throws {
        let pipe = try WakePipe()
        #expect(try Descriptor.wait(for: [(pipe.descriptor, .readable)], milliseconds: 0).isEmpty)
        pipe.wake()
        pipe.wake()
        #expect(try Descriptor.wait(for: [(pipe.descriptor, .readable)], milliseconds: 0) == [pipe.descriptor])
        pipe.drain()
        #expect(try Descriptor.wait(for: [(pipe.descriptor, .readable)], milliseconds: 0).isEmpty)
    }

    @Test func wakingAFullPipeDoesNotBlock() throws {
        let pipe = try WakePipe()
        for _ in 0..<70_000 { pipe.wake() }   // more than a pipe holds (64 KiB)
        pipe.drain()
        #expect(try Descriptor.wait(for: [(pipe.descriptor, .readable)], milliseconds: 0).isEmpty)
    }

    @Test func bytesWrittenToAPipeAreReadBack() throws {
        let ends = try Descriptor.pipe()
        defer { Descriptor.close(ends.read); Descriptor.close(ends.write) }
        try Descriptor.writeAll(ends.write, Array("hola".utf8))
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = try Descriptor.read(ends.read, into: &buffer)
        #expect(count.map { Array(buffer[0..<$0]) } == Array("hola".utf8))
    }

    @Test func writingToAPipeWithoutReaderIsEPIPENotASignal() throws {
        let ends = try Descriptor.pipe()
        Descriptor.close(ends.read)
        defer { Descriptor.close(ends.write) }
        #expect(throws: SystemCallError(errno: EPIPE)) { try Descriptor.writeAll(ends.write, [1, 2, 3]) }
    }

    @Test func kindsOfPaths() throws {
        let ends = try Descriptor.pipe()
        defer { Descriptor.close(ends.read); Descriptor.close(ends.write) }
        #expect(try FileKind.of("/tmp").get() == .folder)
        #expect(try FileKind.of("/dev/null").get() == .device)
        #expect(try FileKind.of("/proc/self/fd/\(ends.read)").get() == .pipe)
        #expect(try FileKind.of("/proc/self/status").get() == .regular)
        #expect(FileKind.of("/nonexistent/parley") == .failure(SystemCallError(errno: ENOENT)))
        #expect(PipedRecording.isPipe("/proc/self/fd/\(ends.read)"))
    }

    @Test func aFileOpensForReadingAndAMissingOneSaysWhy() throws {
        let descriptor = try Descriptor.openForReading("/proc/self/status")
        defer { Descriptor.close(descriptor) }
        #expect(Descriptor.isOpen(descriptor))
        #expect(!Descriptor.isTerminal(descriptor))
        #expect(throws: SystemCallError(errno: ENOENT)) { try Descriptor.openForReading("/nonexistent/parley") }
        #expect(FileKind.refusal(toRead: "/proc/self/status") == nil)
        #expect(FileKind.refusal(toWrite: "/nonexistent/parley") == SystemCallError(errno: ENOENT))
    }

    @Test func thisProcessExists() {
        #expect(ProcessTable.exists(ProcessTable.current))
    }
}
