import Foundation
import Synchronization
import Testing
@testable import ParleyKit

/// Every utterance asks for its language's lexicon: the file is read again only when it
/// changed, and its problems are reported once per version of the file.
struct LexiconLoaderTests {
    @Test func aLexiconIsReadAgainOnlyWhenItChanges() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("parley-lexicon-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let paths = DataPaths(environment: ["HOME": home.path])
        let file = paths.lexiconFile(language: "en")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "tomato\ttomahto\nno tab here\n".write(to: file, atomically: true, encoding: .utf8)
        let reports = Mutex<[String]>([])
        let lexicons = Lexicon.loader(paths: paths) { message in reports.withLock { $0.append(message) } }

        #expect(lexicons("en").entries == ["tomato": "tomahto"])
        #expect(lexicons("en").entries == ["tomato": "tomahto"])
        #expect(reports.withLock { $0.count } == 1)

        try Lexicon.add(word: "potato", pronunciation: "potahto", to: file)
        #expect(lexicons("en").entries == ["tomato": "tomahto", "potato": "potahto"])
        #expect(reports.withLock { $0.count } == 2)
    }
}

/// Only the lexicon may give phonemes, and only short ones: what a person types or says is text.
@Suite("lexicon phonemes are bounded")
struct LexiconPhonemeBoundTests {
    @Test(arguments: ["[[aa]]", "say [[h@'loU]] now", "[[[x]]]", "]]["])
    func bracketsInThePersonsTextNeverOpenPhonemes(_ text: String) {
        let applied = Lexicon(entries: ["tomato": "[[t@m'A:toU]]"]).apply(to: text)
        #expect(!applied.contains("[[") && !applied.contains("]]"), "\(applied)")
    }

    @Test func aTooLongOrBracketedPronunciationIsRefusedOnAddAndSkippedOnLoad() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-lexicon-\(UUID())")
        let file = folder.appendingPathComponent("en.tsv")
        let long = "[[" + String(repeating: "a", count: 1000) + "]]"
        #expect(throws: ParleyError.self) { try Lexicon.add(word: "tomato", pronunciation: long, to: file) }
        #expect(throws: ParleyError.self) { try Lexicon.add(word: "tomato", pronunciation: "to [[ma]] to", to: file) }
        try Lexicon.add(word: "tomato", pronunciation: "[[t@m'A:toU]]", to: file)
        try (try String(contentsOf: file, encoding: .utf8) + "potato\t\(long)\n").write(to: file, atomically: true, encoding: .utf8)
        let (lexicon, issues) = try Lexicon.load(file)
        #expect(lexicon.entries == ["tomato": "[[t@m'A:toU]]"])
        #expect(issues.count == 1 && issues[0].reason.contains("1000 characters long"))
    }
}
