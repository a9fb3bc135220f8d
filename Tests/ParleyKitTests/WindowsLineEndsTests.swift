import Foundation
import Testing
@testable import ParleyKit

/// A user's file saved with CRLF line ends or a UTF-8 byte-order mark (Notepad) is read as
/// its lines, and a rewrite keeps every other line, its line ends and its mark: `dict add`
/// once wiped a CRLF dictionary down to the new line.
@Suite("CRLF and byte-order marks in the user's files")
struct WindowsLineEndsTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-crlf-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    @Test(arguments: [
        ("a\r\nb\r\n", ["a", "b"], "\r\n", false), ("\u{FEFF}a\nb", ["a", "b"], "\n", true),
        ("a\n\r\nb\r", ["a", "", "b"], "\n", false), ("", [], "\n", false), ("\u{FEFF}", [], "\n", true),
    ])
    func linesAreSplitAtEitherEnd(text: String, lines: [String], ending: String, mark: Bool) {
        let parsed = TextLines(text)
        #expect(parsed.lines == lines)
        #expect(parsed.ending == ending)
        #expect(parsed.byteOrderMark == mark)
    }

    @Test func addingToACRLFDictionaryKeepsEveryLineAndReplacesALaterOne() throws {
        let user = folder.appendingPathComponent("user")
        try FileManager.default.createDirectory(at: user, withIntermediateDirectories: true)
        let file = user.appendingPathComponent("en-es.tsv")
        try Data("\u{FEFF}# mine\r\nhello\thola\r\nthank you\tgracias\r\ngood night\tbuenas\r\n".utf8).write(to: file)
        let library = DictionaryLibrary(layers: [.init(origin: .user, folder: user)])
        let pair = LanguagePair(LocaleTag(language: "en"), LocaleTag(language: "es"))
        try library.addUserEntry(DictionaryEntry(source: "good night", target: "buenas noches"), for: pair)
        try library.addUserEntry(DictionaryEntry(source: "yes", target: "sí"), for: pair)
        // Read as bytes: Foundation's String(contentsOf:) drops the mark itself.
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(text == "\u{FEFF}# mine\r\nhello\thola\r\nthank you\tgracias\r\ngood night\tbuenas noches\r\nyes\tsí\r\n",
                "\(text.debugDescription)")
        let entries = try DictionaryFile.read(file).entries
        #expect(entries.first == DictionaryEntry(source: "hello", target: "hola"))
        #expect(entries.filter { $0.source == "good night" }.map(\.target) == ["buenas noches"])
    }

    @Test func addingToACRLFLexiconKeepsEveryLine() throws {
        let file = folder.appendingPathComponent("en.tsv")
        try Data("tomato\ttomahto\r\nSiobhan\tshivawn\r\n".utf8).write(to: file)
        try Lexicon.add(word: "tomato", pronunciation: "tomayto", to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "Siobhan\tshivawn\r\ntomato\ttomayto\r\n")
        #expect(try Lexicon.load(file).lexicon.entries == ["siobhan": "shivawn", "tomato": "tomayto"])
    }

    @Test func aConfigWithCRLFAndAMarkIsReadAsWritten() {
        let config = ConfigFile(parsing: Array("\u{FEFF}[es]\r\nrate = 1.2\r\n[conversation]\r\nendpoint = 0.6\r\n".utf8),
                                path: "config")
        #expect(config.problems == [])
        #expect(config.value("rate", in: "es") == "1.2")
        #expect(config.endpoint == .after(seconds: 0.6))
    }

    @Test func aDictionaryWithAMarkKeepsItsFirstPhraseClean() {
        let parsed = DictionaryFile.parse(bytes: Array("\u{FEFF}hello\thola\r\n".utf8), path: "x")
        #expect(parsed.entries == [DictionaryEntry(source: "hello", target: "hola")])
        #expect(LanguagePackReader.entries(of: "\u{FEFF}uno\r\ndos\r\n").map(\.text) == ["uno", "dos"])
    }
}
