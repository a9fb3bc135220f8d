import Foundation
import Testing
@testable import ParleyKit

/// Patterns through the dictionary translator: written in a fixture's files, and the
/// shipped phrasebooks' own.
@Suite("Phrasebook patterns in translation")
struct PatternTranslationTests {
    func tag(_ text: String) -> LocaleTag { try! LocaleTag(parsing: text) }

    static let phrasebook = """
        where is {X}\t¿Dónde está {X}?
        where is the bathroom\t¿Dónde está el baño?
        how much does {X} cost\t¿Cuánto cuesta {X}?
        how much do {X} cost\t¿Cuánto cuestan {X}?
        i need {X}\tNecesito {X}.
        i need {X} now\tNecesito {X} ahora.
        we would like {X:to}\tNos gustaría {X}.
        from {X} to {Y}\tde {X} a {Y}
        the station\tla estación
        station\testación
        the bathroom\tel baño
        these\testos
        shoes\tzapatos
        doctor\tmédico
        a\tun
        """

    func translate(_ text: String, _ from: String = "en", _ to: String = "es",
                   user: String? = nil) throws -> Translation {
        let fixture = try DictionaryFixture(files: ["en-es.tsv": Self.phrasebook])
        if let user { try fixture.write("en-es.tsv", user, layer: "user") }
        return try DictionaryTranslator(library: fixture.library).translate(text, from: tag(from), to: tag(to))
    }

    @Test("a pattern takes the utterance; its slot is translated on its own", arguments: [
        ("where is the station", "¿Dónde está la estación?"),
        ("Where is the station?", "¿Dónde está la estación?"),
        ("how much do these shoes cost", "¿Cuánto cuestan estos zapatos?"),
        ("how much does the station cost", "¿Cuánto cuesta la estación?"),
        ("i need a doctor", "Necesito un médico."),
        ("from the station to the bathroom", "De la estación al baño."),
    ])
    func slots(text: String, expected: String) throws {
        #expect(try translate(text).text == expected)
    }

    @Test func anExactEntryWinsOverAPattern() throws {
        let exact = try translate("where is the bathroom")
        #expect(exact.text == "¿Dónde está el baño?")
        #expect(exact.segments.count == 1)
    }

