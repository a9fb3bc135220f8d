import Foundation
import ParleyKit
import ParleyKitTesting
import Testing

/// An answer spoken out of turn, in the listener's language: the speaker's recognizer writes
/// it as words of its own language, unsure and unknown to the dictionaries; the listener's
/// recognizer, given the same audio, hears it clearly.
@Suite("Spoken language detection")
struct SpokenLanguageTests {
    /// What the English model makes of Spanish speech: its own words, unsure, unknown to the table.
    static let misheard = ScriptedUtterance("don day a stay la est a sion", locale: english, endpointAfter: 4, confidence: 0.6)

    func reading(_ text: String, confidence: Double, known: Double) -> SpokenLanguageJudge.Reading {
        let result = ScriptedUtterance(text, locale: english, confidence: confidence).result
        return SpokenLanguageJudge.Reading(result: result, knownShare: known)
    }

    @Test func theListenersReadingMustWinClearlyWithTwoWordsAtLeast() {
        let doubtful = reading("don day a stay", confidence: 0.6, known: 0.25)
        #expect(SpokenLanguageJudge.doubts(doubtful))
        #expect(SpokenLanguageJudge.listenerSpoke(own: doubtful, listener: reading("dónde está", confidence: 0.95, known: 1)))
        // Better, but not clearly: the turn stays.
        #expect(!SpokenLanguageJudge.listenerSpoke(own: doubtful, listener: reading("dónde está", confidence: 0.7, known: 0.5)))
        // One word decides nothing, however sure.
        #expect(!SpokenLanguageJudge.listenerSpoke(own: doubtful, listener: reading("sí", confidence: 1, known: 1)))
        // A sure reading the dictionaries know is not doubted at all.
        #expect(!SpokenLanguageJudge.doubts(reading("good morning", confidence: 0.95, known: 1)))
        #expect(SpokenLanguageJudge.Reading(result: RecognitionResult(locale: "en-US", text: "", alternatives: [], words: []),
                                            knownShare: 1).score == 0)
    }

    @Test func speechInTheListenersLanguageIsTheListenersTurnAsTheirRecognizerHeardIt() throws {
        let harness = try EngineHarness(script: [
            english: [Self.misheard],
            spanish: [ScriptedUtterance("dónde está la estación", locale: spanish, confidence: 0.95)],
        ])
        harness.audio.say(harness.speech(6))
        harness.engine.listen()
        #expect(harness.events.contains(.languageDetected(spoken: spanish, expected: english)))
        let records = try harness.journalRecords()
        // The Spanish reading, translated into English and said to the English speaker…
        #expect(records.map(\.heard) == ["dónde está la estación"])
        #expect(records.map(\.translation) == ["Where is the station?"])
        #expect(records.map(\.side) == [2])
        #expect(harness.synthesizer.utterances.map(\.voice.locale) == [english])
        // …who speaks next.
        #expect(harness.engine.snapshot.speaker == english)
    }

    @Test func aSureReadingTheDictionariesKnowIsNeverHeardTwice() throws {
        let harness = try EngineHarness(script: [
            english: [ScriptedUtterance("where is the station", locale: english, endpointAfter: 4, confidence: 0.9)],
            spanish: [ScriptedUtterance("guerra es la estación", locale: spanish, confidence: 1)],
        ])
        harness.audio.say(harness.speech(6))
        harness.engine.listen()
        #expect(try harness.journalRecords().map(\.heard) == ["where is the station"])
        // The Spanish recognizer was never fed: its utterance is still to come.
        #expect(harness.recognizer.remaining(spanish) == 1)
        #expect(harness.engine.snapshot.speaker == spanish)
    }

    @Test func withoutTheListenersModelOrWithDetectionOffTheTurnStaysAsHeard() throws {
        let missing = try EngineHarness(script: [english: [Self.misheard]],
                                        missing: [spanish: ParleyError(.recognition, .notFound, "No Spanish model.")])
        missing.audio.say(missing.speech(6))
        missing.engine.listen()
        #expect(try missing.journalRecords().map(\.side) == [1])

        let off = try EngineHarness(script: [
            english: [Self.misheard],
            spanish: [ScriptedUtterance("dónde está la estación", locale: spanish, confidence: 0.95)],
        ])
        off.engine.setDetectsLanguage(false)
        off.audio.say(off.speech(6))
        off.engine.listen()
        #expect(try off.journalRecords().map(\.heard) == ["don day a stay la est a sion"])
        #expect(off.recognizer.remaining(spanish) == 1)
    }
}
