import Foundation
import Testing
@testable import ParleyKit

@Suite("Clock times between languages")
struct ClockTimeTests {
    static let packs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../dictionaries/languages").standardizedFileURL

    static func times(_ source: String, _ target: String) -> ClockTimes {
        ClockTimes(source: ClockTimeForms(pack: LanguagePack.load(language: source, from: packs)),
                   target: ClockTimeForms(pack: LanguagePack.load(language: target, from: packs)))
    }

    /// The whole of `text` read as one time and written in the other language.
    func translated(_ text: String, _ source: String, _ target: String) -> String? {
        let words = PhraseText.words(text)
        guard let found = Self.times(source, target).translation(of: words, at: 0), found.length == words.count else { return nil }
        return found.text
    }

    @Test("English to Spanish", arguments: [
        ("half past nine", "las nueve y media"),
        ("a quarter to six", "las seis menos cuarto"),
        ("quarter to one", "la una menos cuarto"),
        ("a quarter past six", "las seis y cuarto"),
        ("ten past eight", "las ocho y diez"),
        ("it is twenty to nine", "son las nueve menos veinte"),
        ("at seven fifteen", "a las siete y cuarto"),
        ("at seven forty-five", "a las ocho menos cuarto"),
        ("at nine", "a las nueve"),
        ("at 9", "a las nueve"),
        ("9 a.m.", "las nueve de la mañana"),
        ("9am", "las nueve de la mañana"),
        ("at 9:30", "a las nueve y media"),
        ("at 21:15", "a las nueve y cuarto de la tarde"),
        ("nine o'clock", "las nueve en punto"),
        ("one o'clock", "la una en punto"),
        ("at one o'clock", "a la una"),
        ("it is half past five", "son las cinco y media"),
        ("it's one o'clock", "es la una"),
        ("until ten in the evening", "hasta las diez de la tarde"),
        ("at twenty-five past four", "a las cuatro y veinticinco"),
        // A time something is booked for, or must be done by.
        ("for half past eight", "para las ocho y media"),
        ("for eight thirty", "para las ocho y media"),
        ("by seven", "antes de las siete"),
    ])
    func englishToSpanish(english: String, spanish: String) {
        #expect(translated(english, "en", "es") == spanish)
    }

    @Test("Spanish to English", arguments: [
        ("las nueve y media", "half past nine"),
        ("las seis menos cuarto", "a quarter to six"),
        ("las seis y cuarto", "a quarter past six"),
        ("las siete y cuarto", "a quarter past seven"),
        ("las ocho y diez", "ten past eight"),
        ("a las nueve", "at nine"),
        ("a la una", "at one o'clock"),
        ("son las cinco y media", "it is half past five"),
        ("es la una y media", "it is half past one"),
        ("a las ocho menos cuarto", "at a quarter to eight"),
        ("a las nueve menos veinte", "at twenty to nine"),
        ("a las tres y treinta y cinco", "at twenty-five to four"),
        ("a las diez de la noche", "at ten at night"),
        ("las nueve en punto", "nine o'clock"),
        ("hasta las once", "until eleven"),
        ("para las nueve", "for nine"),
        // `antes de` is `before`, not the `by` it is also written for.
        ("antes de las doce", "before twelve"),
    ])
    func spanishToEnglish(spanish: String, english: String) {
        #expect(translated(spanish, "es", "en") == english)
    }

    @Test("English to Korean", arguments: [
        ("half past nine", "아홉 시 반"),
        ("at nine", "아홉 시에"),
        ("at ten past eight", "여덟 시 십 분에"),
        ("a quarter to six", "다섯 시 사십오 분"),
        ("9 a.m.", "오전 아홉 시"),
        ("it is half past five", "다섯 시 반이에요"),
        ("it is two o'clock", "두 시예요"),
        ("until twelve", "열두 시까지"),
    ])
    func englishToKorean(english: String, korean: String) {
        #expect(translated(english, "en", "ko") == korean)
    }

    @Test("numbers that are not times", arguments: [
        ("en", "i have two children"),
        ("en", "it is about ten minutes from here"),
        ("en", "it is ten euros"),
        ("en", "look at one of them"),
        ("en", "it costs two fifty"),
        ("en", "it is two fifty"),
        ("en", "i need five to ten minutes"),
        // `for` takes no bare hour: a table for two, two weeks.
        ("en", "a table for two"),
        ("en", "we have been here for two weeks"),
        ("es", "una mesa para dos"),
        ("en", "twenty to nine"),   // without a frame: "five to ten minutes"
        ("es", "tengo dos hijos"),
        ("es", "son diez euros"),
    ])
    func notTimes(language: String, text: String) {
        let words = PhraseText.words(text)
        let times = Self.times(language, language == "en" ? "es" : "en")
        #expect(words.indices.allSatisfy { times.translation(of: words, at: $0) == nil })
    }

    @Test func aTimeIsFoundInsideASentence() throws {
        let words = PhraseText.words("the bus leaves at half past nine tomorrow")
        let times = Self.times("en", "es")
        #expect(times.translation(of: words, at: 2) == nil)
        let found = try #require(times.translation(of: words, at: 3))
        #expect(found.length == 4)
        #expect(found.text == "a las nueve y media")
    }

    @Test func formsComeFromThePackAlone() throws {
        // A made-up language: what it says is all data.
        let pack = LanguagePack(language: "xx", lists: [:], tables: [
            "numbers": [["uno", "1", "*"], ["nove", "9", "*"], ["trenta", "30", "minute"]],
            "clock-times": [["klo {h} ja puoli", "30", "*"], ["klo {h}", "0", "*"], ["ore {t}", "at", "bare"]],
        ], issues: [])
        let xx = ClockTimeForms(pack: pack)
        let en = ClockTimeForms(pack: LanguagePack.load(language: "en", from: Self.packs))
        let words = ["ore", "klo", "nove", "ja", "puoli"]
        let found = try #require(ClockTimes(source: xx, target: en).translation(of: words, at: 0))
        #expect(found.length == 5)
        #expect(found.text == "at half past nine")
        #expect(ClockTimes(source: en, target: xx).translation(of: ["at", "nine"], at: 0)?.text == "ore klo nove")
        #expect(ClockTimeForms(pack: LanguagePack(language: "yy")).isEmpty)
    }

    @Test("times written in digits", arguments: [
        ("9:30", 9, 30, nil as String?), ("21:05", 21, 5, nil), ("9am", 9, 0, "am"), ("7pm", 7, 0, "pm"),
        ("10:15pm", 10, 15, "pm"),
    ])
    func digits(word: String, hour: Int, minute: Int, frame: String?) throws {
        let found = try #require(ClockTimeForms.digitTime(word))
        #expect(found.time == ClockTime(hour: hour, minute: minute))
        #expect(found.frame == frame)
    }

    @Test("not times in digits", arguments: ["9", "930", "25:00", "9:7", "12.50", "9:30:00"])
    func notDigits(word: String) {
        #expect(ClockTimeForms.digitTime(word) == nil)
    }
}