    @Test func moreLiteralWordsWinAndTheUsersPatternsWinOverThePhrasebooks() throws {
        #expect(try translate("i need a doctor now").text == "Necesito un médico ahora.")
        #expect(try translate("where is the station", user: "where is {X}\t¿Dónde queda {X}?\n").text
                == "¿Dónde queda la estación?")
    }

    @Test func theSegmentsSayWhoTranslatedWhatAndUnknownWordsStayMarked() throws {
        let result = try translate("where is xyzzy")
        #expect(result.text == "¿Dónde está xyzzy?")
        #expect(result.markedText == "¿Dónde está [xyzzy]?")
        #expect(result.unknownWords == ["xyzzy"])
        // The template's closing mark alone is no segment.
        #expect(result.segments.map(\.origin) == [.phrasebook, .passthrough])
    }

    @Test("utterances no pattern takes", arguments: [
        "where is the station, and how far is it",   // two phrases
        "i need a very big and heavy old suitcase",   // a slot of more than five words
        "we would like to book a room",               // a verb after `to`
    ])
    func notTaken(text: String) throws {
        let result = try translate(text)
        #expect(!result.segments.contains { $0.origin == .phrasebook && $0.target.hasPrefix("Necesito") })
        #expect(!result.text.hasPrefix("¿Dónde está") && !result.text.hasPrefix("Nos gustaría"))
    }

    @Test("read backwards, for the direction the file does not name", arguments: [
        ("dónde está la estación", "Where is the station?"),
        ("cuánto cuestan estos zapatos", "How much do these shoes cost?"),
        ("nos gustaría un médico", "We would like a doctor."),
    ])
    func backwards(text: String, expected: String) throws {
        #expect(try translate(text, "es", "en").text == expected)
    }

    @Test func aKeyWrittenAsAQuestionTakesOnlyAQuestion() throws {
        let fixture = try DictionaryFixture(files: ["en-es.tsv": "do you have {X}\t¿Tiene {X}?\nwater\tagua\n"])
        let translator = DictionaryTranslator(library: fixture.library)
        #expect(try translator.translate("¿tiene agua?", from: tag("es"), to: tag("en")).text == "Do you have water?")
        #expect(try translator.translate("tiene que pagar", from: tag("es"), to: tag("en")).segments.first?.target
                != "do you have")
    }

    static let articles = """
        i am allergic to {X}\tSoy alérgico a {X|el}.
        shellfish\tmarisco
        penicillin\tpenicilina
        nuts\tfrutos secos
        my\tmi
        cat\tgato
        """

    @Test("{X|el}: Spanish says the article English leaves out, and reads it as the pattern's", arguments: [
        ("en", "es", "i am allergic to shellfish", "Soy alérgico al marisco."),
        ("en", "es", "i am allergic to penicillin", "Soy alérgico a la penicilina."),
        ("en", "es", "i am allergic to nuts", "Soy alérgico a los frutos secos."),
        ("en", "es", "i am allergic to my cat", "Soy alérgico a mi gato."),
        ("es", "en", "soy alérgico al marisco", "I am allergic to shellfish."),
        ("es", "en", "soy alérgico a la penicilina", "I am allergic to penicillin."),
    ])
    func articles(from: String, to: String, text: String, expected: String) throws {
        let fixture = try DictionaryFixture(files: ["en-es.tsv": Self.articles])
        let result = try DictionaryTranslator(library: fixture.library).translate(text, from: tag(from), to: tag(to))
        #expect(result.text == expected)
    }

    @Test func aSubjectKeepsItsArticleEitherWay() throws {
        let fixture = try DictionaryFixture(files: ["en-es.tsv": "{X} does not work\t{X|el} no funciona.\nwifi\twifi\nthe\tel\nshower\tducha\n"])
        let translator = DictionaryTranslator(library: fixture.library)
        #expect(try translator.translate("wifi does not work", from: tag("en"), to: tag("es")).text == "El wifi no funciona.")
        #expect(try translator.translate("the shower does not work", from: tag("en"), to: tag("es")).text == "La ducha no funciona.")
        #expect(try translator.translate("el wifi no funciona", from: tag("es"), to: tag("en")).text == "The wifi does not work.")
    }

    // MARK: The shipped phrasebooks

    @Test("shipped patterns, dictionary translator", arguments: [
        ("en", "ko", "where is the museum", "박물관이 어디예요?"),
        ("en", "ko", "please take me to the airport", "공항으로 가 주세요."),
        ("en", "ko", "i lost my passport", "여권을 잃어버렸어요"),
        ("en", "ko", "what time does the bank open", "은행은 몇 시에 열어요?"),
        ("en", "ko", "can i pay by credit card", "신용카드로 계산할 수 있어요?"),
        ("en", "ko", "my name is minji", "제 이름은 [minji]이에요."),
        ("ko", "en", "박물관 이 어디 예요", "Where is the museum?"),
        ("ko", "en", "공항으로 가 주세요", "Take me to the airport."),
        ("ko", "en", "여권을 잃어버렸어요", "I lost my passport."),
        ("en", "es", "how much does the ticket cost", "¿Cuánto cuesta el billete?"),
        ("en", "es", "i am allergic to shellfish", "Soy alérgico al marisco."),
        ("es", "en", "¿dónde está la estación?", "Where is the station?"),
    ])
    func shipped(from: String, to: String, text: String, expected: String) throws {
        let result = try DictionaryTranslatorTests.shipped.translate(text, from: tag(from), to: tag(to))
        #expect(result.markedText == expected)
    }

    @Test func aSlotWithNothingToSayLeavesTheUtteranceToTheWords() throws {
        // `좀` softens a request and is not said: `{X} 주세요` would have an empty slot.
        let result = try DictionaryTranslatorTests.shipped.translate("좀 주세요", from: tag("ko"), to: tag("en"))
        #expect(result.text == "Please")
    }

    @Test("clock times inside sentences, dictionary translator", arguments: [
        ("en", "es", "we meet at half past nine", "las nueve y media"),
        ("en", "ko", "the bus leaves at half past nine", "아홉 시 반에"),
        ("ko", "en", "아홉 시 반에 출발해요", "At half past nine"),
        ("es", "en", "son las cinco y media", "It is half past five"),
    ])
    func times(from: String, to: String, text: String, contained: String) throws {
        let result = try DictionaryTranslatorTests.shipped.translate(text, from: tag(from), to: tag(to))
        #expect(result.text.contains(contained), "\(result.text)")
    }
}
