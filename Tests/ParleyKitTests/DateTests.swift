import Foundation
import Testing
@testable import ParleyKit

@Suite("Dates between languages")
struct DateTests {
    static func dates(_ source: String, _ target: String) -> Dates {
        Dates(source: DateForms(pack: LanguagePack.load(language: source, from: ClockTimeTests.packs)),
              target: DateForms(pack: LanguagePack.load(language: target, from: ClockTimeTests.packs)))
    }

    /// The date `text` says from word `start`, written in `target`, if it is all date from there.
    func translated(_ text: String, _ source: String, _ target: String, at start: Int = 0) -> String? {
        let words = PhraseText.words(text)
        guard let found = Self.dates(source, target).translation(of: words, at: start),
              found.length == words.count - start else { return nil }
        return found.text
    }

    @Test("English to Spanish", arguments: [
        ("on the fifth of july", "el cinco de julio"),
        ("the fifth of july", "el cinco de julio"),
        ("on march the third", "el tres de marzo"),
        ("june twenty first", "el veintiuno de junio"),
        ("on the 31st of december", "el treinta y uno de diciembre"),
        ("until the twentieth of may", "hasta el veinte de mayo"),
        ("for the second of may", "para el dos de mayo"),
    ])
    func englishToSpanish(english: String, spanish: String) {
        #expect(translated(english, "en", "es") == spanish)
    }

    @Test("Spanish to English", arguments: [
        ("el quince de agosto", "the fifteenth of August"),
        ("hasta el diez de junio", "until the tenth of June"),
        ("para el dos de mayo", "for the second of May"),
        ("treinta y uno de diciembre", "the thirty-first of December"),
    ])
    func spanishToEnglish(spanish: String, english: String) {
        #expect(translated(spanish, "es", "en") == english)
    }

    @Test func aDateAfterAVerbSaysWhen() {
        // `llegamos el cinco de julio`: the article after a verb is English `on`.
        #expect(translated("llegamos el cinco de julio", "es", "en", at: 1) == "on the fifth of July")
    }

    @Test("words that are not dates", arguments: [
        ("en", "may i come in"), ("en", "the second train"), ("en", "on the first floor"),
        ("es", "el segundo piso"), ("es", "tengo dos hijos"),
    ])
    func notDates(language: String, text: String) {
        let words = PhraseText.words(text)
        let dates = Self.dates(language, language == "en" ? "es" : "en")
        #expect(words.indices.allSatisfy { dates.translation(of: words, at: $0) == nil })
    }
}
