import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A failed system call, by its `errno`: what the types in `Support/System` throw where the
/// caller, not they, knows which stage failed and what to tell the person.
public struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `errno` the call left.
    public let errno: Int32

    /// The error of the call that just failed (the thread's `errno`).
    static var current: SystemCallError { SystemCallError(errno: Glibc.errno) }

    public init(errno: Int32) { self.errno = errno }

    /// The `ParleyError` cause for it.
    public var cause: ParleyError.Cause { .system(errno: errno) }

    public var description: String { String(cString: strerror(errno)) }
}

/// The calls on raw file descriptors parley makes itself (pipes, reads and writes that
/// survive signals, waiting for readiness), so the rest of ParleyKit never spells out
/// `EINTR` loops or `fcntl` flags.
public enum Descriptor {
    /// A new pipe whose two ends are close-on-exec: a program started meanwhile by another
    /// thread must not hold them open (its reader would never see the end of the output).
    /// Glibc's `pipe2` is not visible to Swift, so the flag is set right after.
    public static func pipe(nonBlocking: Bool = false) throws(SystemCallError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard Glibc.pipe(&ends) == 0 else { throw .current }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            if nonBlocking { setNonBlocking(end) }
        }
        return (ends[0], ends[1])
    }

    /// Makes reads and writes on `descriptor` return `EAGAIN` instead of waiting.
    public static func setNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// Opens `path` for reading, close-on-exec.
    public static func openForReading(_ path: String) throws(SystemCallError) -> Int32 {
        while true {
            let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            if descriptor >= 0 { return descriptor }
            if Glibc.errno != EINTR { throw .current }
        }
    }

    /// Whether `descriptor` is a terminal (not a pipe or a file).
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// Closes `descriptor` (a negative one is ignored).
    public static func close(_ descriptor: Int32) {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
    }

    /// Whether `descriptor` is open in this process.
    public static func isOpen(_ descriptor: Int32) -> Bool {
        fcntl(descriptor, F_GETFD) != -1 || Glibc.errno != EBADF
    }

    /// Reads what is there, up to `buffer.count` bytes, into `buffer`: the count (0 at the
    /// end), or nil when a non-blocking descriptor has nothing yet. A signal does not cut it short.
    public static func read(_ descriptor: Int32, into buffer: inout [UInt8]) throws(SystemCallError) -> Int? {
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count >= 0 { return count }
            let failure = Glibc.errno
            if failure == EINTR { continue }
            if failure == EAGAIN || failure == EWOULDBLOCK { return nil }
            throw SystemCallError(errno: failure)
        }
    }

    /// Writes some of `bytes`: how many were taken (0 when a non-blocking descriptor is
    /// full). A reader that has gone is `EPIPE`, never a SIGPIPE that ends parley.
    public static func writeSome(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
        while true {
            let count = writeWithoutSIGPIPE(descriptor, bytes.baseAddress!, bytes.count)
            if count >= 0 { return count }
            let failure = Glibc.errno
            if failure == EINTR { continue }
            if failure == EAGAIN || failure == EWOULDBLOCK { return 0 }
            throw SystemCallError(errno: failure)
        }
    }

    /// Writes some of `bytes` from `offset` on, as `writeSome` does.
    public static func writeSome(_ descriptor: Int32, _ bytes: [UInt8], from offset: Int) throws(SystemCallError) -> Int {
        // withUnsafeBytes rethrows untyped errors: the closure hands back a Result instead.
        let result = bytes.withUnsafeBytes { all in
            Result { () throws(SystemCallError) -> Int in try writeSome(descriptor, UnsafeRawBufferPointer(rebasing: all[offset...])) }
        }
        return try result.get()
    }

    /// Writes every byte of `bytes`, waiting while a non-blocking descriptor is full.
    public static func writeAll(_ descriptor: Int32, _ bytes: some Collection<UInt8>) throws(SystemCallError) {
        let array = Array(bytes)
        var offset = 0
        while offset < array.count {
            let count = try writeSome(descriptor, array, from: offset)
            if count == 0 { _ = try wait(for: [(descriptor, .writable)], milliseconds: -1) }
            offset += count
        }
    }

    /// What `wait(for:milliseconds:)` waits for on a descriptor.
    public enum Readiness: Sendable {
        /// Something to read, or the end of input.
        case readable
        /// Room to write, or the reader has gone.
        case writable
    }

    /// Waits until one of `descriptors` is ready (`poll`), at most `milliseconds` (-1: no
    /// limit). Returns the ready ones (hang-ups and errors count as ready, so the next read
    /// or write says what happened); empty at the time limit or when a signal came first.
    /// A negative descriptor is skipped.
    public static func wait(for descriptors: [(Int32, Readiness)], milliseconds: Int32) throws(SystemCallError) -> [Int32] {
        var entries = descriptors.map { descriptor, readiness in
            pollfd(fd: descriptor, events: Int16(readiness == .readable ? POLLIN : POLLOUT), revents: 0)
        }
        let ready = poll(&entries, nfds_t(entries.count), milliseconds)
        if ready < 0 {
            if Glibc.errno == EINTR { return [] }
            throw .current
        }
        return entries.filter { $0.fd >= 0 && $0.revents != 0 }.map(\.fd)
    }

    /// `write` with SIGPIPE blocked on this thread, so a reader that has exited makes the
    /// write fail with EPIPE instead of killing parley; a SIGPIPE it raised is taken before
    /// the thread's mask is restored. Keeps the write's `errno`.
    static func writeWithoutSIGPIPE(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        var pipeSignal = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        let written = Glibc.write(descriptor, bytes, count)
        let failure = Glibc.errno
        if written < 0, failure == EPIPE {
            var none = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&pipeSignal, nil, &none) == SIGPIPE {}
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        Glibc.errno = failure
        return written
    }
}
