import Foundation
import Synchronization
import Testing
@testable import ParleyKit

@Suite("Transcript journal")
struct TranscriptJournalTests {
    static func record(_ turn: Int, _ words: String) throws -> TurnRecord {
        let translation = Translation(sourceText: words, source: try LocaleTag(parsing: "en-US"),
                                      target: try LocaleTag(parsing: "es-ES"), text: words, segments: [])
        return TurnRecord(turn: turn, side: 0, mode: .typed, translation: translation, alternatives: [])
    }

    /// A disk that fills up in the middle of the second record, then has room again.
    final class FillingDisk: Sendable {
        let calls = Mutex(0)
        func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
            let call = calls.withLock { $0 += 1; return $0 }
            switch call {
            case 2: return Foundation.write(descriptor, bytes, count / 2)
            case 3: errno = ENOSPC; return -1
            default: return Foundation.write(descriptor, bytes, count)
            }
        }
    }

    @Test func theFileIsCreatedWithTheFirstRecordNotAtTheStart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-journal-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = try TranscriptJournal(folder: folder)
        #expect(!FileManager.default.fileExists(atPath: journal.file.path))
        try journal.append(try Self.record(1, "hello"))
        let attributes = try FileManager.default.attributesOfItem(atPath: journal.file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try String(contentsOf: journal.file, encoding: .utf8).split(separator: "\n").count == 1)
    }

    @Test func aRecordCutShortByAFullDiskIsRemovedAndTheNextOneIsWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-journal-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let disk = FillingDisk()
        let journal = try TranscriptJournal(folder: folder) { disk.write($0, $1, $2) }
        try journal.append(try Self.record(1, "hello"))
        #expect {
            try journal.append(try Self.record(2, "a second turn long enough to be cut in half"))
        } throws: { error in
            let message = "\(error)"
            return message.contains("turn 2") && message.contains("No space left on device")
        }
        try journal.append(try Self.record(3, "after the disk has room"))
        let lines = try String(contentsOf: journal.file, encoding: .utf8).split(separator: "\n")
        let records = try lines.map { try JSONDecoder().decode(TurnRecord.self, from: Data($0.utf8)) }
        #expect(records.map(\.turn) == [1, 3])
        #expect(records.map(\.heard) == ["hello", "after the disk has room"])
    }
}
