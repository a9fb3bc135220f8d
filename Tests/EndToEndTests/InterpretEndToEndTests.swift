import Foundation
import Testing

/// `parley interpret`: a recording into subtitle files that hold every word `transcribe`
/// finds, in order, in cues no longer than the setting; live interpretation through ALSA's
/// file plugin; and the mistakes it refuses before hearing anything.
@Suite("parley binary: interpret")
struct InterpretEndToEndTests {
    /// The Korean fixtures joined into one recording: phrases said back to back with short
    /// breaths (so the recognizer hears utterances longer than a cue may last), and apart.
    static func longRecording(in parley: ParleyProcess) throws -> URL {
        let phrase = try Fixture.samples("ko-byeongwon-eodiyeyo-16k-mono.wav")
        let short = try Fixture.samples("ko-eolmayeyo-16k-mono.wav")
        let three = try Fixture.samples("ko-three-phrases-16k-mono.wav")
        var audio = Fixture.silence(0.4)
        for piece in [phrase, short, phrase, short, phrase] { audio += piece + Fixture.silence(0.12) }
        audio += Fixture.silence(1.0) + three + Fixture.silence(0.8) + short + Fixture.silence(0.5)
        let url = parley.home.appendingPathComponent("talk.wav")
        try (wavHeader(bytes: audio.count) + audio).write(to: url)
        return url
    }

    /// A canonical 44-byte header for 16 kHz mono 16-bit PCM of `bytes`.
    static func wavHeader(bytes: Int) -> Data {
        func le32(_ value: Int) -> Data { withUnsafeBytes(of: UInt32(value).littleEndian) { Data($0) } }
        func le16(_ value: Int) -> Data { withUnsafeBytes(of: UInt16(value).littleEndian) { Data($0) } }
        return Data("RIFF".utf8) + le32(36 + bytes) + Data("WAVEfmt ".utf8) + le32(16) + le16(1) + le16(1)
            + le32(16_000) + le32(32_000) + le16(2) + le16(16) + Data("data".utf8) + le32(bytes)
    }

    /// One subtitle cue as read back from a file.
    struct Cue {
        let number: Int
        let start: Double
        let end: Double
        let lines: [String]
    }

    /// Reads `text` as a subtitle file, failing on anything a player would not take: cues
    /// numbered from 1, a timing line `HH:MM:SS,mmm --> HH:MM:SS,mmm` (`.` in VTT), at least
    /// one line of text, a blank line after each.
    static func cues(_ text: String, vtt: Bool = false) throws -> [Cue] {
        var body = text
        if vtt {
            #expect(text.hasPrefix("WEBVTT\n\n"))
            body = String(text.dropFirst("WEBVTT\n\n".count))
        }
        #expect(body.hasSuffix("\n\n") || body.isEmpty)
        let separator = vtt ? "." : ","
        let timing = try Regex("^(\\d\\d):(\\d\\d):(\\d\\d)\\\(separator)(\\d\\d\\d) --> (\\d\\d):(\\d\\d):(\\d\\d)\\\(separator)(\\d\\d\\d)$")
        return try body.components(separatedBy: "\n\n").filter { !$0.isEmpty }.enumerated().map { index, block in
            let lines = block.components(separatedBy: "\n")
            #expect(lines[0] == "\(index + 1)", "\(block)")
            let match = try #require(lines[1].wholeMatch(of: timing), "\(lines[1])")
            let numbers = (1...8).map { Double(match.output[$0].substring ?? "") ?? -1 }
            let start = numbers[0] * 3600 + numbers[1] * 60 + numbers[2] + numbers[3] / 1000
            let end = numbers[4] * 3600 + numbers[5] * 60 + numbers[6] + numbers[7] / 1000
            #expect(lines.count >= 3 && lines.dropFirst(2).allSatisfy { !$0.isEmpty }, "\(block)")
            return Cue(number: index + 1, start: start, end: end, lines: Array(lines.dropFirst(2)))
        }
    }

