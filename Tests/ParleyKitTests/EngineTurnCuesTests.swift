import Foundation
import ParleyKit
import ParleyKitTesting
import Testing

/// The engine's endpointer with cues, on the fakes: 0.1 s chunks of speech (a constant level,
/// so no pitch) and of digital silence; the chunks left unheard tell when the turn ended.
@Suite("Engine turn cues")
struct EngineTurnCuesTests {
    static func silence(_ harness: EngineHarness, _ chunks: Int) -> [AudioChunk] {
        harness.audio.chunks(seconds: Double(chunks) / 10, level: 0)
    }

    /// "thank you" ends the turn after 0.3 s of silence, not the setting's 0.45 s.
    @Test func finishedWordsEndTheTurnSooner() throws {
        let harness = try EngineHarness(script: [english: [ScriptedUtterance("thank you", locale: english, endpointAfter: nil)]])
        harness.audio.say(Self.silence(harness, 2) + harness.speech(2) + Self.silence(harness, 8))
        harness.engine.listen()
        #expect(harness.engine.snapshot.turns.count == 1)
        #expect(harness.audio.unheardChunks >= 4)
    }

    /// With the cues off, the same turn waits the whole setting.
    @Test func withoutCuesTheSettingIsWaited() throws {
        let harness = try EngineHarness(script: [english: [ScriptedUtterance("thank you", locale: english, endpointAfter: nil)]])
        harness.engine.endOfTurnCues = false
        harness.audio.say(Self.silence(harness, 2) + harness.speech(2) + Self.silence(harness, 8))
        harness.engine.listen()
        #expect(harness.engine.snapshot.turns.count == 1)
        #expect(harness.audio.unheardChunks == 3)
    }

    /// "where is the", a 0.4 s pause, "station": one turn, the whole sentence.
    @Test func aPauseAfterAnArticleDoesNotEndTheTurn() throws {
        let harness = try EngineHarness(script: [
            english: [ScriptedUtterance("where is the station", locale: english, endpointAfter: nil)]])
        harness.audio.say(Self.silence(harness, 2) + harness.speech(3) + Self.silence(harness, 4) + harness.speech(1)
                          + Self.silence(harness, 8))
        harness.engine.listen()
        let heard = harness.events.compactMap { event -> String? in
            if case .heard(let text) = event { return text.text }
            return nil
        }
        #expect(heard == ["where is the station"])
        #expect(harness.audio.unheardChunks == 3)
    }
}
