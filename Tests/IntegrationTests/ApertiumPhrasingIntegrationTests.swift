import Foundation
import Testing
@testable import ParleyKit

/// What the Apertium translator adds to raw Apertium on recognised speech (lower case, no
/// punctuation), with the shipped phrasebooks.
@Suite("Apertium translator: phrasebook edges, please, questions, names")
struct ApertiumPhrasingIntegrationTests {
    func tag(_ text: String) -> LocaleTag { try! LocaleTag(parsing: text) }

    func translator(userEntries: [(String, String)] = []) throws -> ApertiumTranslator {
        guard !userEntries.isEmpty else { return AutoTranslatorIntegrationTests.shippedApertium }
        let user = FileManager.default.temporaryDirectory.appendingPathComponent("parley-phrasing-\(UUID())")
        let library = DictionaryLibrary(layers: [.init(origin: .user, folder: user),
                                                 .init(origin: .phrasebook, folder: AutoTranslatorIntegrationTests.shipped)])
        for (phrase, translation) in userEntries {
            try library.addUserEntry(DictionaryEntry(source: phrase, target: translation), for: LanguagePair("en", "es"))
        }
        return ApertiumTranslator(library: library)
    }

    @Test(arguments: [
        // A greeting keeps its phrasebook form and the question after it gets its marks.
        ("good morning the dog eats bread", "Buenos días, el perro come pan.", [TranslationOrigin.phrasebook, .engine]),
        ("hello where is the dog", "Hola, ¿dónde está el perro?", [.phrasebook, .phrasebook, .engine]),
        // please is "por favor", at the end, never the verb "complacer".
        ("the dog eats bread please", "El perro come pan, por favor.", [.engine, .phrasebook]),
        ("could you please call a taxi", "¿Podría llamar a un taxi, por favor?", [.engine, .phrasebook]),
        // Question words make a question, with or without a full stop.
        ("where is the dog.", "¿Dónde está el perro?", [.phrasebook, .engine]),
        ("which bus goes to the airport", "¿Qué autobús va al aeropuerto?", [.phrasebook, .engine]),
        // Names the recogniser wrote in lower case are capitalised, so Apertium knows them.
        ("i live in seoul with maria", "Vivo en Seúl con Maria.", [.phrasebook, .engine]),
        // A sentence fragment from the phrasebook joins the rest of its sentence.
        ("i am from korea", "Soy de Corea.", [.phrasebook, .engine]),
        // ... and Spanish contracts where the two meet.
        ("how do i get to the museum", "¿Cómo llego al museo?", [.phrasebook, .engine]),
        // Yes and no stand apart from what follows them.
        ("no i do not want it", "No, no lo quiero.", [.phrasebook, .engine]),
        // A statement's full stop counts the words of its openings too.
        ("sorry i do not understand", "Lo siento, no entiendo.", [.phrasebook, .phrasebook]),
        // A phrase that goes on into the sentence is not cut off with a comma.
        ("i need a doctor now", "Necesito un médico ahora.", [.phrasebook, .engine]),
        // A typed name keeps its capital after an opening.
        ("hello Xavier is here", "Hola, Xavier está aquí.", [.phrasebook, .engine]),
    ])
    func englishToSpanish(_ heard: String, _ expected: String, _ origins: [TranslationOrigin]) throws {
        let result = try translator().translate(heard, from: tag("en"), to: tag("es"))
        #expect(result.text == expected)
        #expect(result.segments.map(\.origin) == origins)
        #expect(!result.text.lowercased().contains("complac"))
    }

    @Test(arguments: [
        ("por qué no vienes", "?"),
        ("buenos días dónde está la estación", "Good morning, where"),
        ("me llamo juan y vivo en madrid", "Juan"),
        // The phrasebook's own question mark survives after a greeting; its English i is I.
        ("hola puedo pagar con tarjeta", "Hello, can I pay by card?"),
        // An opening interjection does not hide the question after it.
        ("perdone dónde está el hospital", "?"),
    ])
    func spanishToEnglish(_ heard: String, _ contained: String) throws {
        let result = try translator().translate(heard, from: tag("es"), to: tag("en"))
        #expect(result.text.contains(contained), "\(result.text)")
        #expect(result.unknownWords.isEmpty)
    }

