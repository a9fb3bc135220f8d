import Foundation
@testable import ParleyCLI
import ParleyKit
import Testing

/// `parley --json`'s output lines: one object each, stable keys, valid JSON whatever the text.
@Suite("JSON conversation events")
struct JSONEventTests {
    static let english = LocaleTag(language: "en", region: "US")
    static let spanish = LocaleTag(language: "es", region: "ES")

    func object(_ event: JSONEvent) throws -> [String: Any] {
        let line = event.line
        #expect(!line.contains("\n"))
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    static let events: [(ConversationEvent, String)] = [
        (.listening(english), "listening"),
        (.partial(english, "good"), "partial"),
        (.heard(HeardText(text: "good morning", readings: ["good morning", "good mourning"], locale: english,
                          mode: .spoken, turn: 1)), "heard"),
        (.heard(HeardText(text: "good night", readings: [], locale: english, mode: .typed, turn: 2, corrects: 1)), "corrected"),
        (.translated(Translation(sourceText: "good morning", source: english, target: spanish, text: "Buenos días",
                                 segments: [TranslationSegment(source: "good morning", target: "Buenos días", origin: .phrasebook)])),
         "translated"),
        (.speaking(SpokenPart(text: "Buenos días", locale: spanish)), "speaking"),
        (.spoken(stoppedEarly: false), "spoken"),
        (.passed(to: spanish), "passed"),
        (.languageDetected(spoken: spanish, expected: english), "languageDetected"),
        (.cancelled, "cancelled"),
        (.noSpeech(english), "noSpeech"),
        (.condition(.nothingToTranslate), "note"),
        (.problem(ParleyError(.translation, .pairUnavailable, "No.")), "error"),
        (.audioLost(ParleyError(.audio, .deviceLost, "Unplugged.")), "audioLost"),
    ]

    @Test(arguments: events.indices)
    func everyEventIsOneObjectNamedForIt(index: Int) throws {
        let (event, name) = Self.events[index]
        #expect(try object(JSONEvent(event))["event"] as? String == name)
    }

    @Test func heardCarriesItsReadingsAndTranslatedWhereEachPartCameFrom() throws {
        let heard = try object(JSONEvent(Self.events[2].0))
        #expect(heard["alternatives"] as? [String] == ["good morning", "good mourning"])
        #expect(heard["locale"] as? String == "en-US")
        #expect(heard["turn"] as? Int == 1)
        let corrected = try object(JSONEvent(Self.events[3].0))
        #expect(corrected["replaces"] as? Int == 1)
        let translated = try object(JSONEvent(Self.events[4].0))
        let segments = try #require(translated["segments"] as? [[String: String]])
        #expect(segments == [["source": "good morning", "target": "Buenos días", "origin": "phrasebook"]])
    }

    @Test func conditionsAndErrorsCarryTheirCodes() throws {
        let missing = ParleyError(.recognition, .modelMissing, "No speech model for es-ES.")
        let note = try object(JSONEvent(.condition(.modelMissing(Self.spanish, missing))))
        #expect(note["code"] as? String == "modelMissing")
        #expect(note["locale"] as? String == "es-ES")
        #expect(note["message"] as? String == "No speech model for es-ES. Typed turns still work.")
        let error = try object(JSONEvent(.problem(ParleyError(.audio, .deviceUnavailable, "No microphone.",
                                                              cause: .text("busy")))))
        #expect(error["code"] as? String == "deviceUnavailable")
        #expect(error["stage"] as? String == "audio")
        #expect(error["cause"] as? String == "busy")
    }

    @Test func controlCharactersAndQuotesAreEscaped() throws {
        let text = "a \"quote\", a tab\t, a bell \u{07}, a newline\n and a slash / é 한"
        let heard = try object(JSONEvent(.partial(Self.english, text)))
        #expect(heard["text"] as? String == text)
    }
}
