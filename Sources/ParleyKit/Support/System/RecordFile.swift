import Foundation
import Synchronization

/// A file that grows by whole records (a journal's JSON lines): each append is written in
/// full and flushed to disk before it returns, or, when the disk refuses part of it, cut
/// back to the last whole record, so the next one never lands on half a line. The file is
/// private (mode 0600) and created by the first append; appends are serialised.
final class RecordFile: Sendable {
    /// Writes bytes to a descriptor as `write(2)` does; tests put a failing disk here.
    typealias Writer = @Sendable (Int32, UnsafeRawPointer, Int) -> Int

    /// What an append ran into.
    enum Failure: Error {
        /// The file could not be opened or created.
        case open(SystemCallError)
        /// The record could not be written or flushed; the file holds the records before it.
        case write(SystemCallError)
    }

    /// The file's path.
    let path: String
    private let writer: Writer
    /// The open file (-1 until the first append) and its length up to its last whole record.
    private let state = Mutex<(descriptor: Int32, wholeLength: off_t)>((-1, 0))

    /// The file at `path`, opened by the first append.
    init(path: String, writer: @escaping Writer = { Glibc.write($0, $1, $2) }) {
        self.path = path
        self.writer = writer
    }

    deinit {
        state.withLock { Descriptor.close($0.descriptor) }
    }

    /// Appends `record` whole and flushes it to disk, or leaves the file as it was.
    func append(_ record: Data) throws(Failure) {
        try state.withLock { (state) throws(Failure) in
            let descriptor = try openFile(&state)
            var failure: Int32 = 0
            let written = record.withUnsafeBytes { bytes -> Int in
                var offset = 0
                while offset < bytes.count {
                    let count = writer(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if count < 0, errno == EINTR { continue }
                    // A write that takes nothing is a full disk that says so without an error.
                    guard count > 0 else { failure = count == 0 ? ENOSPC : errno; break }
                    offset += count
                }
                return offset
            }
            if written == record.count, fsync(descriptor) != 0 { failure = errno }
            guard failure == 0 else {
                ftruncate(descriptor, state.wholeLength)
                throw .write(SystemCallError(errno: failure))
            }
            state.wholeLength += off_t(record.count)
        }
    }

    /// The open file, opened (created, private) on first use.
    private func openFile(_ state: inout (descriptor: Int32, wholeLength: off_t)) throws(Failure) -> Int32 {
        if state.descriptor >= 0 { return state.descriptor }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .open(SystemCallError(errno: errno)) }
        // The mode given to open is masked by the umask; a journal is private whatever it is.
        fchmod(descriptor, 0o600)
        state = (descriptor, lseek(descriptor, 0, SEEK_END))
        return descriptor
    }
}
