import Foundation
import ParleyKit
import ParleyKitTesting
import Testing

/// Which language a line is in: clearly the other side's lines flip, short, shared and
/// loan-filled lines stay with the side whose turn it is.
@Suite("language detection")
struct LanguageDetectionTests {
    @Test("clearly the other language", arguments: [
        ("en", "es", "la comida está muy rica"),
        ("en", "es", "donde esta el bano"),
        ("en", "es", "gracias por todo"),
        ("en", "es", "¿Me puede traer la cuenta, por favor?"),
        ("es", "en", "where is the bathroom"),
        ("es", "en", "How much does this cost?"),
        ("es", "en", "good morning"),
        ("en", "ko", "감사합니다"),
        ("ko", "en", "where is the subway station"),
    ])
    func flips(_ own: String, _ other: String, _ text: String) {
        #expect(LanguageDetector.isClearly(other, not: own, text: text, packs: LanguagePacks()))
    }

    @Test("short, shared or own-language lines stay", arguments: [
        ("en", "es", "no"), ("es", "en", "no"), ("en", "es", "hotel"), ("en", "es", "taxi"),
        ("es", "en", "sí"), ("es", "en", "me"), ("en", "es", "once"), ("en", "es", "hola"),
        ("en", "es", "i need a farmacia"),
        ("en", "es", "the patatas bravas were too spicy"),
        ("es", "en", "quiero un taxi al hotel Hilton"),
        ("es", "en", "el wifi del hotel no funciona"),
        ("ko", "en", "ok"), ("ko", "en", "택시 불러 주세요"), ("en", "ko", "kimchi"),
    ])
    func stays(_ own: String, _ other: String, _ text: String) {
        #expect(!LanguageDetector.isClearly(other, not: own, text: text, packs: LanguagePacks()))
    }

    @Test func aLineInTheListenersLanguageIsTheListenersTurnAndTheWordPassesBack() throws {
        let harness = try EngineHarness()
        harness.engine.typedTurn("muy bien")
        #expect(harness.events.contains(.languageDetected(spoken: spanish, expected: english)))
        // Translated Spanish → English and said in the English voice, to the English speaker…
        #expect(try harness.journalRecords().map(\.translation) == ["Very well"])
        #expect(harness.synthesizer.utterances.map(\.voice.locale) == [english])
        #expect(try harness.journalRecords().map(\.side) == [2])
        // …who speaks next, as they would have after answering.
        #expect(harness.engine.snapshot.speaker == english)
    }

    @Test func detectionOffKeepsTheTurnsAndDictationIsNeverFlipped() throws {
        let harness = try EngineHarness()
        harness.engine.setDetectsLanguage(false)
        harness.engine.typedTurn("muy bien")
        #expect(!harness.events.contains { if case .languageDetected = $0 { true } else { false } })
        #expect(try harness.journalRecords().map(\.side) == [1])
        #expect(harness.engine.snapshot.speaker == spanish)
        harness.engine.setDetectsLanguage(true)
        harness.engine.setDictating(true)
        harness.engine.typedTurn("where is the station please")
        #expect(!harness.events.contains { if case .languageDetected = $0 { true } else { false } })
    }
}
