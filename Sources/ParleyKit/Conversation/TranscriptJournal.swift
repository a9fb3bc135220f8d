import Foundation
import Synchronization

/// The conversation's transcript: every completed turn is appended at once as one JSON
/// line and flushed to disk, so a crash or a kill loses no completed turn. A record is
/// written whole or not at all: a short write (a full disk) is cut off again, so the next
/// record never lands on half a line. The file is private (mode 0600), and created with the
/// first record, so a conversation without a turn leaves no empty transcript behind.
public final class TranscriptJournal: Sendable {
    /// Writes bytes to a descriptor as `write(2)` does; tests put a failing disk here.
    typealias Writer = @Sendable (Int32, UnsafeRawPointer, Int) -> Int

    /// The journal file.
    public let file: URL
    private let writer: Writer
    /// The open file (-1 until the first record) and its length up to its last whole record;
    /// appends are serialised here.
    private let state = Mutex<(descriptor: Int32, wholeLength: off_t)>((-1, 0))

    /// A journal in `folder`, named by the start time; the folder is made (and checked
    /// writable) now, the file when the first record is appended.
    /// `name` starts the file's name (`conversation`, `interpretation`).
    public convenience init(folder: URL, started: Date = Date(), name: String = "conversation") throws {
        try self.init(folder: folder, started: started, name: name) { Foundation.write($0, $1, $2) }
    }

    init(folder: URL, started: Date = Date(), name: String = "conversation", writer: @escaping Writer) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw ParleyError(.conversation, .unwritable, "Cannot create the transcript folder \(folder.path).",
                              cause: .from(error))
        }
        file = folder.appendingPathComponent("\(name)-\(Timestamp.fileName(started))-\(getpid()).jsonl")
        guard access(folder.path, W_OK | X_OK) == 0 else {
            throw ParleyError(.conversation, .unwritable, "Cannot write the transcript \(file.path): check the folder's permissions.",
                              cause: .system(errno: errno))
        }
        self.writer = writer
    }

    deinit {
        state.withLock { if $0.descriptor >= 0 { close($0.descriptor) } }
    }

    /// The open journal file, opened (created, private) on first use.
    private func openFile(_ state: inout (descriptor: Int32, wholeLength: off_t)) throws -> Int32 {
        if state.descriptor >= 0 { return state.descriptor }
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ParleyError(.conversation, .unwritable, "Cannot open the transcript \(file.path): check the folder's permissions.",
                              cause: .system(errno: errno))
        }
        fchmod(descriptor, 0o600)
        state = (descriptor, lseek(descriptor, 0, SEEK_END))
        return descriptor
    }

    /// Appends `record` and flushes it to disk before returning. On failure the file is as
    /// it was before the call and the error names the system's reason (no space left, …).
    public func append(_ record: TurnRecord) throws {
        try append(encoded: record, named: "turn \(record.turn)")
    }

    /// Appends any record as one JSON line (an interpreted segment), as `append(_:)` does;
    /// `name` says which record failed.
    func append(encoded record: some Encodable, named name: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var line = try encoder.encode(record)
        line.append(UInt8(ascii: "\n"))
        try state.withLock { state in
            let descriptor = try openFile(&state)
            let length = state.wholeLength
            var failure: Int32 = 0
            let written = line.withUnsafeBytes { bytes -> Int in
                var offset = 0
                while offset < bytes.count {
                    let count = writer(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { failure = count == 0 ? ENOSPC : errno; break }
                    offset += count
                }
                return offset
            }
            if written == line.count, fsync(descriptor) != 0 { failure = errno }
            guard failure == 0 else {
                ftruncate(descriptor, length)
                throw ParleyError(.conversation, .unwritable,
                    "Could not write \(name) to the transcript \(file.path); it holds the records before it.",
                    cause: .system(errno: failure))
            }
            state.wholeLength += off_t(line.count)
        }
    }
}
