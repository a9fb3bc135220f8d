import Foundation
import Testing
@testable import ParleyKit
import ParleyKitTesting

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

/// FreeDict eng-spa as Debian ships it indexes compounds and names under their first word
/// and glues multi-word translations together; these fixtures copy its shapes.
@Suite("FreeDict sense choice")
struct FreeDictSenseTests {
    @Test func theWordsOwnEntryWinsOverCompoundsAndNamesIndexedUnderIt() throws {
        let index = try DictdFixture.write([
            ("red", "Red /ridkrɔs/\nCruzRoja\n"), ("red", "red /rid/\nrojo\n"), ("red", "red /ridkʌrənt/\ngrosella\n"),
            ("bank", "bank /bˈaŋk/\nbilletedebanco\n"), ("bank", "bank /bæŋk/\nbanco, escaño\n"),
            ("water", "water /wˈɔːtə/\nacuarela\n"), ("water", "water /wɔːtər/\n1. agua\n2. regar\n"),
            ("near", "near /nˈiə/\nmiope\n"), ("near", "near /niər/\n1. cerca de\n2. entrante, próximo\n"),
            ("madrid", "Madrid /mədrid/\nMadrid\n"),
            ("be", "be /beibltou/\npoder\n"), ("be", "be /bbɔːn/\nnacer\n"),
            ("cow", "cow /kau/\nvaca\n"), ("meat", "meat /miːt/\ncarne\n"), ("beef", "beef /biːf/\ncarnedevaca\n"),
            ("across", "across /əkrɔs/\natravésde\n"), ("through", "through /θruː/\n1. a través de\n"),
            ("holland", "Holland /hɔlənd/\nLosPaísesBajos, Holanda\n"),
            ("tooth", "tooth /tˈuːθ/\ncepillodedientes\n"), ("tooth", "tooth /tˈuːθ/\npastadentrífica\n"),
        ] + (0..<600).map { ("filler\($0)", "filler\($0) /fɪlər/\nrelleno\($0)\n") })
        let result = try FreeDictImporter.read(index: index)
        let translations = Dictionary(uniqueKeysWithValues: result.entries.map { ($0.source, $0.target) })
        #expect(translations["red"] == "rojo")
        #expect(translations["bank"] == "banco")
        #expect(translations["water"] == "agua")
        #expect(translations["near"] == "cerca de")
        #expect(translations["madrid"] == "Madrid")
        #expect(translations["be"] == nil, "every entry under `be` is a longer phrase's")
        #expect(translations["beef"] == "carne de vaca")
        #expect(translations["across"] == "a través de")
        #expect(translations["holland"] == "Holanda")
        // Stress marks are this large file's rare style, its compound remnants: none is used.
        #expect(translations["tooth"] == nil)
    }

    /// A dictd pair saved with CRLF line ends (bodies and index) reads as the LF one does.
    @Test func crlfLineEndsReadAsLF() throws {
        let entries = [("tren", "tren /tɾen/\n1. train\n"), ("rojo", "rojo /roxo/\nred\n")]
        let crlf = try DictdFixture.write(entries.map { ($0.0, $0.1.replacingOccurrences(of: "\n", with: "\r\n")) },
                                  name: "freedict-spa-eng")
        let text = try String(contentsOf: crlf, encoding: .utf8).replacingOccurrences(of: "\n", with: "\r\n")
        try Data(text.utf8).write(to: crlf)
        let translations = Dictionary(uniqueKeysWithValues: try FreeDictImporter.read(index: crlf).entries.map { ($0.source, $0.target) })
        #expect(translations == ["tren": "train", "rojo": "red"])
    }

    @Test func aDictionaryThatMarksStressEverywhereKeepsItsEntries() throws {
        let index = try DictdFixture.write([("tren", "tren /tɾˈen/\n1. train\n"), ("rojo", "rojo /rˈoxo/\nred\n")],
                                   name: "freedict-spa-eng")
        let translations = Dictionary(uniqueKeysWithValues: try FreeDictImporter.read(index: index).entries.map { ($0.source, $0.target) })
        #expect(translations == ["tren": "train", "rojo": "red"])
    }

    @Test("ordinary words that split into other words are not glued", arguments: [
        "encima", "además", "together", "without", "sobremesa", "often",
    ])
    func ordinaryWordsStay(word: String) {
        let vocabulary = ["en", "cima", "a", "de", "más", "to", "get", "her", "with", "out", "sobre", "mesa", "of", "ten"]
        for language in ["es", "en"] {
            let glue = GlueRepair(pack: .named(language), translations: vocabulary)
            #expect(!glue.isGlued(word))
            #expect(glue.repaired(word) == nil)
        }
    }

