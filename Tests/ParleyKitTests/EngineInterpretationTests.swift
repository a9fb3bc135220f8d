import Foundation
import ParleyKit
import ParleyKitTesting
import Testing

/// `:interpret` in a conversation, on the fakes: the speaker's language into the listener's,
/// without turns, its events on the engine's thread, its segments in the conversation's journal.
@Suite("Engine: interpretation without turns")
struct EngineInterpretationTests {
    @Test func theSpeakersStretchesOfSpeechAreInterpretedUntilTheRecordingEnds() throws {
        let harness = try EngineHarness(script: [english: [
            ScriptedUtterance("good morning", locale: english, endpointAfter: nil),
            ScriptedUtterance("thank you", locale: english, endpointAfter: nil),
        ]], muted: true)
        let quiet = harness.audio.chunks(seconds: 0.8, level: 0)
        harness.audio.say(harness.audio.chunks(seconds: 0.3, level: 0) + harness.speech(5) + quiet + harness.speech(4) + quiet)
        harness.audio.endAfterQueuedAudio()
        harness.engine.typedTurn("where is the station")
        harness.engine.swapSides()
        harness.clearEvents()
        harness.engine.interpret()
        let inner = harness.events.compactMap { if case .interpretation(let event) = $0 { event } else { nil } }
        let translations = inner.compactMap { if case .translated(_, let translation) = $0 { translation.text } else { nil } }
        #expect(translations == ["Buenos días", "Gracias"])
        #expect(inner.first == .listening(english))
        #expect(harness.events.last == .condition(.recordingEnded))
        // The turn does not pass.
        #expect(harness.engine.snapshot.speaker == english)
        let lines = try String(contentsOf: harness.journal.file, encoding: .utf8).split(separator: "\n")
        let kinds = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["kind"] as? String }
        #expect(kinds == ["turn", "segment", "segment"])
        let numbers = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["turn"] as? Int }
        #expect(numbers == [1, 2, 3])
        // Muted: nothing is said.
        #expect(harness.synthesizer.utterances.isEmpty)
    }

    @Test func withoutAMicrophoneItSaysHowToInterpretARecording() throws {
        let harness = try EngineHarness(microphone: false)
        harness.clearEvents()
        harness.engine.interpret()
        guard case .problem(let error)? = harness.events.last else {
            Issue.record("\(harness.events)")
            return
        }
        #expect(error.code == .deviceUnavailable)
    }
}
