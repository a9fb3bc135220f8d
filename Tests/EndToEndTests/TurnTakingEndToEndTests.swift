import Foundation
import Testing

/// Turn-taking through the built binary: parley's endpointer, the microphone's pre-roll,
/// corrections of a misheard turn, and barge-in, with Korean speech through ALSA's file plugin.
@Suite("parley binary: turn-taking")
struct TurnTakingEndToEndTests {

    static var alsa: [String: String] { ["ALSA_CONFIG_PATH": ConversationEndToEndTests.alsaConfig.path] }

    func records(_ parley: ParleyProcess) throws -> [[String: Any]] {
        try ConversationEndToEndTests().journal(in: parley).lines
    }

    /// A pause shorter than the trailing silence never ends a turn: the default (0.45 s)
    /// keeps a 0.35 s pause between words, `--endpoint 0.8` a 0.63 s one, and `--endpoint 2.5`
    /// or `:endpoint 2.5` a 1.3 s one, which Vosk's own endpoint rules (0.5–2 s of trailing
    /// silence in the model's conf/model.conf) would end: parley's setting alone decides.
    @Test(arguments: [(0.35, nil), (0.63, "0.8"), (1.3, "2.5"), (1.3, ":endpoint 2.5")] as [(Double, String?)])
    func aPauseBetweenWordsDoesNotSplitThePhrase(pause: Double, endpoint: String?) throws {
        let parley = try ParleyProcess()
        // "병원이 어디예요" with silence inserted at the gap between its two words (0.88 s).
        let phrase = try Fixture.samples("ko-byeongwon-eodiyeyo-16k-mono.wav")
        let gap = 14_080   // 0.88 s × 16 kHz × 2 bytes
        let microphone = parley.home.appendingPathComponent("paused.raw")
        try (phrase.prefix(gap) + Fixture.silence(pause) + phrase.dropFirst(gap) + Fixture.silence(4)).write(to: microphone)
        let typed = endpoint?.hasPrefix(":") == true
        let outcome = try parley.run(["ko", "en", "--mute", "--input", "test_mic:INFILE=\(microphone.path)",
                                      "--output", "null_sink"] + (endpoint.map { typed ? [] : ["--endpoint", $0] } ?? []),
                                     input: (typed ? endpoint! + "\n" : "") + "\n", extraEnvironment: Self.alsa)
        let turns = try records(parley)
        // One turn holding both halves: the second ends in 요, and a turn cut at the pause holds
        // two words at most ("비 었다"). The small model's reading of the first half changes
        // with the pause, so the words themselves are not compared.
        #expect(turns.count == 1, "stdout: \(outcome.stdout)\nstderr: \(outcome.stderr)")
        #expect((turns.first?["heard"] as? String)?.hasSuffix("요") == true, "\(outcome.stdout)")
        #expect((turns.first?["heard"] as? String)?.split(separator: " ").count ?? 0 >= 3, "\(outcome.stdout)")
    }

    @Test func wordsSpokenJustBeforeTheTurnStartsAreHeardAndOlderOnesAreNot() throws {
        let parley = try ParleyProcess()
        // The microphone hears "병원이 어디예요" as it opens, then "얼마예요" from 3.0 s to 3.8 s,
        // and Enter comes at 3.9 s, after both. The 1 s pre-roll holds the second phrase and
        // not the first: capturing only from Enter would hear nothing ("No speech heard"), and
        // a microphone read only once a turn starts would hear the first phrase.
        let microphone = parley.home.appendingPathComponent("early.raw")
        let first = try Fixture.samples("ko-byeongwon-eodiyeyo-16k-mono.wav")
        let second = try Fixture.samples("ko-eolmayeyo-16k-mono.wav")
        try (first + Fixture.silence(3.0 - Double(first.count) / 32_000) + second + Fixture.silence(5)).write(to: microphone)
        let terminal = try parley.terminal([
            "ko", "en", "--mute", "--input", "test_mic:INFILE=\(microphone.path)", "--output", "null_sink",
        ], environment: ["ALSA_CONFIG_PATH": ConversationEndToEndTests.alsaConfig.path])
        #expect(terminal.waitFor("ko-KR → en-US ›"), "screen: \(terminal.screen)")
        // Enter at 3.9 s of the microphone's audio, however late the machine got there.
        #expect(MicrophoneClock(file: microphone).waitUntilRead(3.9), "the microphone was not read")
        terminal.type("\r")
        // The turn was heard and passed: the English side has the word.
        #expect(terminal.waitFor("en-US → ko-KR ›", seconds: 20), "screen: \(terminal.screen)")
        #expect(!terminal.screen.contains("No speech heard"), "screen: \(terminal.screen)")
        terminal.type(":quit\r")
        #expect(terminal.waitForExit() == 0)
        let turns = try records(parley)
        #expect(turns.count == 1, "screen: \(terminal.screen)")
        let heard = try #require(turns.first?["heard"] as? String)
        #expect(!heard.contains("어디"), "the turn heard the phrase from before the pre-roll: \(heard)")
        #expect(heard.hasSuffix("요"), "\(heard)")
    }

