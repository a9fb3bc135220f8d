import Foundation
import Testing

/// Whole conversations through the built binary, with ALSA's file/null plugins standing in
/// for the microphone (a committed Korean recording) and the speaker (a raw output file).
@Suite("parley binary: spoken conversations over a test ALSA configuration")
struct ConversationEndToEndTests {
    static let alsaConfig = ParleyProcess.checkout.appendingPathComponent("Tests/IntegrationTests/alsa-test.conf")
    static let recording = Fixture.url("ko-eolmayeyo-16k-mono.wav")

    /// The recording as the raw S16 mono the file plugin reads, and the devices' names.
    func devices(in parley: ParleyProcess, recording: URL = recording) throws -> (input: String, output: URL) {
        let data = try Data(contentsOf: recording)
        let raw = parley.home.appendingPathComponent("microphone.raw")
        try data.dropFirst(44).write(to: raw)   // a canonical 44-byte header, 16 kHz mono 16-bit
        return ("test_mic:INFILE=\(raw.path)", parley.home.appendingPathComponent("speaker.raw"))
    }

    func journal(in parley: ParleyProcess) throws -> (url: URL, lines: [[String: Any]]) {
        let folder = parley.home.appendingPathComponent(".local/share/parley/transcripts")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".jsonl") })
        let url = folder.appendingPathComponent(name)
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        return (url, lines)
    }

    @Test func listensTypesSwapsSwitchesPairsAndSaves() throws {
        let parley = try ParleyProcess()
        let (microphone, speaker) = try devices(in: parley)
        let saved = parley.home.appendingPathComponent("conversation.md")
        let outcome = try parley.run(["en", "ko", "--input", microphone, "--output", "test_speaker:OUTFILE=\(speaker.path)"],
                                     input: """
                                     :swap

                                     thank you
                                     :pair en es
                                     good morning
                                     :save \(saved.path)
                                     :quit
                                     """,
                                     extraEnvironment: ["ALSA_CONFIG_PATH": Self.alsaConfig.path])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("ko-KR: 얼마 예요"), "stdout: \(outcome.stdout)\nstderr: \(outcome.stderr)")
        #expect(outcome.stdout.contains("en-US: How much is it?"))
        #expect(outcome.stdout.contains("ko-KR: 감사합니다"))
        #expect(outcome.stdout.contains("es-ES: Buenos días"))
        #expect(!outcome.stderr.contains("ALSA lib"))

        // The three translations were synthesised and reached the speaker.
        let played = try Data(contentsOf: speaker).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        #expect(played.count > 22_050 * 2)
        #expect(played.filter { abs(Int($0)) > 1_000 }.count > 10_000)

        let (url, records) = try journal(in: parley)
        #expect(records.map { $0["translation"] as? String } == ["How much is it?", "감사합니다", "Buenos días"])
        #expect(records.map { $0["mode"] as? String } == ["spoken", "typed", "typed"])
        #expect(records.first?["from"] as? String == "ko-KR")
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        let markdown = try String(contentsOf: saved, encoding: .utf8)
        #expect(markdown.contains("- Heard: 얼마 예요"))
        #expect(markdown.contains("- Translation: Buenos días"))
    }

    @Test func aKilledSessionKeepsEveryCompletedTurn() throws {
        let parley = try ParleyProcess()
        // One phrase, then 4 s on another one said again every 3.9 s: the microphone keeps
        // only the last second between turns and nothing while parley speaks (as a real one
        // would), so on a busy machine the second spoken turn may miss a repetition or two,
        // but it still hears the next one whole.
        let repeated = Array(repeating: try Fixture.samples("ko-byeongwon-eodiyeyo-16k-mono.wav") + Fixture.silence(2), count: 8)
        let raw = parley.home.appendingPathComponent("two-phrases.raw")
        try (Fixture.samples("ko-eolmayeyo-16k-mono.wav") + Fixture.silence(4) + repeated.reduce(Data(), +)).write(to: raw)
        let microphone = "test_mic:INFILE=\(raw.path)"
        let speaker = parley.home.appendingPathComponent("speaker.raw")
        let running = try RunningParley(parley, arguments: ["ko", "en", "--input", microphone,
                                                            "--output", "test_speaker:OUTFILE=\(speaker.path)"],
                                        environment: ["ALSA_CONFIG_PATH": Self.alsaConfig.path])
        running.send("")
        #expect(running.waitFor("en-US: How much is it?"), "stdout: \(running.stdout)")
        running.send("where is the bathroom")
        #expect(running.waitFor("ko-KR: 화장실이 어디예요?"), "stdout: \(running.stdout)")
        // The microphone stayed open; the next turn hears the recording's second phrase.
        running.send("")
        #expect(running.waitFor("\n  en-US: ", times: 3), "stdout: \(running.stdout)")
        running.kill()
        let (_, records) = try journal(in: parley)
        #expect(records.count == 3, "stdout: \(running.stdout)")
        #expect(records.map { $0["mode"] as? String } == ["spoken", "typed", "spoken"])
        // Words of the second phrase (병원이 어디예요): on a loaded machine the turn may start in
        // its middle and hear only its end (이어, 예요), which is still a completed turn kept.
        let heard = records.last?["heard"] as? String ?? ""
        #expect(heard.contains { ("가"..."힣").contains($0) }, "heard: \(heard)")
    }

    @Test func recordingsAndFilesStandInForDevices() throws {
        let parley = try ParleyProcess()
        let spoken = parley.home.appendingPathComponent("spoken")
        let outcome = try parley.run(["ko", "en", "--input-wav", Self.recording.path, "--output-wav", spoken.path],
                                     input: "\n:swap\n:listen \(Self.recording.path)\n:dictate\ngood night\n")
        // Both the microphone recording and :listen heard the Korean phrase.
        #expect(outcome.stdout.components(separatedBy: "en-US: How much is it?").count == 3, "\(outcome.stdout)")
        #expect(outcome.stdout.contains("Dictation on: what you say is spoken back in en-US."))
        #expect(outcome.stdout.contains("en-US: Good night"))
        let files = try FileManager.default.contentsOfDirectory(atPath: spoken.path).sorted()
        #expect(files.first == "utterance-001.wav")
        #expect(files.count == 3)
    }

    @Test func noSpeechDoesNotPassTheTurn() throws {
        let parley = try ParleyProcess()
        let silence = Fixture.url("silence-2s-16k.wav")
        let outcome = try parley.run(["ko", "en", "--input-wav", silence.path, "--mute"], input: "\n:detect off\nthank you\n")
        #expect(outcome.stderr.contains("No speech heard; it is still ko-KR's turn."))
        // "thank you" was still the Korean side's turn (detection off: it is English), so it is
        // translated ko → en (unknown words).
        #expect(outcome.stdout.contains("ko-KR: thank you"))
    }
}
