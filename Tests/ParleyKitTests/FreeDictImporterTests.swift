import Foundation
import Testing
@testable import ParleyKit

@Suite("FreeDict (dictd) import")
struct FreeDictImporterTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/freedict-eng-nld.index")

    @Test func importsTheFirstSenseOfEachHeadword() throws {
        let result = try FreeDictImporter.read(index: Self.fixture)
        #expect(result.pair == LanguagePair("en", "nl"))
        let translations = Dictionary(uniqueKeysWithValues: result.entries.map { ($0.source, $0.target) })
        #expect(translations == ["cat": "kat", "dog": "hond", "good morning": "goedemorgen", "house": "huis",
                                 "thank you": "dank je wel", "water": "water"])
        #expect(result.skipped.map(\.line) == [6])
    }

    @Test func importedEntriesTranslateAsTheDictionaryLayer() throws {
        let fixture = try DictionaryFixture()
        let library = fixture.library
        let result = try FreeDictImporter.read(index: Self.fixture)
        try library.installImported(result.entries, for: result.pair, from: Self.fixture.lastPathComponent)
        let translation = try DictionaryTranslator(library: library)
            .translate("good morning dog", from: LocaleTag(parsing: "en"), to: LocaleTag(parsing: "nl"))
        #expect(translation.text == "Goedemorgen hond")
        #expect(translation.segments.map(\.origin) == [.dictionary, .dictionary])
        // The reverse direction is derived from the imported file.
        let back = try DictionaryTranslator(library: library)
            .translate("hond", from: LocaleTag(parsing: "nl"), to: LocaleTag(parsing: "en"))
        #expect(back.text == "Dog")
    }

    @Test("dictd base-64 numbers", arguments: [("A", 0), ("B", 1), ("BA", 64), ("EFb", 16731), ("/", 63)])
    func decodesNumbers(text: String, value: Int) {
        #expect(FreeDictImporter.decodeNumber(Substring(text)) == value)
    }

    @Test("language pairs from file names", arguments: [
        ("freedict-eng-spa.index", "en", "es"), ("freedict-spa-eng.index", "es", "en"), ("deu-fra.index", "de", "fr"),
    ])
    func pairFromName(name: String, source: String, target: String) {
        #expect(FreeDictImporter.pairFromFileName(name) == LanguagePair(source, target))
    }

    @Test func missingDataFileAndUnnamedLanguagesAreClearErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-dictd-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lonely = folder.appendingPathComponent("freedict-eng-nld.index")
        try "dog\tA\tB\n".write(to: lonely, atomically: true, encoding: .utf8)
        #expect { try FreeDictImporter.read(index: lonely) } throws: {
            ($0 as? ParleyError)?.message.contains("expected freedict-eng-nld.dict.dz") == true
        }
        let unnamed = folder.appendingPathComponent("words.index")
        try "dog\tA\tB\n".write(to: unnamed, atomically: true, encoding: .utf8)
        #expect { try FreeDictImporter.read(index: unnamed) } throws: {
            ($0 as? ParleyError)?.message.contains("Name them with --from and --to") == true
        }
        let corrupt = folder.appendingPathComponent("freedict-eng-fra.index")
        try "dog\tA\tB\n".write(to: corrupt, atomically: true, encoding: .utf8)
        try Data("not gzip at all".utf8).write(to: folder.appendingPathComponent("freedict-eng-fra.dict.dz"))
        #expect { try FreeDictImporter.read(index: corrupt) } throws: {
            ($0 as? ParleyError)?.message.contains("is not a valid dictzip/gzip file") == true
        }
    }
}