    @Test func aRecordingBecomesSubtitlesHoldingEveryWordTranscribeFindsInOrder() throws {
        let parley = try ParleyProcess()
        let talk = try Self.longRecording(in: parley)
        let srt = parley.home.appendingPathComponent("talk.srt"), vtt = parley.home.appendingPathComponent("talk.vtt")
        let outcome = try parley.run(["interpret", "ko", "en", "--input-wav", talk.path, "--srt", srt.path, "--vtt", vtt.path,
                                      "--subtitles", "original", "--longest", "3"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("ko-KR: "), "\(outcome.stdout)")
        let transcript = try parley.run(["transcribe", talk.path, "--lang", "ko", "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(transcript.stdout.utf8)) as? [String: Any])
        let words = try #require(document["segments"] as? [[String: Any]]).flatMap { try #require($0["words"] as? [[String: Any]]) }
        #expect(words.count >= 10)
        let cues = try Self.cues(try String(contentsOf: srt, encoding: .utf8))
        // Every word, in order, once; each cue ends after it starts and lasts at most the setting.
        let cueWords = cues.flatMap { $0.lines.joined(separator: " ").split(separator: " ").map(String.init) }
        #expect(cueWords == words.map { $0["word"] as? String ?? "" })
        #expect(cues.allSatisfy { $0.end > $0.start && $0.end - $0.start <= 3.05 }, "\(cues.map { $0.end - $0.start })")
        #expect(zip(cues, cues.dropFirst()).allSatisfy { $0.end <= $1.start })
        #expect(cues.count > (document["segments"] as? [Any])?.count ?? 0, "long utterances were cut")
        // Timed by the words: each cue starts at its first word and ends at its last (or
        // within the short-cue allowance after it).
        var index = 0
        for cue in cues {
            let count = cue.lines.joined(separator: " ").split(separator: " ").count
            let first = words[index], last = words[index + count - 1]
            #expect(abs(cue.start - (first["start"] as? Double ?? -9)) <= 0.3, "cue \(cue.number)")
            #expect(cue.end - (last["end"] as? Double ?? -9) <= 0.5 && cue.end >= (last["end"] as? Double ?? 99) - 0.3,
                    "cue \(cue.number)")
            index += count
        }
        let vttCues = try Self.cues(try String(contentsOf: vtt, encoding: .utf8), vtt: true)
        #expect(vttCues.map(\.lines) == cues.map(\.lines))
        #expect(vttCues.map(\.start) == cues.map(\.start))
    }

    @Test func translationsUnderTheWordsFromAPipeAndAsJSON() throws {
        let parley = try ParleyProcess()
        let fixture = Fixture.url("ko-three-phrases-16k-mono.wav").path
        let srt = parley.home.appendingPathComponent("both.srt")
        let piped = try parley.shell("cat '\(fixture)' | \"$0\" interpret ko en --input-wav - --srt '\(srt.path)' --subtitles both")
        #expect(piped.status == 0, "\(piped.stderr)")
        let cues = try Self.cues(try String(contentsOf: srt, encoding: .utf8))
        #expect(cues.count == 3)
        #expect(cues.first?.lines == ["얼마 예요", "How much is it?"], "\(cues.map(\.lines))")
        let json = try parley.run(["interpret", "ko", "en", "--input-wav", fixture, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let events = try json.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(events.map { $0["event"] as? String ?? "" } == ["heard", "translated", "heard", "translated", "heard", "translated", "ended"])
        #expect(events[1]["text"] as? String == "How much is it?" && events[1]["segment"] as? Int == 1)
        #expect(events.last?["segments"] as? Int == 3)
    }

    @Test(arguments: [
        ("missing.wav", [String](), 1, "missing.wav does not exist"),
        ("notes.txt", [], 1, "notes.txt"),
        ("talk.wav", ["--srt", "folder"], 1, "is a folder; name a file in it for the subtitle file"),
        ("talk.wav", ["--srt", "/dev/null"], 1, "/dev/null is a device, not a file"),
        ("talk.wav", ["--vtt", "no/such/folder/x.vtt"], 1, "Cannot write no/such/folder/x.vtt"),
    ])
    func mistakesAreRefusedNamingTheFix(input: String, options: [String], status: Int32, message: String) throws {
        let parley = try ParleyProcess()
        try Data("these are notes, not audio\n".utf8).write(to: parley.home.appendingPathComponent("notes.txt"))
        try FileManager.default.copyItem(at: Fixture.url("ko-eolmayeyo-16k-mono.wav"), to: parley.home.appendingPathComponent("talk.wav"))
        try FileManager.default.createDirectory(at: parley.home.appendingPathComponent("folder"), withIntermediateDirectories: true)
        let outcome = try parley.run(["interpret", "ko", "en", "--input-wav", input] + options)
        #expect(outcome.status == status)
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty, "nothing is heard before a refusal: \(outcome.stdout)")
    }

    @Test func anUnknownLanguageIsAUsageError() throws {
        let outcome = try ParleyProcess().run(["interpret", "ko", "xx", "--input-wav", Fixture.url("ko-eolmayeyo-16k-mono.wav").path])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("Unknown language 'xx'"), "\(outcome.stderr)")
    }

    /// Live, through ALSA's file plugin as a real-time microphone: each phrase is shown and
    /// translated as it is said, journaled as a segment, and Enter ends it.
    @Test func liveFromTheMicrophoneUntilEnter() throws {
        let parley = try ParleyProcess()
        let raw = parley.home.appendingPathComponent("microphone.raw")
        try Fixture.samples("ko-three-phrases-16k-mono.wav").write(to: raw)
        let running = try RunningParley(parley, arguments: ["interpret", "ko", "en", "--input", "test_mic:INFILE=\(raw.path)", "--json"],
                                        environment: ["ALSA_CONFIG_PATH": ConversationEndToEndTests.alsaConfig.path])
        #expect(running.waitFor("\"event\":\"translated\"", times: 3, seconds: 90), "\(running.stdout)")
        running.send("")
        #expect(waitUntil(seconds: 30) { !running.process.isRunning }, "Enter did not end it")
        if running.process.isRunning { running.kill() }
        #expect(running.process.terminationStatus == 0)
        let events = running.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(events.first?["event"] as? String == "listening")
        let translated = events.filter { $0["event"] as? String == "translated" }.compactMap { $0["text"] as? String }
        #expect(translated.contains("How much is it?"), "\(translated)")
        #expect(events.last?["event"] as? String == "ended")
        let heard = events.filter { $0["event"] as? String == "heard" }
        let journal = try ConversationEndToEndTests().journal(in: parley)
        #expect(journal.url.lastPathComponent.hasPrefix("interpretation-"))
        #expect(journal.lines.count == heard.count && heard.count >= 3)
        #expect(journal.lines.map { $0["heard"] as? String } == heard.map { $0["text"] as? String })
        #expect(journal.lines.allSatisfy { $0["kind"] as? String == "segment" && $0["start"] is Double && $0["end"] is Double })
        // The phrases are about three seconds apart: so are their segments.
        let starts = journal.lines.compactMap { $0["start"] as? Double }
        #expect(zip(starts, starts.dropFirst()).allSatisfy { (2...4).contains($1 - $0) }, "\(starts)")
    }

    /// `--headphones`: each translation is said on a speaker of its own while listening goes
    /// on; the voice's audio reaches the speaker (a raw file through ALSA's file plugin).
    @Test func theVoiceSaysTheTranslationsOnHeadphones() throws {
        let parley = try ParleyProcess()
        let raw = parley.home.appendingPathComponent("microphone.raw")
        try Fixture.samples("ko-three-phrases-16k-mono.wav").write(to: raw)
        let speaker = parley.home.appendingPathComponent("speaker.raw")
        let running = try RunningParley(parley, arguments: ["interpret", "ko", "en", "--headphones", "--json",
                                                            "--input", "test_mic:INFILE=\(raw.path)",
                                                            "--output", "test_speaker:OUTFILE=\(speaker.path)"],
                                        environment: ["ALSA_CONFIG_PATH": ConversationEndToEndTests.alsaConfig.path])
        #expect(running.waitFor("\"event\":\"speaking\"", times: 3, seconds: 90), "\(running.stdout)")
        running.send("")
        #expect(waitUntil(seconds: 30) { !running.process.isRunning }, "Enter did not end it")
        if running.process.isRunning { running.kill() }
        #expect(running.process.terminationStatus == 0)
        #expect(!running.stdout.contains("share the room"))
        let played = try Data(contentsOf: speaker)
        // Three translations, about a second each at 22,050 Hz, 16-bit.
        #expect(played.count > 44_100, "\(played.count) bytes played")
    }

    /// `:interpret` in a conversation: the speaker's language, live, until Ctrl-C (a script's
    /// SIGINT); the segments are journaled in the conversation's journal, and the
    /// conversation goes on with turns numbered after them.
    @Test func interpretInsideAConversationUntilCtrlC() throws {
        let parley = try ParleyProcess()
        let raw = parley.home.appendingPathComponent("microphone.raw")
        try Fixture.samples("ko-three-phrases-16k-mono.wav").write(to: raw)
        let running = try RunningParley(parley, arguments: ["ko", "en", "--mute", "--input", "test_mic:INFILE=\(raw.path)",
                                                            "--output", "null_sink"],
                                        environment: ["ALSA_CONFIG_PATH": ConversationEndToEndTests.alsaConfig.path])
        // The microphone plays the recording in real time from the start: listen at once.
        running.send(":interpret")
        #expect(running.waitFor("en-US: How much is it?", times: 2, seconds: 90), "\(running.stdout)")
        kill(running.process.processIdentifier, SIGINT)
        running.send("thank you")
        #expect(running.waitFor("감사합니다", seconds: 60), "\(running.stdout)")
        running.send(":quit")
        #expect(waitUntil(seconds: 30) { !running.process.isRunning }, "the conversation did not end")
        if running.process.isRunning { running.kill() }
        #expect(running.process.terminationStatus == 0)
        let journal = try ConversationEndToEndTests().journal(in: parley)
        #expect(journal.url.lastPathComponent.hasPrefix("conversation-"))
        let kinds = journal.lines.map { $0["kind"] as? String ?? "" }
        #expect(kinds.count >= 4 && kinds.dropLast().allSatisfy { $0 == "segment" } && kinds.last == "turn", "\(kinds)")
        #expect(journal.lines.map { $0["turn"] as? Int ?? 0 } == Array(1...max(1, kinds.count)), "\(journal.lines)")
    }
}
