import Foundation
import Testing

/// Ctrl-C in the build users run: the release binary on a pseudo-terminal, listening to
/// Korean speech through ALSA's file plugin.
@Suite("parley release binary: Ctrl-C at a terminal")
struct InterruptEndToEndTests {
    /// The release build (`swift build -c release`, which scripts/test runs), or `$PARLEY_RELEASE_BIN`.
    static var releaseBinary: URL {
        if let explicit = ProcessInfo.processInfo.environment["PARLEY_RELEASE_BIN"] { return URL(fileURLWithPath: explicit) }
        return ParleyProcess.checkout.appendingPathComponent(".build/release/parley")
    }

    @Test func ctrlCWhileListeningCancelsTheTurnAndTheConversationGoesOn() throws {
        let binary = Self.releaseBinary
        try #require(FileManager.default.isExecutableFile(atPath: binary.path),
                     "no release build at \(binary.path): run swift build -c release --product parley (scripts/test does)")
        let parley = try ParleyProcess()
        let microphone = parley.home.appendingPathComponent("microphone.raw")
        try Self.unbrokenSpeech().write(to: microphone)
        let terminal = try parley.terminal([
            "ko", "en", "--input", "test_mic:INFILE=\(microphone.path)",
            "--output", "test_speaker:OUTFILE=\(parley.home.appendingPathComponent("speaker.raw").path)",
        ], binary: binary, environment: ["ALSA_CONFIG_PATH": ConversationEndToEndTests.alsaConfig.path])
        let prompt = "ko-KR → en-US ›"
        #expect(terminal.waitFor(prompt), "screen: \(terminal.screen)")
        terminal.type("\r")
        #expect(terminal.waitFor("● listening in ko-KR"), "screen: \(terminal.screen)")
        // Speech is playing into the microphone now, and goes on far longer than the test.
        #expect(MicrophoneClock(file: microphone).waitForMore(0.8), "the microphone was not read")
        terminal.type("\u{3}")
        #expect(terminal.waitFor("Turn cancelled."), "screen: \(terminal.screen)")
        #expect(terminal.waitFor(prompt, times: 2), "screen: \(terminal.screen)")
        // Ctrl-C at the prompt clears the line and never ends parley.
        terminal.type("half a line\u{3}")
        #expect(terminal.waitFor(prompt, times: 3), "screen: \(terminal.screen)")
        #expect(terminal.process.isRunning)
        terminal.type(":history\r")
        #expect(terminal.waitFor("No turns yet."), "screen: \(terminal.screen)")
        terminal.type("\u{4}")
        #expect(terminal.waitForExit() == 0)
    }

    /// The Korean fixture's speech with its pauses cut out, repeated for about a minute: the
    /// microphone hears speech whenever Ctrl-C is pressed, however slowly the machine got to
    /// the prompt, so no endpoint can finish the turn first.
    static func unbrokenSpeech() throws -> Data {
        let samples = try Fixture.values("ko-three-phrases-16k-mono.wav")
        let frame = 160
        var speech: [Int16] = []
        for start in stride(from: 0, to: samples.count - frame, by: frame) {
            let piece = samples[start..<(start + frame)]
            if piece.contains(where: { abs(Int32($0)) > 300 }) { speech += piece }
        }
        let minute = Array(repeating: speech, count: max(1, 60 * 16_000 / max(speech.count, 1))).flatMap { $0 }
        return minute.withUnsafeBufferPointer { Data(buffer: $0) }
    }
}
