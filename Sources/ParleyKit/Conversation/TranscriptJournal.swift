import Foundation
import Synchronization

/// The conversation's transcript: every completed turn is appended at once as one JSON
/// line and flushed to disk, so a crash or a kill loses no completed turn. A record is
/// written whole or not at all: a short write (a full disk) is cut off again, so the next
/// record never lands on half a line. The file is private (mode 0600).
public final class TranscriptJournal: Sendable {
    /// Writes bytes to a descriptor as `write(2)` does; tests put a failing disk here.
    typealias Writer = @Sendable (Int32, UnsafeRawPointer, Int) -> Int

    /// The journal file.
    public let file: URL
    private let descriptor: Int32
    private let writer: Writer
    /// The length of the file up to its last whole record; appends are serialised here.
    private let wholeLength: Mutex<off_t>

    /// Opens (creating) a journal in `folder`, named by the start time.
    public convenience init(folder: URL, started: Date = Date()) throws {
        try self.init(folder: folder, started: started) { Foundation.write($0, $1, $2) }
    }

    init(folder: URL, started: Date = Date(), writer: @escaping Writer) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw ParleyError(.conversation, .unwritable, "Cannot create the transcript folder \(folder.path).",
                              cause: .from(error))
        }
        file = folder.appendingPathComponent("conversation-\(Timestamp.fileName(started))-\(getpid()).jsonl")
        descriptor = open(file.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ParleyError(.conversation, .unwritable, "Cannot open the transcript \(file.path): check the folder's permissions.",
                              cause: .system(errno: errno))
        }
        fchmod(descriptor, 0o600)
        self.writer = writer
        wholeLength = Mutex(lseek(descriptor, 0, SEEK_END))
    }

    deinit {
        close(descriptor)
    }

    /// Appends `record` and flushes it to disk before returning. On failure the file is as
    /// it was before the call and the error names the system's reason (no space left, …).
    public func append(_ record: TurnRecord) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var line = try encoder.encode(record)
        line.append(UInt8(ascii: "\n"))
        try wholeLength.withLock { length in
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
                    "Could not write turn \(record.turn) to the transcript \(file.path); it holds the turns before it.",
                    cause: .system(errno: failure))
            }
            length += off_t(line.count)
        }
    }
}