    @Test func sentencesAreStyledOneByOne() throws {
        let result = try translator().translate("the dog eats bread. where is the cat", from: tag("en"), to: tag("es"))
        #expect(result.text == "El perro come pan. ¿Dónde está el gato?")
    }

    @Test func userEntriesWinInsideASentenceAndUnknownWordsStayMarked() throws {
        let translator = try translator(userEntries: [("blue house", "casa azul")])
        let result = try translator.translate("the dog eats in the blue house with xyzzy", from: tag("en"), to: tag("es"))
        #expect(result.segments.map(\.origin).contains(.user))
        #expect(result.text.contains("casa azul"))
        #expect(result.unknownWords == ["xyzzy"])
        #expect(result.markedText.contains("[xyzzy]"))
    }

    @Test func aNameTheUserAddedKeepsItsCapitalsInsideASentence() throws {
        let translator = try translator(userEntries: [("minji", "Minji")])
        let result = try translator.translate("i live with minji in seoul", from: tag("en"), to: tag("es"))
        #expect(result.text.contains("Minji"), "\(result.text)")
        #expect(result.text.contains("Seúl"))
        #expect(result.segments.map(\.origin).contains(.user))
    }

    @Test func protectedSpansCutOnlyAtTheEdges() {
        let protector = ProtectedSpans(tables: [(.phrasebook, {
            var table = PhraseTable()
            table.insert(source: "good morning", target: "Buenos días")
            table.insert(source: "how much", target: "¿Cuánto?")
            table.insert(source: "please", target: "por favor")
            table.insert(source: "the dog", target: "el perro")
            return table
        }())], pack: .named("en"), forms: DirectionForms(), morphology: LttoolboxMorphology())
        let cut = protector.cut(["good", "morning", "how", "much", "is", "the", "dog", "please"])
        #expect(cut.leading == [.fixed(source: "good morning", target: "Buenos días", origin: .phrasebook)])
        #expect(cut.middle == [.engine(["how", "much", "is", "the", "dog"])])
        #expect(cut.trailing == [.fixed(source: "please", target: "por favor", origin: .phrasebook)])
        let long = String(repeating: "x", count: 50)
        #expect(protector.cut(["the", long, "dog"]).middle
                == [.engine(["the"]), .fixed(source: long, target: long, origin: .passthrough), .engine(["dog"])])
    }
}

@Suite("Apertium translator: please beside user entries")
struct ApertiumMovedPleaseTests {
    @Test(arguments: [
        ("minji please minji the dog eats bread", "el perro come pan"),
        ("please minji the dog eats bread", "el perro come pan"),
        ("the dog please eats minji bread", "el perro come"),
        ("the dog eats bread please minji", "el perro come pan"),
    ])
    func theEngineGetsTheRightWords(_ heard: String, _ expected: String) throws {
        let user = FileManager.default.temporaryDirectory.appendingPathComponent("parley-moved-\(UUID())")
        let library = DictionaryLibrary(layers: [.init(origin: .user, folder: user),
                                                 .init(origin: .phrasebook, folder: AutoTranslatorIntegrationTests.shipped)])
        try library.addUserEntry(DictionaryEntry(source: "minji", target: "Minji"), for: LanguagePair("en", "es"))
        let english = LocaleTag(language: "en", region: "US"), spanish = LocaleTag(language: "es", region: "ES")
        let result = try ApertiumTranslator(library: library).translate(heard, from: english, to: spanish)
        #expect(result.text.lowercased().contains(expected), "\(result.text)")
        #expect(result.text.contains("por favor"))
        #expect(result.segments.filter { $0.origin == .user }.count == heard.split(separator: " ").filter { $0 == "minji" }.count)
        #expect(result.unknownWords.isEmpty, "\(result.segments)")
    }
}
