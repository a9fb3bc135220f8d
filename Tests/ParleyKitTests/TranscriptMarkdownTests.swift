import Foundation
@testable import ParleyKit
import Testing

/// `:save FILE.md`: a turn's section says how it was said when the turn was spoken.
@Suite("Saved conversation as Markdown")
struct TranscriptMarkdownTests {
    @Test func aSpokenTurnSaysHowItWasSaid() throws {
        let translation = Translation(sourceText: "good morning", source: try LocaleTag(parsing: "en-US"),
                                      target: try LocaleTag(parsing: "es-ES"), text: "Buenos días", segments: [])
        let speech = SpeechAnalytics(speakingRate: 142.5, averagePause: 0.12,
                                     voice: VoiceAnalytics(pitch: 118, jitter: 0.9, shimmer: 14.3, voicing: 0.96))
        let spoken = TurnRecord(turn: 1, side: 0, mode: .spoken, translation: translation, alternatives: [], speech: speech)
        let typed = TurnRecord(turn: 2, side: 0, mode: .typed, translation: translation, alternatives: [])
        let text = TranscriptExport.markdown([spoken, typed])
        #expect(text.contains("- Said: 142.5 words/min, 0.12 s between words, pitch 118 Hz, jitter 0.9%, shimmer 14.3%, 96% voiced\n"))
        #expect(text.components(separatedBy: "- Said:").count == 2)
    }
}
