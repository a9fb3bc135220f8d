import Testing
@testable import ParleyKit

/// Nothing from outside reaches a terminal or a saved document raw: escapes, CR, NUL, C1
/// controls and bidi overrides are shown visibly.
@Suite("visible text")
struct VisibleTextTests {
    @Test(arguments: [
        ("pwn\u{1B}]0;TITLE\u{07}\u{1B}[2J", "pwn\\e]0;TITLE^G\\e[2J"),
        ("hi\rfoo", "hi^Mfoo"),
        ("nul\u{0}here", "nul^@here"),
        ("a\u{9B}31m", "a\u{FFFD}31m"),
        ("evil\u{202E}txt.exe", "evil\u{FFFD}txt.exe"),
        ("line\nbreak\ttab", "line^Jbreak^Itab"),
        ("buenos días ¿qué tal? 안녕하세요", "buenos días ¿qué tal? 안녕하세요"),
    ])
    func controlsAreShownVisibly(_ raw: String, _ shown: String) {
        #expect(VisibleText.of(raw) == shown)
    }

    @Test func parleysOwnLinesKeepTheirBreaks() {
        #expect(VisibleText.of("one\n\ttwo\u{1B}", keepingLines: true) == "one\n\ttwo\\e")
    }
}
