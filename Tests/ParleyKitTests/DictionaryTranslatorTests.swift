import Foundation
import Testing
@testable import ParleyKit
import ParleyKitTesting

/// Dictionary folders written by a test, removed by nobody: each test gets its own.
struct DictionaryFixture {
    let root: URL

    init(files: [String: String] = [:], layer: String = "shipped") throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("parley-dict-\(UUID())")
        for (name, contents) in files {
            try write(name, contents, layer: layer)
        }
    }

    func write(_ name: String, _ contents: String, layer: String = "shipped") throws {
        let folder = root.appendingPathComponent(layer)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try contents.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// The folders as a library whose languages have no analyser (as without Apertium).
    var library: DictionaryLibrary { library(asking: InMemoryMorphology()) }

    /// The folders as a library whose rules ask `morphology` about words.
    func library(asking morphology: any ParleyKit.Morphology) -> DictionaryLibrary {
        DictionaryLibrary(layers: [
            .init(origin: .user, folder: root.appendingPathComponent("user")),
            .init(origin: .phrasebook, folder: root.appendingPathComponent("shipped")),
            .init(origin: .dictionary, folder: root.appendingPathComponent("imported")),
        ], morphology: morphology)
    }
}

@Suite("Dictionary translation")
struct DictionaryTranslatorTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// The shipped phrasebooks, with what lt-proc answered for the words the tests ask about.
    static let shipped = DictionaryTranslator(library: DictionaryLibrary(layers: [
        .init(origin: .phrasebook, folder: checkout.appendingPathComponent("dictionaries")),
    ], morphology: InMemoryMorphology.recorded("shipped-morphology.tsv")))

    func tag(_ text: String) -> LocaleTag { try! LocaleTag(parsing: text) }

    @Test("shipped phrasebooks, both directions", arguments: [
        ("en", "es", "where is the bathroom", "¿Dónde está el baño?"),
        ("en", "es", "Where is the bathroom?", "¿Dónde está el baño?"),
        ("en", "es", "thank you very much", "Muchas gracias"),
        ("en", "es", "how much is the ticket", "¿Cuánto cuesta el billete?"),
        ("en", "es", "where is the hotel please", "¿Dónde está el hotel por favor?"),
        ("en", "es", "i have 3 children", "Tengo 3 niños."),
        ("en", "es", "twenty euros", "Veinte euros"),
        ("en", "es", "i need a doctor now", "Necesito un médico ahora."),
        ("es", "en", "dónde está el baño", "Where is the bathroom?"),
        ("es", "en", "muchas gracias", "Thank you very much."),
        ("es", "en", "necesito un médico por favor", "I need a doctor please."),
        ("en", "ko", "where is the subway station", "지하철역이 어디예요?"),
        ("ko", "en", "화장실이 어디예요", "Where is the bathroom?"),
        ("en-US", "es-ES", "good morning", "Buenos días"),
        // A sentence that is a whole short entry keeps its full stop among others.
        ("en", "es", "good morning. thank you very much.", "Buenos días. Muchas gracias."),
        ("en", "es", "thank you very much. where is the bathroom?", "Muchas gracias. ¿Dónde está el baño?"),
    ])
    func phrases(from: String, to: String, text: String, expected: String) throws {
        #expect(try Self.shipped.translate(text, from: tag(from), to: tag(to)).text == expected)
    }

    @Test func phrasebooksHaveTheAdvertisedSize() throws {
        let library = DictionaryLibrary(layers: [.init(origin: .phrasebook,
                                                       folder: Self.checkout.appendingPathComponent("dictionaries"))])
        #expect(library.tables(for: LanguagePair("en", "es")).first!.1.count >= 400)
        #expect(library.tables(for: LanguagePair("en", "ko")).first!.1.count >= 600)
        #expect(library.takeWarnings().isEmpty)
    }

    /// Each phrasebook line is used: the tables keep the first line of a key, so a line
    /// whose phrase is already written serves only the reverse direction, under its
    /// translation's key (`how are you → ¿Qué tal?` after `how are you → ¿Cómo estás?`),
    /// and a line whose two sides are both written already serves neither.
    @Test("phrasebook files: every line parses and serves a direction", arguments: ["en-es.tsv", "en-ko.tsv"])
    func phrasebookLinesAreDistinct(file: String) throws {
        let url = Self.checkout.appendingPathComponent("dictionaries").appendingPathComponent(file)
        let (entries, issues) = try DictionaryFile.read(url)
        #expect(issues.isEmpty)
        var phrases = Set<String>(), translations = Set<String>()
        let unused = entries.filter { entry in
            let newPhrase = phrases.insert(PhraseText.key(entry.source)).inserted
            let newTranslation = translations.insert(PhraseText.key(entry.target)).inserted
            return !newPhrase && !newTranslation
        }.map { "\($0.source) → \($0.target)" }
        #expect(unused.isEmpty)
        if file == "en-ko.tsv" { #expect(entries.count >= 600) }
    }

    @Test func longestMatchWinsOverShorterOverlappingEntries() throws {
        let fixture = try DictionaryFixture(files: ["en-es.tsv": """
            good\tbueno
            morning\tmañana
            good morning\tbuenos días
            good morning sunshine\tbuenos días, solecito
            very\tmuy
            """])
        let translator = DictionaryTranslator(library: fixture.library)
        let result = try translator.translate("very good morning", from: tag("en"), to: tag("es"))
        #expect(result.segments.map(\.target) == ["muy", "buenos días"])
        #expect(result.text == "Muy buenos días.")
        let longer = try translator.translate("good morning sunshine very", from: tag("en"), to: tag("es"))
        #expect(longer.segments.map(\.source) == ["good morning sunshine", "very"])
    }

    @Test func unknownWordsPassThroughMarkedAndNumbersStay() throws {
        let fixture = try DictionaryFixture(files: ["en-es.tsv": "the\tel\ncat\tgato\n"])
        let result = try DictionaryTranslator(library: fixture.library)
            .translate("the cat ate 12 zorbles", from: tag("en"), to: tag("es"))
        #expect(result.segments.map(\.origin) == [.phrasebook, .phrasebook, .passthrough, .number, .passthrough])
        #expect(result.unknownWords == ["ate", "zorbles"])
        #expect(result.text == "El gato ate 12 zorbles.")
        #expect(result.markedText == "El gato [ate] 12 [zorbles].")
    }

    @Test func reverseDirectionIsDerivedKeepingQuestionMarks() throws {
        let fixture = try DictionaryFixture(files: ["en-es.tsv": "where is the bank\t¿Dónde está el banco?\nbank\tbanco\n"])
        let translator = DictionaryTranslator(library: fixture.library)
        #expect(try translator.translate("dónde está el banco", from: tag("es"), to: tag("en")).text
                == "Where is the bank?")
        let word = try translator.translate("banco", from: tag("es"), to: tag("en"))
        #expect(word.text == "Bank")
        #expect(word.segments.first?.origin == .phrasebook)
    }

    @Test func layersAreSearchedUserFirstThenPhrasebookThenImported() throws {
        let fixture = try DictionaryFixture(files: ["en-es.tsv": "car\tcoche\n"])
        try fixture.write("en-es.tsv", "car\tauto\nhouse\tcasa\n", layer: "imported")
        let library = fixture.library
        let translator = DictionaryTranslator(library: library)
        var result = try translator.translate("car house", from: tag("en"), to: tag("es"))
        #expect(result.segments.map(\.origin) == [.phrasebook, .dictionary])
        #expect(result.text == "Coche casa")
        try library.addUserEntry(DictionaryEntry(source: "car", target: "carro"), for: LanguagePair("en", "es"))
        result = try translator.translate("car house", from: tag("en"), to: tag("es"))
        #expect(result.segments.map(\.origin) == [.user, .dictionary])
        #expect(result.text == "Carro casa")
    }

    /// The FreeDict imports setup makes for every user (the shipped folder's `imported/`)
    /// serve anyone, after the user's own imports; `parley dict import` still writes the user's.
    @Test func importsSharedWithTheShippedDataServeEveryUserAfterTheirOwn() throws {
        let fixture = try DictionaryFixture(files: ["en-es.tsv": "hello\thola\n"])
        try fixture.write("en-es.tsv", "car\tcoche\nhouse\tcasa\n", layer: "shipped/imported")
        try fixture.write("en-es.tsv", "car\tauto\n", layer: "home/parley/dictionaries/imported")
        let paths = DataPaths(environment: ["HOME": fixture.root.path,
                                            "XDG_DATA_HOME": fixture.root.appendingPathComponent("home").path,
                                            "PARLEY_DICTIONARIES": fixture.root.appendingPathComponent("shipped").path])
        let library = DictionaryLibrary(paths: paths)
        #expect(library.importedFolder == paths.userDictionaries.appendingPathComponent("imported"))
        let result = try DictionaryTranslator(library: library).translate("hello car house", from: tag("en"), to: tag("es"))
        #expect(result.segments.map(\.origin) == [.phrasebook, .dictionary, .dictionary])
        #expect(result.text == "Hola auto casa.")
    }

    @Test func userEntriesSurviveARestartAndReplaceEarlierOnes() throws {
        let fixture = try DictionaryFixture()
        let pair = LanguagePair("en", "es")
        try fixture.library.addUserEntry(DictionaryEntry(source: "Good Morning!", target: "buen día"), for: pair)
        try fixture.library.addUserEntry(DictionaryEntry(source: "good morning", target: "buenos días"), for: pair)
        try fixture.library.addUserEntry(DictionaryEntry(source: "night", target: "noche"), for: pair)
        // A new library is a restarted parley: it reads the file again.
        let restarted = DictionaryTranslator(library: fixture.library)
        #expect(try restarted.translate("good morning", from: tag("en"), to: tag("es")).text == "Buenos días")
        let file = try String(contentsOf: fixture.root.appendingPathComponent("user/en-es.tsv"), encoding: .utf8)
        #expect(file.components(separatedBy: "\n").filter { $0.contains("\t") }.count == 2)
        #expect(try !FileManager.default.contentsOfDirectory(atPath: fixture.root.appendingPathComponent("user").path)
            .contains { $0.hasSuffix(".tmp") })
    }

    @Test func aPhraseStartingWithAHashIsAnEntryNotAComment() throws {
        let fixture = try DictionaryFixture()
        let pair = LanguagePair("en", "es")
        try fixture.library.addUserEntry(DictionaryEntry(source: "#hashtag", target: "etiqueta"), for: pair)
        try fixture.library.addUserEntry(DictionaryEntry(source: "#hashtag", target: "almohadilla"), for: pair)
        let restarted = DictionaryTranslator(library: fixture.library)
        #expect(try restarted.translate("#hashtag", from: tag("en"), to: tag("es")).text == "Almohadilla")
        let file = try String(contentsOf: fixture.root.appendingPathComponent("user/en-es.tsv"), encoding: .utf8)
        #expect(file.components(separatedBy: "\n").filter { $0.contains("\t") } == [" #hashtag\talmohadilla"])
    }

    @Test func malformedLinesAreReportedWithTheirLineNumbersAndTheRestLoads() throws {
        let fixture = try DictionaryFixture(files: ["en-es.tsv": """
            # a comment
            hello\thola
            no tab here
            \tempty phrase
            bye\t
            a\tb\tc
            cat\tgato
            """])
        let library = fixture.library
        let result = try DictionaryTranslator(library: library).translate("hello cat", from: tag("en"), to: tag("es"))
        #expect(result.text == "Hola gato")
        let warnings = library.takeWarnings()
        #expect(warnings.count == 4)
        #expect(warnings[0].hasSuffix("en-es.tsv:3: no tab between the phrase and its translation; line skipped"))
        #expect(warnings[1].contains("en-es.tsv:4: the phrase is empty"))
        #expect(warnings[2].contains("en-es.tsv:5: the translation is empty"))
        #expect(warnings[3].contains("en-es.tsv:6: 2 tabs"))
    }

    @Test func binaryFilesAreRefusedAndAMissingPairNamesWhatExists() throws {
        let fixture = try DictionaryFixture(files: ["en-es.tsv": "hello\thola\n"])
        try fixture.write("en-de.tsv", "hello\u{0}\u{1}\u{2}")
        let library = fixture.library
        let translator = DictionaryTranslator(library: library)
        #expect {
            try translator.translate("hello", from: tag("en"), to: tag("de"))
        } throws: { error in
            let message = (error as? ParleyError)?.message ?? ""
            return message.contains("No dictionary for en→de") && message.contains("en→es")
        }
        #expect(library.takeWarnings().contains { $0.contains("is a binary file") })
        #expect {
            try translator.translate("hello", from: tag("en"), to: tag("fr"))
        } throws: { error in
            (error as? ParleyError)?.message.contains("Available: de→en, en→de, en→es, es→en") == true
        }
    }

    @Test("sentence style", arguments: [
        ("es", SentenceStyle.Mood.question, "dónde está", "¿Dónde está?"),
        ("es", .exclamation, "qué bonito", "¡Qué bonito!"),
        ("en", .question, "where is it", "Where is it?"),
        ("en", .statement, "hello", "Hello"),
        ("en", .statement, "i am here", "I am here."),
        ("es", .question, "¿Puedo", "¿Puedo?"),
    ])
    func sentenceStyle(language: String, mood: SentenceStyle.Mood, body: String, expected: String) {
        #expect(SentenceStyle.sentence(body, mood: mood, pack: .named(language)) == expected)
    }
}
