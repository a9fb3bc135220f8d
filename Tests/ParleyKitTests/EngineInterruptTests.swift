import Foundation
import ParleyKit
import ParleyKitTesting
import Synchronization
import Testing

/// Ctrl-C (`EngineControl.interrupt`) wherever the engine may be: speaking, waiting for a
/// model, and in the hands-free loop.
@Suite("Conversation engine: Ctrl-C")
struct EngineInterruptTests {
    /// The turn was shown and journaled before it was spoken, so it stands and passes; only
    /// the speech stops, at once.
    @Test func ctrlCWhileSpeakingStopsTheSpeechAtOnce() throws {
        let harness = try EngineHarness(chunkDelay: 0.2)
        let control = harness.engine.control
        // Ctrl-C while the first of the four words (0.2 s each) is being made.
        harness.observe { [clock = harness.clock] event in
            if case .speaking = event { EngineHarness.whileWaiting(on: clock) { control.interrupt() } }
        }
        harness.engine.typedTurn("where is the station")
        #expect(harness.clock.elapsed == .zero)   // not a word's time was waited for
        #expect(harness.audio.utterances.first?.isEmpty == true)
        #expect(harness.events.contains(.spoken(stoppedEarly: true)))
        #expect(harness.synthesizer.utterances.first?.stoppedEarly == true)
        #expect(harness.audio.transitions.last == .endSpeaking(interrupted: true))
        #expect(try harness.journalRecords().count == 1)
        #expect(harness.engine.snapshot.speaker == spanish)
    }

    @Test func ctrlCWhileAModelLoadsCancelsTheTurnWithoutWaitingForIt() throws {
        let harness = try EngineHarness(script: [english: [ScriptedUtterance("good morning", locale: english)]],
                                        loadingDelay: 30)
        harness.audio.say(harness.speech(3))
        let control = harness.engine.control
        // Ctrl-C once the engine waits for the model (its clock stands still: the load never ends).
        harness.observe { [clock = harness.clock] event in
            if case .listening = event { EngineHarness.whileWaiting(on: clock) { control.interrupt() } }
        }
        harness.engine.listen()
        #expect(harness.clock.elapsed == .zero)   // the 30 s load was not waited out
        #expect(harness.recognizer.streamsMade == 0)
        #expect(harness.events.map(\.kind).filter { $0 != "condition" } == ["modelLoading", "listening", "cancelled"])
        #expect(harness.engine.snapshot.turns.isEmpty)
        #expect(harness.engine.snapshot.speaker == english)
        #expect(harness.audio.transitions.last == .stopListening)
    }

    @Test func ctrlCWhileListeningHandsFreeEndsTheLoop() throws {
        let harness = try EngineHarness(script: [
            english: [ScriptedUtterance("good morning", locale: english, endpointAfter: 2)],
            spanish: [ScriptedUtterance("muy bien", locale: spanish, endpointAfter: nil)],
        ])
        harness.engine.setHandsFree(true)
        harness.audio.say(harness.speech(2) + harness.speech(20, level: 700))
        let control = harness.engine.control
        harness.observe { event in if case .partial(let locale, _) = event, locale == spanish { control.interrupt() } }
        harness.engine.listen()
        #expect(harness.events.last == .cancelled)
        #expect(harness.engine.snapshot.turns.map(\.translation) == ["Buenos días"])
        #expect(harness.engine.snapshot.speaker == spanish)
        #expect(harness.engine.snapshot.handsFree)   // the mode stays on for the next Enter
    }

    @Test func ctrlCWhileSpeakingHandsFreeListensNoFurther() throws {
        let harness = try EngineHarness(script: [
            english: [ScriptedUtterance("where is the station", locale: english, endpointAfter: 2)],
            spanish: [ScriptedUtterance("muy bien", locale: spanish, endpointAfter: 2)],
        ])
        harness.engine.setHandsFree(true)
        harness.audio.say(harness.speech(2) + harness.speech(2, level: 700))
        let control = harness.engine.control
        harness.observe { event in if case .speaking = event { control.interrupt() } }
        harness.engine.listen()
        #expect(harness.events.map(\.kind).filter { $0 == "listening" }.count == 1)
        #expect(harness.engine.snapshot.turns.count == 1)
        #expect(harness.audio.unheardChunks == 2)
    }
}
