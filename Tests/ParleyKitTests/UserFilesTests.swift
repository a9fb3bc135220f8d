import Foundation
import Testing
@testable import ParleyKit

/// The user's own files (dictionary entries, the pronunciation lexicon) are edited in place
/// by `dict add` and `lexicon add`: nothing in them may be lost.
@Suite("User files")
struct UserFilesTests {
    static let latin1Line = Data("# parley user dictionary en-es\nhello\thola\ncaf".utf8) + Data([0xE9]) + Data("\tcafé\n".utf8)

    @Test func aDictionaryFileThatIsNotUTF8IsRefusedAndLeftAsItWas() throws {
        let fixture = try DictionaryFixture()
        let file = fixture.root.appendingPathComponent("user/en-es.tsv")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.latin1Line.write(to: file)
        #expect {
            try fixture.library.addUserEntry(DictionaryEntry(source: "bye", target: "adiós"),
                                             for: LanguagePair(try LocaleTag(parsing: "en"), try LocaleTag(parsing: "es")))
        } throws: { error in
            let message = (error as? ParleyError)?.message ?? ""
            return message.contains("\(file.path):3") && message.contains("UTF-8") && message.contains("unchanged")
        }
        #expect(try Data(contentsOf: file) == Self.latin1Line)
    }

    @Test func aLexiconThatIsNotUTF8IsRefusedAndLeftAsItWas() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parley-lexicon-\(UUID()).tsv")
        defer { try? FileManager.default.removeItem(at: file) }
        let contents = Data("# parley pronunciation lexicon\ntomato\ttomahto\nna".utf8) + Data([0xEF, 0x76]) + Data("e\tnaive\n".utf8)
        try contents.write(to: file)
        #expect {
            try Lexicon.add(word: "potato", pronunciation: "potahto", to: file)
        } throws: { error in
            ((error as? ParleyError)?.message ?? "").contains("\(file.path):3")
        }
        #expect(try Data(contentsOf: file) == contents)
    }

    @Test func entriesAddedByAnotherProcessAreSeenByARunningConversation() throws {
        let fixture = try DictionaryFixture(files: ["en-es.tsv": "hello\thola\n"])
        let pair = LanguagePair(try LocaleTag(parsing: "en"), try LocaleTag(parsing: "es"))
        let running = fixture.library
        #expect(running.tables(for: pair).count == 1)
        let elsewhere = fixture.library
        try elsewhere.addUserEntry(DictionaryEntry(source: "see you", target: "nos vemos"), for: pair)
        let tables = running.tables(for: pair)
        #expect(tables.first?.0 == .user)
        #expect(tables.first?.1["see you"] == "nos vemos")
        #expect(running.tables(for: pair.reversed).first?.1["nos vemos"] == "see you")
    }
}