    @Test("a noun phrase glued around de/of is repaired when one half is known", arguments: [
        ("es", "casadehuéspedes", "casa de huéspedes"), ("es", "recipientedeagua", "recipiente de agua"),
        ("en", "cupoftea", nil), ("en", "glassofwater", "glass of water"), ("en", "postoffice", nil),
        ("es", "salidadelsol", nil),
    ])
    func gluedAroundOf(language: String, token: String, expected: String?) {
        let glue = GlueRepair(pack: .named(language), translations: ["casa", "agua", "glass", "tea", "ciudad", "verdad", "mother", "water", "post", "salida"])
        #expect(glue.repaired(token) == expected)
    }

    @Test("words with de/of inside stay whole", arguments: [("es", "ciudadela"), ("es", "verdadero"), ("es", "comedero"), ("en", "roofing")])
    func wordsWithDeInside(language: String, word: String) {
        let glue = GlueRepair(pack: .named(language), translations: ["ciudad", "verdad", "come", "roof", "ciuda"])
        #expect(!glue.isGlued(word))
    }

    @Test func gluedNamesAreNeverRepairedButSkipped() {
        let glue = GlueRepair(pack: .named("es"), translations: ["cruz", "roja"])
        #expect(glue.isGlued("CruzRoja"))
        #expect(glue.repaired("CruzRoja") == nil)
    }
}

@Suite("Glue found by the analyser")
struct AnalysedGlueTests {
    /// A stand-in analyser: the words it knows, and the phrases it reads as one unit.
    static func analyse(_ lines: [String]) -> [Int]? {
        let words: Set<String> = ["a", "de", "por", "favor", "haz", "el", "en", "estado", "y", "un", "que", "correo", "aéreo",
                                  "tener", "caso", "anualmente", "anual", "mente"]
        let units: Set<String> = ["a través de", "por favor", "tener que"]
        return lines.map { line in
            if units.contains(line) { return 1 }
            let pieces = line.split(separator: " ").map(String.init)
            return pieces.allSatisfy(words.contains) ? pieces.count : 0
        }
    }

    @Test func gluedTokensAreSplitIntoWhatTheAnalyserReads() {
        let glue = AnalysedGlue(tokens: ["atravésde", "porfavor", "enestado", "correoaéreo", "tenerque", "yunque",
                                         "acaso", "anualmente"], pack: .named("es"), analyse: Self.analyse)
        #expect(glue.repaired("atravésde") == "a través de")
        #expect(glue.isSetPhrase("porfavor"))
        #expect(glue.repaired("enestado") == "en estado")
        #expect(glue.repaired("correoaéreo") == "correo aéreo")
        #expect(glue.repaired("tenerque") == "tener que")
        // Known as it stands, or split only into a shape no phrase has: left whole.
        #expect(glue.repaired("anualmente") == nil)
        #expect(glue.repaired("yunque") == nil)
        #expect(glue.repaired("acaso") == nil)
        #expect(!glue.isKnownWord("yunque"))
    }

    @Test func withoutAnAnalyserNothingIsSplit() {
        let glue = AnalysedGlue(tokens: ["atravésde"], pack: .named("es")) { _ in nil }
        #expect(glue.splits.isEmpty)
    }
}


/// A compressed entries file that expands without end (a gzip bomb) is refused at a bound,
/// with the file named, instead of filling memory.
@Suite("FreeDict import bounds")
struct FreeDictImportBoundTests {
    @Test func aGzipBombIsRefusedAtTheBound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bomb-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = folder.appendingPathComponent("bomb.index")
        try Data("word\tA\tB\n".utf8).write(to: index)
        // 8 MiB of zeros, compressed to a few KiB; the bound in this test is 1 MiB.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "head -c 8388608 /dev/zero | gzip -c > '\(folder.path)/bomb.dict.dz'"]
        try shell.run()
        shell.waitUntilExit()
        do {
            _ = try FreeDictImporter.entriesData(besides: index, limit: 1 << 20)
            Issue.record("the bomb was read whole")
        } catch let error as ParleyError {
            #expect(error.message.contains("bomb.dict.dz holds more than 1 MiB of entries"), "\(error.message)")
        }
        // Under the bound it reads as before.
        #expect(try FreeDictImporter.entriesData(besides: index, limit: 16 << 20).count == 8_388_608)
    }
}
