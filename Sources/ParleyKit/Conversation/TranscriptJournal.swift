import Foundation

/// One completed turn as the journal stores it.
public struct TurnRecord: Codable, Sendable, Equatable {
    /// When the turn completed (ISO 8601).
    public let time: String
    /// Which side spoke: 1 or 2.
    public let side: Int
    /// `typed`, `spoken`, `recording` (`:listen`) or `dictation`.
    public let mode: String
    /// The speaker's and the listener's locales.
    public let from: String
    public let to: String
    /// What was heard or typed.
    public let heard: String
    /// Other readings the recognizer offered.
    public let alternatives: [String]
    /// The translation (the same text for dictation).
    public let translation: String
    /// Where each part of the translation came from.
    public let segments: [TranslationSegment]

    /// A record of `translation` spoken by `side` (0 or 1) in `mode`.
    public init(side: Int, mode: String, translation: Translation, alternatives: [String], time: Date = Date()) {
        self.time = ISO8601DateFormatter().string(from: time)
        self.side = side + 1
        self.mode = mode
        from = translation.source.identifier
        to = translation.target.identifier
        heard = translation.sourceText
        self.alternatives = alternatives
        self.translation = translation.text
        segments = translation.segments
    }
}

/// The conversation's transcript: every completed turn is appended at once as one JSON
/// line and flushed to disk, so a crash or a kill loses no completed turn. The file is
/// private (mode 0600).
public final class TranscriptJournal: @unchecked Sendable {
    // @unchecked: `descriptor` is written only in init/deinit; appends are serialised by `lock`.
    /// The journal file.
    public let file: URL
    private let descriptor: Int32
    private let lock = NSLock()

    /// Opens (creating) a journal in `folder`, named by the start time.
    public init(folder: URL, started: Date = Date()) throws {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw ParleyError(.conversation, "Cannot create the transcript folder \(folder.path).",
                              cause: error.localizedDescription)
        }
        file = folder.appendingPathComponent("conversation-\(formatter.string(from: started))-\(getpid()).jsonl")
        descriptor = open(file.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ParleyError(.conversation, "Cannot open the transcript \(file.path): check the folder's permissions.",
                              cause: String(cString: strerror(errno)))
        }
        fchmod(descriptor, 0o600)
    }

    deinit {
        close(descriptor)
    }

    /// Appends `record` and flushes it to disk before returning.
    public func append(_ record: TurnRecord) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var line = try encoder.encode(record)
        line.append(UInt8(ascii: "\n"))
        try lock.withLock {
            let written = line.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            guard written == line.count, fsync(descriptor) == 0 else {
                throw ParleyError(.conversation, "Could not write the transcript \(file.path) (disk full?).",
                                  cause: String(cString: strerror(errno)))
            }
        }
    }

    /// Every record in a journal file.
    public static func read(_ file: URL) throws -> [TurnRecord] {
        let text = try String(contentsOf: file, encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONDecoder().decode(TurnRecord.self, from: Data($0.utf8)) }
    }
}
