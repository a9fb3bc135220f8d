import Foundation
import ParleyKit
import ParleyKitTesting
import Synchronization
import Testing

/// The engine's speculative turns on the fakes: 0.1 s chunks of speech and of digital silence
/// are the clock (the endpointer counts audio, not wall time). The scripted recognizer gives
/// a whole utterance's words when its utterance is finished at a pause, as Vosk's final
/// result does; a later utterance of the script is what the speaker says after the pause.
/// Where a background step must be over before the next chunk, the recognizer's feeding
/// thread waits for the translator's signal: no sleeps, no timing in the assertions.
@Suite("Engine speculation")
struct EngineSpeculationTests {
    static func silence(_ harness: EngineHarness, _ chunks: Int) -> [AudioChunk] {
        harness.audio.chunks(seconds: Double(chunks) / 10, level: 0)
    }

    static func translations(_ harness: EngineHarness) -> [String] {
        harness.events.compactMap { event in
            if case .translated(let translation) = event { return translation.text }
            return nil
        }
    }

    static func spokenTexts(_ harness: EngineHarness) -> [String] {
        harness.events.compactMap { event in
            if case .speaking(let part) = event { return part.text }
            return nil
        }
    }

    /// Blocks the recognizer's feeding thread after chunk `count` until `text` is translated.
    static func hold(_ harness: EngineHarness, afterChunk count: Int, until text: String) {
        let done = DispatchSemaphore(value: 0)
        harness.translator.onTranslated { if $0 == text { done.signal() } }
        harness.recognizer.onAccept { if $0 == count { done.wait() } }
    }

    /// "thank you" and a pause: the words are final 0.2 s into the pause, translated and
    /// spoken ahead; the turn shows that translation and plays that audio, with no second
    /// translation or synthesis.
    @Test func matchingWordsAreTranslatedAndSynthesisedOnce() throws {
        let harness = try EngineHarness(script: [english: [ScriptedUtterance("thank you", locale: english, endpointAfter: nil)]])
        harness.audio.say(Self.silence(harness, 2) + harness.speech(2) + Self.silence(harness, 8))
        harness.engine.listen()
        #expect(harness.translator.translated == ["thank you"])
        #expect(Self.translations(harness) == ["Gracias"])
        #expect(harness.synthesizer.utterances.map(\.text) == ["Gracias"])
        #expect(harness.audio.utterances.map(\.count) == [1])
        #expect(Self.spokenTexts(harness) == ["Gracias"])
        #expect(harness.engine.speculationTally == SpeculationTally(hits: 1, misses: 0, unspeculated: 0, preparedSpeechPlayed: 1))
        // The finished words end the turn 0.3 s into the pause, as the cues say.
        #expect(harness.audio.unheardChunks >= 4)
    }

    /// "where is the", a pause, "station": the translation made of "where is the" during the
    /// pause is done before the speaker goes on, and is never shown or spoken; the turn is
    /// the whole sentence, translated from what was speculated at the last pause.
    @Test func wordsThatGoOnAreNeverShownOrSpokenStale() throws {
        let harness = try EngineHarness(script: [english: [
            ScriptedUtterance("where is the", locale: english, endpointAfter: nil),
            ScriptedUtterance("station", locale: english, endpointAfter: nil)]])
        // Chunks 1–2 silence, 3–5 speech, 6–9 a 0.4 s pause (speculation before chunk 7), 10 speech.
        Self.hold(harness, afterChunk: 9, until: "where is the")
        harness.audio.say(Self.silence(harness, 2) + harness.speech(3) + Self.silence(harness, 4) + harness.speech(1)
                          + Self.silence(harness, 8))
        harness.engine.listen()
        #expect(harness.translator.translated == ["where is the", "where is the station"])
        #expect(Self.translations(harness) == ["¿Dónde está la estación?"])
        #expect(Self.spokenTexts(harness) == ["¿Dónde está la estación?"])
        #expect(harness.audio.utterances.map(\.count) == [4])
        #expect(try harness.journalRecords().map(\.heard) == ["where is the station"])
        #expect(harness.engine.speculationTally.hits == 1)
    }

