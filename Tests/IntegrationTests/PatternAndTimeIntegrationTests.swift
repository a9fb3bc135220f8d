import Foundation
import Testing
@testable import ParleyKit

/// Phrasebook patterns and clock times through the default translator and real Apertium,
/// with the shipped phrasebooks and language packs: what users said and got wrong before.
@Suite("Default translator: phrasebook patterns and clock times")
struct PatternAndTimeIntegrationTests {
    func tag(_ text: String) -> LocaleTag { try! LocaleTag(parsing: text) }

    static let translator = AutoTranslator(library: DictionaryLibrary(layers: [
        .init(origin: .phrasebook, folder: AutoTranslatorIntegrationTests.shipped)]))

    func translate(_ text: String, _ from: String, _ to: String) throws -> Translation {
        try Self.translator.translate(text, from: tag(from), to: tag(to))
    }

    @Test("patterns: the slot through Apertium, the frame from the phrasebook", arguments: [
        // "¿Cuánto estos calza costados?": `how much do {X} cost`, and cuestan agrees with `do`.
        ("en", "es", "how much do these shoes cost", "¿Cuánto cuestan estos zapatos?"),
        ("en", "es", "how much does this jacket cost", "¿Cuánto cuesta esta chaqueta?"),
        ("en", "es", "How much are these tickets?", "¿Cuánto cuestan estas entradas?"),
        // "¿Me puedes decir cómo para coger a la estación?"
        ("en", "es", "can you tell me how to get to the station", "¿Me puede decir cómo llegar a la estación?"),
        ("en", "es", "can you tell me how to get to the museum", "¿Me puede decir cómo llegar al museo?"),
        // "Soy alérgico a [shellfish]."
        ("en", "es", "i am allergic to shellfish", "Soy alérgico al marisco."),
        ("es", "en", "soy alérgico al marisco", "I am allergic to seafood."),
        ("en", "es", "where is the train station", "¿Dónde está la estación de tren?"),
        ("en", "es", "the shower does not work", "La ducha no funciona."),
        ("en", "es", "What does this word mean?", "¿Qué significa esta palabra?"),
        ("en", "es", "we would like a double room", "Nos gustaría una habitación doble."),
        ("en", "es", "I would like a coffee, please.", "Quisiera un café, por favor."),
        // "It would like us reserve a room.": an infinitive slot is written after `to`.
        ("es", "en", "nos gustaría reservar una habitación", "We would like to reserve a room."),
        ("es", "en", "nos gustaría una mesa", "We would like a table."),
        ("es", "en", "¿Dónde está la parada de autobús?", "Where is the bus stop?"),
        ("es", "en", "cuánto cuestan estos zapatos", "How much are these shoes?"),
        ("es", "en", "quiero ir al museo", "I want to go to the museum."),
    ])
    func patterns(from: String, to: String, text: String, expected: String) throws {
        let result = try translate(text, from, to)
        #expect(result.text == expected)
        #expect(result.segments.contains { $0.origin == .phrasebook })
    }

    @Test("what no pattern takes goes to Apertium as before", arguments: [
        // A verb after `to`: Apertium says it better than a slot could.
        ("en", "es", "i would like to book a room", "Quisiera"),
        // Two phrases.
        ("en", "es", "I am from Canada, but I live in London.", "Soy de Canadá, pero vivo en Londres."),
        // Not a question, though `¿Tiene {X}?` starts the same.
        ("es", "en", "tiene que cambiar en la próxima estación", "You have to change"),
        // The phrasebook's `i need a doctor` says more than `i need {X}`.
        ("en", "es", "i need a doctor now", "Necesito un médico ahora."),
    ])
    func notTaken(from: String, to: String, text: String, start: String) throws {
        let result = try translate(text, from, to)
        #expect(result.text.hasPrefix(start), "\(result.text)")
    }

    @Test("clock times inside sentences, the rest through Apertium", arguments: [
        // "Las hojas de autobús en pasado medio nueve."
        ("en", "es", "the bus leaves at half past nine", "El autobús sale a las nueve y media."),
        // "…en un pasado de barrio seis."
        ("en", "es", "the shop closes at a quarter past six", "La tienda cierra a las seis y cuarto."),
        ("en", "es", "the train arrives at ten past eight", "El tren llega a las ocho y diez."),
        ("en", "es", "It is a quarter to six.", "Son las seis menos cuarto."),
        ("en", "es", "the museum opens at 9 a.m.", "El museo abre a las nueve de la mañana."),
        ("en", "es", "the museum opens at nine o'clock", "El museo abre a las nueve."),
        ("en", "es", "the tour starts at seven fifteen", "a las siete y cuarto"),
        // "They are the five and average."
        ("es", "en", "son las cinco y media", "It is half past five."),
        // "…at eight less fourth."
        ("es", "en", "el tren sale a las ocho menos cuarto", "The train leaves at a quarter to eight."),
        ("es", "en", "el metro cierra a medianoche", "The metro closes at midnight."),
        ("es", "en", "la tienda abre a las nueve", "The shop opens at nine."),
        ("es", "en", "tiene que dejar la habitación antes de las doce", "before twelve"),
    ])
    func times(from: String, to: String, text: String, expected: String) throws {
        let result = try translate(text, from, to)
        #expect(result.text == expected || result.text.contains(expected), "\(result.text)")
    }

    @Test("numbers that are not times stay Apertium's", arguments: [
        ("en", "es", "it is about ten minutes from here", "diez minutos"),
        ("en", "es", "i have two children", "dos"),
    ])
    func numbers(from: String, to: String, text: String, contained: String) throws {
        let result = try translate(text, from, to)
        #expect(result.text.contains(contained), "\(result.text)")
        #expect(!result.text.contains("las diez") && !result.text.contains("las dos"))
    }
}
