import Foundation
import Testing
@testable import ParleyKit

/// Atomic writes never open a file someone else could have planted: the temporary file is
/// created exclusively under a random name, and a planted lock symlink is refused.
@Suite("atomic writes")
struct AtomicFileTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-atomic-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    @Test func aSymlinkPlantedAtThePredictableTemporaryNameIsNotFollowed() throws {
        let victim = folder.appendingPathComponent("victim")
        try Data("precious\n".utf8).write(to: victim)
        let target = folder.appendingPathComponent("talk.md")
        // The name the temporary file used to have (.NAME.PID.tmp), and a few neighbours.
        for name in [".talk.md.\(getpid()).tmp", ".talk.md.tmp"] {
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(name), withDestinationURL: victim)
        }
        try AtomicFile.write(Data("saved\n".utf8), to: target, permissions: 0o600, stage: .conversation)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
        #expect(try String(contentsOf: target, encoding: .utf8) == "saved\n")
        // No temporary file is left behind, and the new file has the mode asked for.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".talk.md.") && !$0.hasSuffix(".tmp") }
        #expect(left.isEmpty, "\(left)")
        var status = stat()
        #expect(stat(target.path, &status) == 0 && status.st_mode & 0o777 == 0o600)
    }

    @Test func aSymlinkPlantedAsTheLockFileIsRefused() throws {
        let victim = folder.appendingPathComponent("victim")
        try Data("precious\n".utf8).write(to: victim)
        let file = folder.appendingPathComponent("en-es.tsv")
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(".en-es.tsv.lock"), withDestinationURL: victim)
        #expect(throws: ParleyError.self) {
            try AtomicFile.update(file, stage: .translation) { _ in "a\tb\n" }
        }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
    }
}
