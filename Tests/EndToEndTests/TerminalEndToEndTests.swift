import Foundation
import Testing

/// What only shows at a terminal: the prompt's line kept across a turn, the history file's
/// bound, and transcription progress. The debug binary on a pseudo-terminal.
@Suite("parley binary at a terminal")
struct TerminalEndToEndTests {
    /// parley ko en, muted, on a pseudo-terminal whose microphone says Korean without a pause.
    static func koreanSpeaker() throws -> (terminal: PseudoTerminal, microphone: MicrophoneClock) {
        let parley = try ParleyProcess()
        let microphone = parley.home.appendingPathComponent("microphone.raw")
        try InterruptEndToEndTests.unbrokenSpeech().write(to: microphone)
        return (try parley.terminal([
            "ko", "en", "--mute", "--input", "test_mic:INFILE=\(microphone.path)",
        ], environment: ["ALSA_CONFIG_PATH": ConversationEndToEndTests.alsaConfig.path]), MicrophoneClock(file: microphone))
    }

    /// Text typed while listening ends the listening (it comes with an Enter) and is offered,
    /// not sent, at the next prompt. The words heard pass the turn, so that prompt is the
    /// other side's, as the README says: the line is there to edit, send, or clear.
    @Test func textTypedWhileListeningIsOfferedAtTheNextPrompt() throws {
        let (terminal, microphone) = try TerminalEndToEndTests.koreanSpeaker()
        #expect(terminal.waitFor("ko-KR → en-US ›"), "screen: \(terminal.screen)")
        terminal.type("\r")
        #expect(terminal.waitFor("● listening in ko-KR"), "screen: \(terminal.screen)")
        #expect(microphone.waitForMore(1.5), "the microphone was not read")
        terminal.type("see you later\r")
        #expect(terminal.waitFor("en-US → ko-KR › see you later", seconds: 60), "screen: \(terminal.screen)")
        // Offered, not sent: nothing was translated from it yet. Enter sends it.
        #expect(!terminal.screen.contains("en-US: see you later"))
        terminal.type("\r")
        #expect(terminal.waitFor("en-US: see you later"), "screen: \(terminal.screen)")
        terminal.type("\u{4}")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func theHistoryFileKeepsTheLastThousandLines() throws {
        let parley = try ParleyProcess()
        let history = parley.home.appendingPathComponent(".local/share/parley/history")
        try FileManager.default.createDirectory(at: history.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (1...1_500).map { "old line \($0)" }.joined(separator: "\n").appending("\n").write(to: history, atomically: true, encoding: .utf8)
        let terminal = try parley.terminal(["en", "es", "--mute"], environment: ["ALSA_CONFIG_PATH": "/dev/null"])
        #expect(terminal.waitFor("en-US → es-ES ›"), "screen: \(terminal.screen)")
        terminal.type("good morning\r")
        #expect(terminal.waitFor("es-ES → en-US ›"), "screen: \(terminal.screen)")
        terminal.type("\u{4}")
        #expect(terminal.waitForExit() == 0)
        let lines = try String(contentsOf: history, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1_000)
        #expect(lines.last == "good morning")
        #expect(lines.first == "old line 502")
    }

    @Test func aLongTranscriptionShowsItsProgress() throws {
        let parley = try ParleyProcess()
        // 40 s: long enough for progress (30 s or more); silence decodes quickly.
        let file = parley.home.appendingPathComponent("long.wav")
        let samples = [Int16](repeating: 0, count: 40 * 16_000)
        func le<T: FixedWidthInteger>(_ value: T) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
        let body = samples.withUnsafeBufferPointer { Data(buffer: $0) }
        var header = Data("RIFF".utf8) + le(UInt32(36 + body.count)) + Data("WAVEfmt ".utf8)
        header += le(UInt32(16)) + le(UInt16(1)) + le(UInt16(1)) + le(UInt32(16_000)) + le(UInt32(32_000))
        header += le(UInt16(2)) + le(UInt16(16)) + Data("data".utf8) + le(UInt32(body.count))
        try (header + body).write(to: file)
        let terminal = try parley.terminal(["transcribe", file.path, "--lang", "ko"])
        #expect(terminal.waitFor("transcribing long.wav: ", seconds: 60), "screen: \(terminal.screen)")
        #expect(terminal.waitFor(" of 00:40.00 ("), "screen: \(terminal.screen)")
        #expect(terminal.waitForExit(seconds: 120) == 0)
    }
}

/// Ctrl-C while a translation is spoken: the terminal echoes `^C` where the cursor is, and
/// the prompt that follows was glued to it (`^Cen-US → es-ES ›`).
@Suite("parley binary at a terminal: Ctrl-C")
struct TerminalInterruptEndToEndTests {
    /// Enter ends listening; echoed by the terminal, it moved the cursor down and the live
    /// line's last words stayed on screen above what was heard.
    @Test func enterWhileListeningLeavesNoPartialLineAboveTheResult() throws {
        let terminal = try TerminalEndToEndTests.koreanSpeaker().terminal
        #expect(terminal.waitFor("ko-KR → en-US ›"), "screen: \(terminal.screen)")
        terminal.type("\r")
        #expect(terminal.waitFor("● ko-KR: ", seconds: 60), "screen: \(terminal.screen)")
        terminal.type("\r")
        #expect(terminal.waitFor("  ko-KR: ", seconds: 60), "screen: \(terminal.screen)")
        let screen = terminal.screen
        let heard = try #require(screen.range(of: "  ko-KR: "))
        let partial = try #require(screen[..<heard.lowerBound].range(of: "● ko-KR: ", options: .backwards))
        // Between the last live line and the result: only the line's own clearing, no line end.
        #expect(!screen[partial.upperBound..<heard.lowerBound].contains("\n"), "screen: \(screen.debugDescription)")
        terminal.type("\u{4}")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func ctrlCDuringSpeechLeavesThePromptOnALineOfItsOwn() throws {
        let parley = try ParleyProcess()
        let speaker = parley.home.appendingPathComponent("speaker.raw")
        let terminal = try parley.terminal([
            "en", "es", "--translator", "dictionary", "--output", "test_speaker:OUTFILE=\(speaker.path)",
        ], environment: ["ALSA_CONFIG_PATH": ConversationEndToEndTests.alsaConfig.path])
        #expect(terminal.waitFor("en-US → es-ES ›"), "screen: \(terminal.screen)")
        terminal.type("thank you very much. where is the bathroom? i need a doctor now. good morning.\r")
        #expect(terminal.waitFor("es-ES: "), "screen: \(terminal.screen)")
        // Ctrl-C once the speech reaches the speaker.
        let shown = fileSize(speaker)
        #expect(waitUntil(seconds: 30) { fileSize(speaker) > shown }, "no speech reached the speaker")
        terminal.type("\u{3}")
        #expect(terminal.waitFor("es-ES → en-US ›") || terminal.waitFor("en-US → es-ES ›", times: 2), "screen: \(terminal.screen)")
        let screen = terminal.screen
        // The prompt is never glued to an echoed ^C (the echo is off while parley works; one
        // echoed anyway is wiped).
        if let echo = screen.range(of: "^C") {
            #expect(screen[echo.upperBound...].hasPrefix("\r\u{1B}[K"), "screen: \(screen.debugDescription)")
        }
        #expect(!screen.contains("^C\u{1B}[?2004h") && !screen.contains("^Ces-ES"), "screen: \(screen.debugDescription)")
        terminal.type("\u{4}")
        #expect(terminal.waitForExit() == 0)
    }
}
