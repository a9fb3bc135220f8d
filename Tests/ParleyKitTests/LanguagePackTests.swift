import Foundation
import Testing
@testable import ParleyKit
import ParleyKitTesting

@Suite("Language packs")
struct LanguagePackTests {
    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parley-packs-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func theShippedLanguagesHavePacks() {
        let installed = LanguagePack.installedLanguages()
        for language in ["en", "es", "ko"] { #expect(installed.contains(language)) }
    }

    @Test(arguments: LanguagePack.installedLanguages())
    func everyShippedPackLoadsWithoutIssues(_ language: String) {
        let pack = LanguagePack.named(language)
        #expect(pack.issues.isEmpty, "\(pack.issues)")
        #expect(!pack.isEmpty)
    }

    /// Each file says what it holds and which algorithm reads it, before any entry.
    @Test(arguments: LanguagePack.installedLanguages())
    func everyShippedPackFileOpensWithAComment(_ language: String) throws {
        let folder = try #require(LanguagePack.defaultFolder).appendingPathComponent(language)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasPrefix(".") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(text.hasPrefix("# "), "\(language)/\(name)")
        }
    }

    @Test func theReaderReportsBadLinesWithFileAndLineAndKeepsTheRest() throws {
        let root = try temporaryFolder()
        let folder = root.appendingPathComponent("xx")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // CRLF line ends, a comment, a blank line, surrounding spaces.
        try "# greetings\r\nhello\r\n\r\n  good morning  \r\n".write(to: folder.appendingPathComponent("greetings.txt"),
                                                                     atomically: true, encoding: .utf8)
        try "# word\tfull\nwon't\twill not\r\nbroken line\n\tempty\ncan't\tcan not\textra\nlet's\tlet us\n"
            .write(to: folder.appendingPathComponent("contractions.tsv"), atomically: true, encoding: .utf8)
        try "ignored".write(to: folder.appendingPathComponent("notes.md"), atomically: true, encoding: .utf8)
        try Data([0x68, 0xFF, 0xFE, 0x0A]).write(to: folder.appendingPathComponent("binary.txt"))
        let pack = LanguagePack.load(language: "xx", from: root)
        #expect(pack.list("greetings") == ["hello", "good morning"])
        #expect(pack.contains("good morning", in: "greetings"))
        #expect(pack.table("contractions") == [["won't", "will not"], ["let's", "let us"]])
        #expect(pack.map("contractions")["let's"] == "let us")
        #expect(pack.fileNames == ["contractions.tsv", "greetings.txt"])
        let table = folder.appendingPathComponent("contractions.tsv").path
        #expect(pack.issues.contains(DictionaryIssue(file: table, line: 3, reason: "1 tab-separated fields where the file has 2")))
        #expect(pack.issues.contains(DictionaryIssue(file: table, line: 4, reason: "an empty field")))
        #expect(pack.issues.contains(DictionaryIssue(file: table, line: 5, reason: "3 tab-separated fields where the file has 2")))
        #expect(pack.issues.contains { $0.file.hasSuffix("binary.txt") && $0.reason == "not UTF-8 text" })
        #expect(pack.issues.count == 4)
    }

    @Test func aLanguageWithoutAPackHasEmptyListsAndNoFeatures() throws {
        let pack = LanguagePack.load(language: "zz", from: try temporaryFolder())
        #expect(pack.isEmpty && pack.issues.isEmpty)
        #expect(pack.list("names").isEmpty && pack.table("contractions").isEmpty && !pack.has("no-articles"))
        #expect(LanguagePack.load(language: "../en", from: LanguagePack.defaultFolder).isEmpty)
    }

    @Test func featuresSayWhatAGrammarIsLike() {
        #expect(LanguagePack.named("ko").has("no-articles"))
        #expect(LanguagePack.named("es").has("article-agreement"))
        #expect(!LanguagePack.named("en").has("article-agreement"))
    }

    /// One list serves every algorithm that needs it: Spanish object pronouns are read by
    /// `ProtectedSpans` (`no se mueva`) and `SpanishAddress` (`¿me puede…?`) alike.
    @Test func sharedListsAreReadByEveryAlgorithmThatNeedsThem() {
        let clitics = LanguagePack.named("es").words("clitics")
        #expect(SpanishAddress(from: .named("es"), to: .named("en"), morphology: InMemoryMorphology()).clitics == clitics)
        #expect(ProtectedSpans(tables: [], pack: .named("es")) { _ in [] }.pack.words("clitics") == clitics)
        let modals = Set(LanguagePack.named("en").table("auxiliaries").filter { $0[1] == "modal" }.map { $0[0] })
        #expect(SpanishAddress(from: .named("es"), to: .named("en"), morphology: InMemoryMorphology()).modals == modals)
        #expect(QuestionOrder.of("en")?.auxiliaries.isSuperset(of: modals) == true)
    }
}