    /// Enter right after the speaker went on, with no new partial words yet: the final words
    /// differ from the speculation, which is dropped; the engine translates the turn itself
    /// (once to judge the language of the words, once for the turn).
    @Test func wordsThatDifferAreTranslatedAgain() throws {
        var station = ScriptedUtterance("station", locale: english, endpointAfter: nil)
        station.partials = [""]
        let harness = try EngineHarness(script: [english: [
            ScriptedUtterance("where is the", locale: english, endpointAfter: nil), station]])
        let done = DispatchSemaphore(value: 0)
        harness.translator.onTranslated { if $0 == "where is the" { done.signal() } }
        harness.recognizer.onAccept { [control = harness.engine.control] count in
            if count == 9 { done.wait() }
            if count == 10 { control.finishNow() }
        }
        harness.audio.say(Self.silence(harness, 2) + harness.speech(3) + Self.silence(harness, 4) + harness.speech(1)
                          + Self.silence(harness, 8))
        harness.engine.listen()
        #expect(harness.translator.translated == ["where is the", "where is the station", "where is the station"])
        #expect(Self.translations(harness) == ["¿Dónde está la estación?"])
        #expect(Self.spokenTexts(harness) == ["¿Dónde está la estación?"])
        #expect(harness.audio.utterances.map(\.count) == [4])
        #expect(harness.engine.speculationTally == SpeculationTally(hits: 0, misses: 1, unspeculated: 0, preparedSpeechPlayed: 0))
    }

    /// A first half whose final words look finished ("call me", as the Korean model heard
    /// "병원이" as "었다") while the late partial words hold only "call": a 0.4 s pause (shorter
    /// than the 0.45 s setting) ends the turn only when the cues read the words finished at
    /// the pause (`cuesReadFinalWords`) and the recognizer is sure of the last one.
    @Test(arguments: [(false, 1.0, false), (true, 1.0, true), (true, 0.34, false)])
    func finalWordsThatLookFinishedEndTheTurnOnlyWhenReadAndHeardSurely(readingFinalWords: Bool, confidence: Double,
                                                                        ends: Bool) throws {
        var first = ScriptedUtterance("call me", locale: english, endpointAfter: nil, confidence: confidence)
        first.partials = ["call"]
        let harness = try EngineHarness(script: [english: [first, ScriptedUtterance("at the station", locale: english,
                                                                                      endpointAfter: nil)]])
        harness.engine.cuesReadFinalWords = readingFinalWords
        #expect(TurnCues(pack: .named("en")).reading(of: "call me") == .finished)
        harness.audio.say(Self.silence(harness, 2) + harness.speech(3) + Self.silence(harness, 4) + harness.speech(2)
                          + Self.silence(harness, 8))
        harness.engine.listen()
        let heard = harness.events.compactMap { event -> String? in
            if case .heard(let text) = event { return text.text }
            return nil
        }
        #expect(heard == (ends ? ["call me"] : ["call me at the station"]))
    }

    /// Muted, the translation is made ahead but no speech is prepared.
    @Test func mutedTurnsPrepareNoSpeech() throws {
        let harness = try EngineHarness(script: [english: [ScriptedUtterance("thank you", locale: english, endpointAfter: nil)]],
                                        muted: true)
        harness.audio.say(Self.silence(harness, 2) + harness.speech(2) + Self.silence(harness, 8))
        harness.engine.listen()
        #expect(harness.translator.translated == ["thank you"])
        #expect(Self.translations(harness) == ["Gracias"])
        #expect(harness.synthesizer.utterances.isEmpty)
        #expect(harness.engine.speculationTally.hits == 1)
    }

    /// Speculation off: the recognizer finishes once, at the decision, and the engine translates.
    @Test func withoutSpeculationTheTurnIsTranslatedAfterTheDecision() throws {
        let harness = try EngineHarness(script: [english: [ScriptedUtterance("thank you", locale: english, endpointAfter: nil)]])
        harness.engine.speculates = false
        harness.audio.say(Self.silence(harness, 2) + harness.speech(2) + Self.silence(harness, 8))
        harness.engine.listen()
        // Once to judge whether the words were the speaker's language, once for the turn.
        #expect(harness.translator.translated == ["thank you", "thank you"])
        #expect(Self.translations(harness) == ["Gracias"])
        #expect(harness.engine.speculationTally == SpeculationTally())
    }
}
