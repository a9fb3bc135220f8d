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
