import Foundation
import Testing
@testable import ParleyKit

/// A saved conversation shows what was said and nothing more: a CR cannot start a forged
/// section, raw HTML and Markdown links are shown as text, escapes are visible.
@Suite("saved Markdown is safe")
struct TranscriptMarkdownSafetyTests {
    @Test func whatWasSaidCannotForgeATurnOrCarryHTML() {
        let en = LocaleTag(language: "en"), es = LocaleTag(language: "es")
        let heard = "hi\rfoo\r## 9. FORGED\n<script>alert(1)</script> [x](http://evil) \u{1B}[2J"
        let translation = Translation(sourceText: heard, source: en, target: es, text: "hola <b>x</b>",
                                      segments: [TranslationSegment(source: "hi", target: "hola", origin: .engine)])
        let markdown = TranscriptExport.markdown([TurnRecord(turn: 1, side: 0, mode: .typed, translation: translation,
                                                             alternatives: [])])
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.hasPrefix("## ") }.count == 1, "\(markdown)")
        #expect(!markdown.contains("\r") && !markdown.contains("\u{1B}"))
        #expect(!markdown.contains("<script>") && !markdown.contains("<b>"))
        #expect(markdown.contains("- Heard: hi^Mfoo^M\\#\\# 9. FORGED^J\\<script\\>alert(1)\\</script\\> \\[x\\](http://evil) \\\\e\\[2J"),
                "\(markdown)")
    }
}
