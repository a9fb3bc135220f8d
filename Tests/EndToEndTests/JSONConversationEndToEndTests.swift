import Foundation
import Testing

/// `parley A B --json` through the built binary: every line of standard output is parsed.
@Suite("parley binary: the conversation as JSON lines")
struct JSONConversationEndToEndTests {
    /// Every line of `stdout` as a JSON object; a line that is not one fails the test.
    func events(_ outcome: ParleyProcess.Outcome) throws -> [[String: Any]] {
        try outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                         "not a JSON object: \(line)\nstderr: \(outcome.stderr)")
        }
    }

    func names(_ events: [[String: Any]]) -> [String] { events.map { $0["event"] as? String ?? "?" } }

    /// The events between one `ready` and the next: what one input line made happen.
    func byInput(_ events: [[String: Any]]) -> [[[String: Any]]] {
        var groups: [[[String: Any]]] = [[]]
        for event in events {
            if event["event"] as? String == "ready" { groups.append([]) } else { groups[groups.count - 1].append(event) }
        }
        return Array(groups.dropFirst().dropLast())
    }

    @Test func typedTurnsSidesCommandsAndErrorsAreOneObjectALine() throws {
        let parley = try ParleyProcess()
        let models = parley.home.appendingPathComponent("no-models")
        let outcome = try parley.run(["en", "es", "--json", "--mute"], input: """
            good morning
            {"side": "es", "text": "gracias"}
            :as es muy bien
            {"side": "en", "text": "a \\"quoted\\" bell\\u0007 and tab\\t"}
            {"side": "es", "text": 
            {"side": "fr", "text": "bonjour"}
            :frobnicate
            :dict add hasta la vista = see you later
            hasta la vista
            :save bell\u{07}\u{1B}[31m.txt
            :quit
            never read
            """, extraEnvironment: ["PARLEY_MODELS": models.path, "ALSA_CONFIG_PATH": "/dev/null"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let events = try events(outcome)
        // At start: what does not work (no models, no audio device), then ready.
        let start = events.prefix { $0["event"] as? String != "ready" }
        #expect(start.contains { $0["code"] as? String == "modelMissing" && $0["locale"] as? String == "es-ES" })
        #expect(start.contains { $0["code"] as? String == "noAudioDevice" })
        #expect(events.first { $0["event"] as? String == "ready" }?["speaker"] as? String == "en-US")
        let inputs = byInput(events)
        #expect(inputs.count == 10, "\(outcome.stdout)")
        guard inputs.count == 10 else { return }

        // A typed turn: heard, translated with where each part came from, passed.
        #expect(names(inputs[0]) == ["heard", "translated", "passed"])
        #expect(inputs[0][0]["text"] as? String == "good morning")
        #expect(inputs[0][0]["mode"] as? String == "typed")
        #expect(inputs[0][1]["text"] as? String == "Buenos días")
        #expect((inputs[0][1]["segments"] as? [[String: String]])?.first?["origin"] == "phrasebook")
        #expect(inputs[0][2]["to"] as? String == "es-ES")
        // A side chosen by the JSON object and by :as, whoever's turn it was.
        #expect(inputs[1][0]["locale"] as? String == "es-ES")
        #expect(inputs[1][1]["text"] as? String == "Thank you")
        #expect(inputs[2][0]["locale"] as? String == "es-ES")
        #expect(inputs[2][0]["command"] as? String == ":as")
        #expect(inputs[2][1]["text"] as? String == "Very well")
        // Quotes and control characters come back as they went in.
        #expect((inputs[3][0]["text"] as? String)?.hasPrefix("a \"quoted\" bell") == true, "\(inputs[3])")
        // Malformed JSON and a side nobody speaks are errors with codes; the conversation goes on.
        #expect(names(inputs[4]) == ["error"])
        #expect(inputs[4][0]["code"] as? String == "invalidInput")
        #expect(inputs[4][0]["stage"] as? String == "input")
        #expect(names(inputs[5]) == ["error"])
        #expect((inputs[5][0]["message"] as? String)?.contains("Neither side speaks fr") == true)
        #expect(inputs[6].first?["code"] as? String == "usage")
        #expect(inputs[6].first?["command"] as? String == ":frobnicate")
        // :dict add goes through the engine (es→en: the word is es-ES's): the next turn uses the entry.
        #expect(names(inputs[7]) == ["reply"])
        #expect(inputs[7][0]["command"] as? String == ":dict")
        #expect((inputs[8][1]["text"] as? String)?.lowercased().hasPrefix("see you later") == true, "\(inputs[8])")
        #expect((inputs[8][1]["segments"] as? [[String: String]])?.first?["origin"] == "user")
        // Control characters in what comes back are escaped, and read back as they were.
        #expect(outcome.stdout.contains(#"bell\u0007\u001b[31m.txt"#))
        #expect((inputs[9].first?["message"] as? String)?.contains("bell\u{07}\u{1B}[31m.txt has neither") == true)
        #expect(!outcome.stdout.contains("never read"))
    }

    /// A GUI that wraps its users' words in `"text"` must not let them run commands: text is
    /// always a turn (`:quit` too, which is not dropped), and commands have their own field.
    @Test func textIsAlwaysATurnAndCommandsHaveTheirOwnField() throws {
        let parley = try ParleyProcess()
        let typed = parley.home.appendingPathComponent("typed.md"), asked = parley.home.appendingPathComponent("asked.md")
        let outcome = try parley.run(["en", "es", "--json", "--mute"], input: """
            {"text": ":save \(typed.path)"}
            {"side": "es", "text": ":quit"}
            {"text": ":quit"}
            {"command": ":save \(asked.path)"}
            {"command": "quit", "text": "x"}
            {"command": "quit"}
            never read
            """, extraEnvironment: ["PARLEY_MODELS": parley.home.path, "ALSA_CONFIG_PATH": "/dev/null"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let inputs = byInput(try events(outcome))
        #expect(inputs.count == 5, "\(outcome.stdout)")
        guard inputs.count == 5 else { return }
        #expect(inputs[0].first?["event"] as? String == "heard")
        #expect(inputs[0].first?["text"] as? String == ":save \(typed.path)")
        #expect(!FileManager.default.fileExists(atPath: typed.path))
        #expect(inputs[1].first?["locale"] as? String == "es-ES")
        #expect(inputs[1].first?["text"] as? String == ":quit")
        #expect(inputs[2].first?["text"] as? String == ":quit")
        #expect(inputs[3].first?["command"] as? String == ":save")
        #expect(FileManager.default.fileExists(atPath: asked.path))
        // A command beside other keys is refused, not half-run.
        #expect(inputs[4].first?["code"] as? String == "invalidInput")
        #expect(!outcome.stdout.contains("never read"))
    }

    @Test func aSpokenKoreanTurnThroughTheALSAFilePlugin() throws {
        let parley = try ParleyProcess()
        let (microphone, speaker) = try ConversationEndToEndTests().devices(in: parley)
        let outcome = try parley.run(["ko", "en", "--json", "--input", microphone, "--output", "test_speaker:OUTFILE=\(speaker.path)"],
                                     input: "\n:history\n",
                                     extraEnvironment: ["ALSA_CONFIG_PATH": ConversationEndToEndTests.alsaConfig.path])
        #expect(outcome.status == 0)
        let inputs = byInput(try events(outcome))
        #expect(inputs.count == 2, "\(outcome.stdout)\n\(outcome.stderr)")
        guard inputs.count == 2 else { return }
        let turn = inputs[0].filter { $0["event"] as? String != "partial" && $0["event"] as? String != "modelLoading" }
        #expect(names(turn) == ["listening", "heard", "translated", "speaking", "spoken", "passed"])
        let heard = try #require(turn.first { $0["event"] as? String == "heard" })
        #expect(heard["locale"] as? String == "ko-KR")
        #expect(heard["mode"] as? String == "spoken")
        #expect(heard["text"] as? String == "얼마 예요")
        #expect((heard["alternatives"] as? [String])?.first == "얼마 예요")
        #expect(turn.first { $0["event"] as? String == "translated" }?["text"] as? String == "How much is it?")
        #expect(turn.first { $0["event"] as? String == "speaking" }?["locale"] as? String == "en-US")
        #expect(turn.last?["to"] as? String == "en-US")
        #expect(inputs[1].first?["event"] as? String == "reply")
        #expect((inputs[1].first?["text"] as? String)?.contains("1. ko-KR: 얼마 예요") == true)
        // The translation reached the speaker.
        #expect(try Data(contentsOf: speaker).count > 22_050)
    }

    @Test func theTerminalFrontEndTakesATurnBySideToo() throws {
        let parley = try ParleyProcess()
        let outcome = try parley.run(["en", "es", "--mute"], input: ":as es gracias\n:as\n",
                                     extraEnvironment: ["ALSA_CONFIG_PATH": "/dev/null"])
        #expect(outcome.stdout.contains("  es-ES: gracias\n  en-US: Thank you"), "\(outcome.stdout)")
        #expect(outcome.stderr.contains("Write :as es TEXT"))
    }
}
