import Foundation
import ParleyKit
import ParleyKitTesting
import Testing

/// What a front end may ask the engine about the conversation, and closing it.
@Suite("Conversation engine: status and close")
struct EngineStatusTests {
    @Test func eachLanguageSaysItsModelVoiceAndTranslator() throws {
        let missing = ParleyError(.recognition, .modelMissing, "No speech model for es-ES. Installed: en-US.")
        let harness = try EngineHarness(missing: [spanish: missing])
        let status = harness.engine.languageStatus()
        #expect(status == [
            LanguageStatus(locale: english, speechModel: .loaded, voice: "fake/en", other: spanish, translation: "table"),
            LanguageStatus(locale: spanish, speechModel: .unavailable(missing), voice: "fake/es", other: english,
                           translation: "table"),
        ])
        #expect(harness.engine.translatorName == "table")
        harness.engine.swapSides()
        #expect(harness.engine.languageStatus().map(\.locale) == [spanish, english])
    }

    @Test func closingReleasesTheDevicesAndTurnsGoOnTyped() throws {
        let harness = try EngineHarness()
        #expect(harness.engine.audioSummary == "memory")
        harness.engine.close()
        harness.engine.close()
        #expect(harness.audio.transitions.filter { $0 == .close }.count == 1)
        #expect(harness.engine.audioSummary == nil)
        harness.engine.typedTurn("good morning")
        #expect(harness.engine.snapshot.turns.count == 1)
        #expect(harness.audio.utterances.isEmpty)
    }
}
