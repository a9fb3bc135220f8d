import Foundation
import Testing
@testable import ParleyKit

/// Editing a user's file changes only what was asked: its permissions and every other line
/// stay as the user left them.
@Suite("User files keep their mode and lines")
struct UserFileEditingTests {
    func temporaryFile(_ contents: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-user-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("en.tsv")
        try contents.write(to: file, atomically: false, encoding: .utf8)
        return file
    }

    func mode(of file: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
    }

    /// An update used to reset a private (0600) file to 0644.
    @Test(arguments: [0o600, 0o640, 0o644])
    func anUpdateKeepsTheFilesMode(_ permissions: Int) throws {
        let file = try temporaryFile("# mine\n")
        chmod(file.path, mode_t(permissions))
        try AtomicFile.update(file, stage: .storage) { ($0 ?? "") + "more\n" }
        #expect(try mode(of: file) == permissions)
        #expect(try String(contentsOf: file, encoding: .utf8) == "# mine\nmore\n")
    }

    @Test func aNewFileGetsTheModeAskedFor() throws {
        let file = try temporaryFile("").deletingLastPathComponent().appendingPathComponent("new.tsv")
        try AtomicFile.update(file, stage: .storage, permissions: 0o600) { _ in "x\n" }
        #expect(try mode(of: file) == 0o600)
    }

    /// `lexicon add` used to drop the blank lines the user had put between groups of words.
    @Test func addingToTheLexiconKeepsTheFileAsWrittenAndAppends() throws {
        let written = "# parley pronunciation lexicon\n\n# vegetables\ntomato\ttomahto\n\n# names\nSiobhan\tshivawn\n"
        let file = try temporaryFile(written)
        try Lexicon.add(word: "potato", pronunciation: "potahto", to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == written + "potato\tpotahto\n")
        // Replacing a word removes its old line only.
        try Lexicon.add(word: "Tomato", pronunciation: "[[t@m'A:toU]]", to: file)
        #expect(try String(contentsOf: file, encoding: .utf8)
                == "# parley pronunciation lexicon\n\n# vegetables\n\n# names\nSiobhan\tshivawn\npotato\tpotahto\nTomato\t[[t@m'A:toU]]\n")
    }

    @Test func aLexiconWithoutAFinalNewlineGetsOneBeforeTheNewLine() throws {
        let file = try temporaryFile("tomato\ttomahto")
        try Lexicon.add(word: "potato", pronunciation: "potahto", to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "tomato\ttomahto\npotato\tpotahto\n")
    }
}
