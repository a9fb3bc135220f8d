import Foundation
import ParleyKit
import ParleyKitTesting
import Testing

/// A foreign error (not a `ParleyError`) keeps its own words as the cause when parley wraps
/// it, so `--verbose` and callers still see the lower-level reason.
@Suite("Errors wrapped with their cause")
struct ErrorWrappingTests {
    enum PipeTrouble: Error {
        case brokenPipe(stage: String)
    }

    @Test func aForeignErrorBecomesTheCause() {
        let wrapped = ParleyError.wrapping(PipeTrouble.brokenPipe(stage: "lt-proc"), stage: .translation, code: .engineFailed)
        #expect(wrapped.stage == .translation)
        #expect(wrapped.code == .engineFailed)
        #expect(wrapped.cause == .text("brokenPipe(stage: \"lt-proc\")"))
        #expect(wrapped.message.contains("lt-proc"))
        // A ParleyError passes through as it is.
        let own = ParleyError(.audio, .deviceLost, "The microphone stopped.")
        #expect(ParleyError.wrapping(own, stage: .translation, code: .engineFailed) == own)
    }

    @Test func aFoundationErrorIsDescribedInItsOwnWords() {
        let missing = CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: "/nowhere/x.tsv"])
        let wrapped = ParleyError.wrapping(missing, stage: .storage, code: .unreadable, message: "Cannot read x.tsv.")
        #expect(wrapped.message == "Cannot read x.tsv.")
        #expect(wrapped.cause == .text(missing.localizedDescription))
    }

    /// A translator failing with an error of its own: the engine reports it with the cause.
    final class FailingTranslator: Translating {
        let name = "failing"
        func translate(_ text: String, from source: LocaleTag, to target: LocaleTag) throws -> Translation {
            throw PipeTrouble.brokenPipe(stage: "apertium-transfer")
        }
        func engine(from source: LocaleTag, to target: LocaleTag) -> String? { name }
    }

    @Test func theEngineKeepsTheCauseOfAStageFailure() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-wrap-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let parts = ConversationParts(recognition: nil, translator: FailingTranslator(),
                                      synthesizer: { RecordingSynthesizer() },
                                      openAudio: { _ in AudioOpening(session: nil) }, journal: try TranscriptJournal(folder: folder))
        var events: [ConversationEvent] = []
        let engine = ConversationEngine(first: english, second: spanish, parts: parts) { events.append($0) }
        engine.typedTurn("good morning")
        guard case .problem(let error)? = events.last else {
            Issue.record("no problem reported: \(events)")
            return
        }
        #expect(error.stage == .translation)
        #expect(error.code == .engineFailed)
        #expect(error.cause == .text("brokenPipe(stage: \"apertium-transfer\")"))
    }
}
