import Foundation
import Testing
@testable import ParleyKit

/// The mood users heard wrong and the wrong-side lines, through the default translator with
/// real Apertium and the shipped phrasebooks and packs: wishes and commands said as wishes and
/// commands, not asked; a line in the other language noticed, not translated into nonsense.
@Suite("Default translator: mood and the other language")
struct MoodAndDetectionIntegrationTests {
    func tag(_ text: String) -> LocaleTag { try! LocaleTag(parsing: text) }

    static let library = DictionaryLibrary(layers: [.init(origin: .phrasebook, folder: AutoTranslatorIntegrationTests.shipped)])
    static let translator = AutoTranslator(library: library)

    @Test("wishes, commands and replies", arguments: [
        // `have` opened a question: "¿Tiene un fin de semana sumo?". A `have a …` wish is `que tenga…`.
        ("en", "es", "have a great weekend", "¡Que tenga un buen fin de semana!"),
        ("en", "es", "have a safe flight", "¡Que tenga un buen vuelo!"),
        ("en", "es", "have a nice stay", "¡Que tenga una buena estancia!"),
        // …but the invitations that start the same way are not wishes.
        ("en", "es", "have a seat", "Siéntese."),
        // `do` opened a question: "¿Entra?".
        ("en", "es", "do come in", "Pase, pase."),
        // `que` + subjunctive is a wish, `como` + subjunctive a statement.
        ("es", "en", "que te vaya bien", "All the best!"),
        ("es", "en", "que lo pases bien", "Have a good time!"),
        ("es", "en", "que tenga un buen viaje", "Have a safe trip!"),
        ("es", "en", "como tú digas", "Whatever you say."),
        // Everyday replies the engine garbled.
        ("es", "en", "no te preocupes por eso", "Do not worry about that."),
        ("es", "en", "¿Qué número calza?", "What shoe size do you take?"),
        // Questions stay questions, with and without marks.
        ("en", "es", "have you got a room for tonight", "¿"),
        ("es", "en", "a qué hora sale el tren", "?"),
    ])
    func mood(_ from: String, _ to: String, _ text: String, _ expected: String) throws {
        let result = try Self.translator.translate(text, from: tag(from), to: tag(to)).text
        if expected.count == 1 {
            #expect(result.contains(expected), "\(result)")
        } else {
            #expect(result == expected)
        }
    }

    @Test("a line in the other side's language is noticed", arguments: [
        // Spanish typed on the English side came out "[La] [comida] [está] [muy] [rica]."
        ("en", "es", "la comida está muy rica", true),
        ("es", "en", "where is the bathroom please", true),
        // English contractions are English, where `a` and `red` are Spanish words too.
        ("es", "en", "he's wearing a red coat", true),
        ("en", "es", "hotel", false), ("es", "en", "taxi", false), ("en", "es", "no", false),
        ("es", "en", "sí", false), ("en", "es", "i would like some tapas", false),
    ])
    func detection(_ side: String, _ other: String, _ text: String, _ flips: Bool) {
        #expect(Self.translator.isClearly(tag(other), not: tag(side), text: text) == flips)
    }
}