    @Test func alternativeReadingsRetypingAndUndoAreJournaled() throws {
        let parley = try ParleyProcess()
        let recording = Fixture.url("ko-byeongwon-eodiyeyo-16k-mono.wav")
        let outcome = try parley.run(["ko", "en", "--mute", "--input-wav", recording.path], input: """

            :alt 2
            :retype 화장실이 어디예요
            :undo
            :history
            감사합니다
            """)
        // The readings are numbered under the turn, for :alt.
        #expect(outcome.stdout.contains("      or: 2) "), "stdout: \(outcome.stdout)\nstderr: \(outcome.stderr)")
        // Both corrections and the undo name the one turn there was, not journal records.
        #expect(outcome.stdout.components(separatedBy: "(turn 1, corrected)").count == 3, "\(outcome.stdout)")
        #expect(outcome.stdout.contains("(turn 1 taken back; it is ko-KR's turn again)"))
        #expect(outcome.stdout.contains("No turns yet."))
        let turns = try records(parley)
        #expect(turns.map { $0["kind"] as? String } == ["turn", "correction", "correction", "retraction", "turn"])
        #expect(turns.map { $0["turn"] as? Int } == [1, 2, 3, 4, 5])
        #expect(turns.map { $0["replaces"] as? Int } == [nil, 1, 2, 3, nil])
        let readings = try #require(turns.first?["alternatives"] as? [String])
        #expect(readings.count >= 2)
        #expect(turns[1]["heard"] as? String == readings[1])
        #expect(turns[2]["heard"] as? String == "화장실이 어디예요")
        #expect((turns[2]["translation"] as? String)?.contains("bathroom") == true)
        // After :undo the Korean side speaks again: "감사합니다" is translated into English.
        #expect(turns[4]["from"] as? String == "ko-KR")
        #expect(turns[4]["translation"] as? String == "Thank you")
    }

    @Test func enterWhileParleySpeaksStopsTheSpeechAtOnce() throws {
        let parley = try ParleyProcess()
        let speaker = parley.home.appendingPathComponent("speaker.raw")
        let terminal = try parley.terminal([
            "en", "es", "--input", "null_sink", "--output", "test_speaker:OUTFILE=\(speaker.path)",
        ], environment: ["ALSA_CONFIG_PATH": ConversationEndToEndTests.alsaConfig.path])
        #expect(terminal.waitFor("en-US → es-ES ›"), "screen: \(terminal.screen)")
        // About 13 s of speech (the file speaker plays in real time), so that a stop is told from the
        // speech running out with bounds generous enough for a loaded machine.
        let sentence = "good morning thank you very much where is the bathroom good night see you tomorrow"
        terminal.type(Array(repeating: sentence, count: 3).joined(separator: " and ") + "\r")
        #expect(terminal.waitFor("  es-ES: "), "screen: \(terminal.screen)")
        // Enter once the speech reaches the speaker.
        let shown = fileSize(speaker)
        #expect(waitUntil(seconds: 30) { fileSize(speaker) > shown }, "no speech reached the speaker")
        let pressed = Date()
        terminal.type("\r")
        #expect(terminal.waitFor("es-ES → en-US ›"), "screen: \(terminal.screen)")
        let stopped = Date().timeIntervalSince(pressed)
        #expect(stopped < 4, "speech went on \(stopped) s after Enter")
        let played = Double((try? Data(contentsOf: speaker).count) ?? 0) / 2 / 22_050
        #expect(played < 6, "\(played) s of the ~13 s of speech reached the speaker")
        terminal.type(":quit\r")
        #expect(terminal.waitForExit() == 0)
    }
}
