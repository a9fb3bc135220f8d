import Foundation
import ParleyKit
import ParleyKitTesting
import Testing

/// Hands-free conversation (`:auto on`): the next side is listened to as soon as the
/// translation has played.
@Suite struct HandsFreeTests {
    @Test func enterPressedAsTheTranslationEndsDoesNotCutTheNextTurn() throws {
        let harness = try EngineHarness(script: [
            english: [ScriptedUtterance("good morning", locale: english, endpointAfter: 2)],
            spanish: [ScriptedUtterance("muy bien", locale: spanish, endpointAfter: 2)],
        ])
        let (control, audio) = (harness.engine.control, harness.audio)
        let answer = harness.speech(2) + harness.audio.chunks(seconds: 0.5, level: 0)
        harness.observe { event in
            switch event {
            // Enter that reaches parley just as the last of the translation plays.
            case .spoken: control.finishNow()
            // The Spanish speaker answers once parley listens and waits for them.
            case .listening(spanish):
                audio.onWaitingForAudio {
                    audio.say(answer)
                    audio.endAfterQueuedAudio()
                }
            default: break
            }
        }
        harness.engine.setHandsFree(true)
        harness.audio.say(harness.speech(2))
        harness.engine.listen()
        #expect(harness.engine.snapshot.turns.map(\.translation) == ["Buenos días", "Very well"])
    }
}

/// Hands-free means after every turn: a typed one too.
@Suite struct HandsFreeAfterTypedTurnTests {
    @Test func afterATypedTurnTheOtherSideIsListenedTo() throws {
        let harness = try EngineHarness(script: [
            spanish: [ScriptedUtterance("muy bien", locale: spanish, endpointAfter: 2)],
        ])
        let audio = harness.audio
        let answer = harness.speech(2) + harness.audio.chunks(seconds: 0.5, level: 0)
        harness.observe { event in
            if case .listening(spanish) = event {
                audio.onWaitingForAudio {
                    audio.say(answer)
                    audio.endAfterQueuedAudio()
                }
            }
        }
        harness.engine.setHandsFree(true)
        harness.engine.typedTurn("good morning")
        #expect(harness.engine.snapshot.turns.map(\.translation) == ["Buenos días", "Very well"])
        #expect(harness.events.map(\.kind).contains("listening"))
    }

    @Test func withoutHandsFreeATypedTurnDoesNotListen() throws {
        let harness = try EngineHarness()
        harness.engine.typedTurn("good morning")
        #expect(!harness.events.map(\.kind).contains("listening"))
    }
}
