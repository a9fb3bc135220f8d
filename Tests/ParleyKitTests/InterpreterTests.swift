import Foundation
import ParleyKit
import ParleyKitTesting
import Testing

/// The interpreter through its async shape: commands in, events out on its stream, each
/// command's events in order and before `send` returns.
@Suite("Interpreter")
struct InterpreterTests {
    /// An interpreter over the fakes, started with the in-memory audio session.
    func makeInterpreter() async throws -> Interpreter {
        let (host, _) = try ConversationHostTests.makeHost()
        let interpreter = Interpreter(host: host)
        await interpreter.start(audio: AudioEndpoints(kind: .devices, input: "memory", output: "memory"))
        return interpreter
    }

    /// Ends the conversation and gives every event its stream carried.
    func finish(_ interpreter: Interpreter) async -> [ConversationEvent] {
        interpreter.shutdown()
        var events: [ConversationEvent] = []
        for await event in interpreter.events { events.append(event) }
        return events
    }

    /// The replies among `events`, in order.
    func replies(_ events: [ConversationEvent]) -> [String] {
        events.compactMap { if case .reply(let text) = $0 { text } else { nil } }
    }

    @Test func aTypedTurnIsHeardThenTranslatedThenSpokenInOrder() async throws {
        let interpreter = try await makeInterpreter()
        #expect(await interpreter.send(.typedTurn("good morning")))
        let events = await finish(interpreter)
        #expect(events.suffix(5).map(\.kind) == ["heard", "translated", "speaking", "spoken", "passed"])
        #expect(events.contains(.heard(HeardText(text: "good morning", readings: [], locale: english, mode: .typed, turn: 1))))
        #expect(events.contains { if case .translated(let translation) = $0 { translation.text == "Buenos días" } else { false } })
        #expect(interpreter.snapshot.speaker == spanish)
    }

    @Test func muteRepliesAndChangesWhereTheConversationStands() async throws {
        let interpreter = try await makeInterpreter()
        #expect(await interpreter.send(line: ":mute"))
        #expect(interpreter.snapshot.muted)
        #expect(await interpreter.send(.mute(false)))
        #expect(!interpreter.snapshot.muted)
        #expect(replies(await finish(interpreter)) == ["Muted: translations are shown, not spoken.", "Speaking translations again."])
    }

    @Test func aPairWithAnUnknownLanguageIsRefusedAndThePairKept() async throws {
        let interpreter = try await makeInterpreter()
        #expect(await interpreter.send(.pair(["en", "zz"])))
        let events = await finish(interpreter)
        let refusals = events.compactMap { if case .refused(let error) = $0 { error } else { nil } }
        #expect(refusals.map(\.message) == ["Unknown language 'zz' in 'zz'. Use an ISO 639 code such as en, es, ko or pt-BR."])
        #expect(refusals.first?.code == .invalidInput)
        #expect(replies(events).isEmpty)
        #expect(interpreter.snapshot.speaker == english)
        #expect(interpreter.snapshot.listener == spanish)
    }

    @Test func aPairOfKnownLanguagesSwitchesAndSaysSo() async throws {
        let interpreter = try await makeInterpreter()
        #expect(await interpreter.send(line: ":pair en:ko"))
        let korean = LocaleTag(language: "ko", region: "KR")
        #expect(interpreter.snapshot.listener == korean)
        #expect(replies(await finish(interpreter)) == ["Now \(english.displayName) ↔ \(korean.displayName)."])
    }

    @Test func historyRepliesListTheTurns() async throws {
        let interpreter = try await makeInterpreter()
        #expect(await interpreter.send(.history))
        #expect(await interpreter.send(.typedTurn("good morning")))
        #expect(await interpreter.send(.history))
        #expect(replies(await finish(interpreter)) == ["No turns yet.", "1. \(english): good morning", "   \(spanish): Buenos días"])
    }

    @Test func aLineThatIsNoCommandIsAHintAndTheConversationGoesOn() async throws {
        let interpreter = try await makeInterpreter()
        #expect(await interpreter.send(line: ":rate fast"))
        #expect(await finish(interpreter).contains(.hint("Write :rate 1.5 (0.5 to 3, 1 is normal).")))
    }

    @Test(arguments: [":quit", ":q", ":exit"])
    func quitEndsTheConversation(line: String) async throws {
        let interpreter = try await makeInterpreter()
        #expect(await interpreter.send(line: line) == false)
        #expect(await interpreter.send(.quit) == false)
        _ = await finish(interpreter)
    }

    @Test func thePollingShapeRendersACommandsEventsOnTheCallersThreadRepliesLast() async throws {
        let interpreter = try await makeInterpreter()
        var events: [ConversationEvent] = []
        #expect(interpreter.handle(line: "good morning") { events.append($0) })
        #expect(interpreter.handle(line: ":dictate") { events.append($0) })
        #expect(interpreter.handle(line: ":history") { events.append($0) })
        #expect(events.map(\.kind) == ["heard", "translated", "speaking", "spoken", "passed", "reply", "reply", "reply"])
        #expect(replies(events).first == "Dictation on: what you say is spoken back in \(spanish).")
        #expect(interpreter.snapshot.dictating)
        interpreter.shutdown()
    }

    @Test func nothingIsCarriedOutOnceShutDown() async throws {
        let interpreter = try await makeInterpreter()
        interpreter.shutdown()
        #expect(await interpreter.send(.typedTurn("good morning")) == false)
        interpreter.shutdown()
    }
}
