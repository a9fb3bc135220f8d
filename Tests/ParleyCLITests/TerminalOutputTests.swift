import Synchronization
import Testing
@testable import ParleyCLI

@Suite("Terminal output")
struct TerminalOutputTests {
    @Test(arguments: [
        "● en-US: " + String(repeating: "so many words spoken so fast ", count: 10),
        "● ko-KR: " + String(repeating: "병원이 어디예요 ", count: 20),
        String(repeating: "x", count: 300),
    ])
    func aLiveLineLongerThanTheTerminalIsCutToOneLine(text: String) {
        let fitted = TerminalOutput.fitted(text, width: 60)
        #expect(TerminalOutput.columns(fitted) <= 59)
        #expect(fitted.contains("…"))
        #expect(text.hasSuffix(fitted.split(separator: "…").last.map(String.init) ?? ""))
    }

    @Test func aShortLiveLineIsKeptWhole() {
        #expect(TerminalOutput.fitted("● en-US: good morning", width: 80) == "● en-US: good morning")
        #expect(TerminalOutput.fitted("● ko-KR: 병원이", width: 80).hasPrefix("● ko-KR: "))
    }

    @Test func hangulTakesTwoColumns() {
        #expect(TerminalOutput.columns("병원") == 4)
        #expect(TerminalOutput.columns("hola") == 4)
    }
}

@Suite("Transcription progress")
struct TranscriptionProgressTests {
    /// Dense speech: a segment's line clears the progress line every few tenths of a second.
    @Test func theLineIsDrawnAgainAtOnceAfterASegmentClearedIt() {
        let clock = Mutex<UInt64>(1_000_000_000)
        let progress = TranscriptionProgress(output: TerminalOutput(), name: "talk.wav", total: 120, shown: true,
                                             now: { clock.withLock { $0 } })
        #expect(progress.line(at: 1) != nil)
        clock.withLock { $0 += 100_000_000 }
        #expect(progress.line(at: 2) == nil)   // at most twice a second while it shows
        progress.clear()
        clock.withLock { $0 += 100_000_000 }
        #expect(progress.line(at: 3)?.contains("00:03.00 of 02:00.00") == true)
    }
}
