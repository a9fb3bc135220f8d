import Foundation
import ParleyKit
import ParleyKitTesting
import Synchronization
import Testing

/// The conversation host: the engine on its own thread, jobs in order, events on the
/// caller's thread, conditions from other threads, and a shutdown that ends the thread.
@Suite("Conversation host")
struct ConversationHostTests {
    /// A host over the fakes, with the in-memory audio session it opens.
    static func makeHost() throws -> (ConversationHost, InMemoryAudioSession) {
        let audio = InMemoryAudioSession()
        let translator = TableTranslator(EngineHarness.phrases)
        let synthesizer = RecordingSynthesizer()
        let parts = ConversationParts(recognition: ScriptedRecognizer(script: [:]), translator: translator,
                                      synthesizer: { synthesizer },
                                      openAudio: { _ in AudioOpening(session: audio, failures: [:]) }, journal: nil)
        let host = try ConversationHost { events in
            ConversationEngine(first: english, second: spanish, parts: parts, events: events)
        }
        return (host, audio)
    }

    @Test func jobsRunOnTheEngineThreadAndTheirEventsComeBackInOrder() throws {
        let (host, _) = try Self.makeHost()
        var events: [ConversationEvent] = []
        host.perform({ $0.start(audio: AudioEndpoints(kind: .devices, input: "memory", output: "memory")) }) { events.append($0) }
        events.removeAll()
        let caller = UInt(pthread_self())
        let thread = host.perform({ engine -> UInt in
            engine.typedTurn("good morning")
            return UInt(pthread_self())
        }) { events.append($0) }
        #expect(thread != caller)
        #expect(events.map(\.kind) == ["heard", "translated", "speaking", "spoken", "passed"])
        #expect(host.control.snapshot.speaker == spanish)
        host.shutdown()
    }

    @Test func conditionsPostedFromOtherThreadsArriveWithTheNextEvents() throws {
        let (host, _) = try Self.makeHost()
        let posted = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            host.post(.condition(.voiceNotice("a voice cannot speak")))
            posted.signal()
        }
        posted.wait()
        var events: [ConversationEvent] = []
        host.drainEvents { events.append($0) }
        #expect(events == [.condition(.voiceNotice("a voice cannot speak"))])
        host.shutdown()
    }

    @Test func aTurnBySideChoosesTheSpeakerWhoeverHadTheWord() throws {
        let (host, _) = try Self.makeHost()
        var events: [ConversationEvent] = []
        host.perform({ $0.typedTurn("gracias", as: LocaleTag(language: "es")) }) { events.append($0) }
        #expect(events.first == .heard(HeardText(text: "gracias", readings: [], locale: spanish, mode: .typed, turn: 1)))
        #expect(host.control.snapshot.speaker == english)
        events.removeAll()
        host.perform({ $0.typedTurn("bonjour", as: LocaleTag(language: "fr")) }) { events.append($0) }
        guard case .problem(let error)? = events.first else { Issue.record("\(events)"); return }
        #expect(error.code == .invalidInput)
        #expect(host.control.snapshot.turns.count == 1)
        host.shutdown()
    }

    @Test func shutdownClosesTheDevicesAndEndsTheThreadOnce() throws {
        let (host, audio) = try Self.makeHost()
        host.perform({ $0.start(audio: AudioEndpoints(kind: .devices, input: "memory", output: "memory")) }) { _ in }
        host.shutdown()
        #expect(audio.transitions.last == .close)
        host.shutdown()   // a second shutdown returns at once
    }

    @Test func conditionsHaveStableCodesAndEnglishText() {
        let missing = ParleyError(.recognition, .modelMissing, "No speech model for es-ES.")
        let condition = ConversationCondition.modelMissing(spanish, missing)
        #expect(condition.code.rawValue == "modelMissing")
        #expect(condition.locale == spanish)
        #expect(condition.error == missing)
        #expect(condition.description == "No speech model for es-ES. Typed turns still work.")
        #expect(ConversationCondition.noTurnToCorrect.description
                == "No turn to correct: none has been said, or each was taken back (:undo).")
    }
}
