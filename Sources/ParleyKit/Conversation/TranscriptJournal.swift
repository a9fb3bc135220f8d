import Foundation

/// The conversation's transcript: every completed turn is appended at once as one JSON
/// line and flushed to disk, so a crash or a kill loses no completed turn. A record is
/// written whole or not at all: a short write (a full disk) is cut off again, so the next
/// record never lands on half a line. The file is private (mode 0600), and created with the
/// first record, so a conversation without a turn leaves no empty transcript behind.
public final class TranscriptJournal: Sendable {
    /// The journal file.
    public let file: URL
    private let records: RecordFile

    /// A journal in `folder`, named by the start time; the folder is made (and checked
    /// writable) now, the file when the first record is appended.
    /// `name` starts the file's name (`conversation`, `interpretation`).
    public convenience init(folder: URL, started: Date = Date(), name: String = "conversation") throws {
        try self.init(folder: folder, started: started, name: name, writer: { Glibc.write($0, $1, $2) })
    }

    /// As above, writing through `writer` (`write(2)`; tests put a failing disk here).
    init(folder: URL, started: Date = Date(), name: String = "conversation", writer: @escaping RecordFile.Writer) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw ParleyError(.conversation, .unwritable, "Cannot create the transcript folder \(folder.path).",
                              cause: .from(error))
        }
        file = folder.appendingPathComponent("\(name)-\(Timestamp.fileName(started))-\(ProcessTable.current).jsonl")
        if let refusal = FileKind.refusal(toWrite: folder.path, searching: true) {
            throw ParleyError(.conversation, .unwritable, "Cannot write the transcript \(file.path): check the folder's permissions.",
                              cause: refusal.cause)
        }
        records = RecordFile(path: file.path, writer: writer)
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
        do {
            try records.append(line)
        } catch .open(let error) {
            throw ParleyError(.conversation, .unwritable, "Cannot open the transcript \(file.path): check the folder's permissions.",
                              cause: error.cause)
        } catch .write(let error) {
            throw ParleyError(.conversation, .unwritable,
                "Could not write \(name) to the transcript \(file.path); it holds the records before it.",
                cause: error.cause)
        }
    }
}
