import Foundation
import Testing
@testable import ParleyKit

@Suite("Apertium backend (apertium-eng-spa)")
struct ApertiumIntegrationTests {
    func tag(_ text: String) -> LocaleTag { try! LocaleTag(parsing: text) }

    @Test func translatesManySentencesThroughOneProcess() throws {
        let translator = ApertiumTranslator()
        #expect(translator.installedModes().contains("eng-spa"))
        let first = try translator.translate("the dog eats bread", from: tag("en"), to: tag("es"))
        #expect(first.text == "El perro come pan.")
        #expect(first.segments.map(\.origin) == [.engine])
        let process = try #require(translator.processIdentifiers["eng-spa"])
        for sentence in ["i would like two coffees", "the house is big", "where is the station", "the cat sleeps"] {
            let result = try translator.translate(sentence, from: tag("en"), to: tag("es"))
            #expect(!result.text.isEmpty)
        }
        #expect(try translator.translate("the dog eats bread", from: tag("en"), to: tag("es")).text == "El perro come pan.")
        #expect(translator.processIdentifiers["eng-spa"] == process)
    }

    @Test func unknownWordsPassThroughMarkedAndQuestionsGetSpanishMarks() throws {
        let translator = ApertiumTranslator()
        let result = try translator.translate("where is the xyzzy", from: tag("en"), to: tag("es"))
        #expect(result.unknownWords == ["xyzzy"])
        #expect(result.markedText.hasPrefix("¿"))
        #expect(result.markedText.hasSuffix("[xyzzy]?"))
        #expect(result.text.contains("xyzzy"))
        #expect(!result.text.contains("*"))
    }

    @Test func phrasebookAndUserEntriesWinExactMatches() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parley-apertium-\(UUID())")
        let shipped = root.appendingPathComponent("shipped")
        try FileManager.default.createDirectory(at: shipped, withIntermediateDirectories: true)
        try "the dog eats bread\tEl perro desayuna.\n".write(to: shipped.appendingPathComponent("en-es.tsv"),
                                                          atomically: true, encoding: .utf8)
        let library = DictionaryLibrary(layers: [.init(origin: .user, folder: root.appendingPathComponent("user")),
                                                 .init(origin: .phrasebook, folder: shipped)])
        try library.addUserEntry(DictionaryEntry(source: "hello there", target: "¡Hola, hola!"), for: LanguagePair("en", "es"))
        let translator = ApertiumTranslator(library: library)
        let phrase = try translator.translate("the dog eats bread", from: tag("en"), to: tag("es"))
        #expect(phrase.text == "El perro desayuna.")
        #expect(phrase.segments.first?.origin == .phrasebook)
        #expect(try translator.translate("hello there", from: tag("en"), to: tag("es")).segments.first?.origin == .user)
        #expect(try translator.translate("the dog eats", from: tag("en"), to: tag("es")).segments.first?.origin == .engine)
    }

    @Test func aPairWithoutAModeSaysWhichModesExist() {
        #expect {
            try ApertiumTranslator().translate("hello world", from: tag("en"), to: tag("ko"))
        } throws: { error in
            let message = (error as? ParleyError)?.message ?? ""
            return message.contains("Apertium cannot translate en→ko") && message.contains("eng-spa")
        }
    }

    @Test func specialCharactersSurviveTheStreamFormat() throws {
        let result = try ApertiumTranslator().translate("the price is $5 / 10 ^ @", from: tag("en"), to: tag("es"))
        #expect(result.text.contains("$5"))
        #expect(result.text.contains("/"))
    }
}
