import Foundation
import Testing

/// What a dictionary or a line carries never reaches the terminal as escape sequences, and
/// output that cannot be written is a failure.
@Suite("parley binary: hostile text and lost output")
struct HostileOutputEndToEndTests {
    /// A NUL or another control character inside a line cut Apertium's text short: a
    /// segment came back with an empty source, and the journal kept it.
    @Test(arguments: ["hel\u{0}lo world", "hel\u{1}lo world", "hel\u{7F}lo world"])
    func aControlCharacterInsideALineIsASpace(line: String) throws {
        let parley = try ParleyProcess()
        let outcome = try parley.run(["translate", "--from", "en", "--to", "es", "--json"], input: line + "\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any],
                                  "\(outcome.stdout) \(outcome.stderr)")
        #expect(object["text"] as? String == "hel lo world")
        let segments = try #require(object["segments"] as? [[String: String]])
        #expect(segments.allSatisfy { $0["source"]?.isEmpty == false && $0["target"]?.contains("*") == false }, "\(segments)")
    }

    @Test func anEntryWithEscapesIsShownVisibly() throws {
        let parley = try ParleyProcess()
        let added = try parley.run(["dict", "add", "en", "es", "pwn", "\u{1B}]0;TITLE\u{07}\u{1B}[2J\u{1B}[31mx"])
        #expect(added.status == 0)
        let translated = try parley.run(["translate", "--from", "en", "--to", "es", "pwn"])
        #expect(!translated.stdout.contains("\u{1B}") && !translated.stderr.contains("\u{1B}"))
        #expect(translated.stdout.contains("\\e]0;TITLE^G\\e[2J"), "\(translated.stdout)")
        // A typed line with a clipboard write, in a conversation with TERM=dumb.
        let talk = try parley.run(["en", "es", "--mute"], input: "hello \u{1B}]52;c;ZXZpbA==\u{07}\n",
                                  extraEnvironment: ["TERM": "dumb"])
        #expect(!talk.stdout.contains("\u{1B}") && !talk.stderr.contains("\u{1B}"), "\(talk.stdout.debugDescription)")
    }

    /// At a terminal whose TERM is dumb, not even the live line or readline writes an escape.
    @Test func aDumbTerminalGetsNoEscapeSequenceAtAll() throws {
        let parley = try ParleyProcess()
        let terminal = try parley.terminal(["en", "es", "--mute"], environment: ["TERM": "dumb"])
        #expect(terminal.waitFor("›"))
        terminal.type("good morning\r")
        #expect(terminal.waitFor("Buenos días"))
        terminal.type(":quit\r")
        #expect(terminal.waitForExit() == 0)
        #expect(!terminal.screen.contains("\u{1B}"), "\(terminal.screen.debugDescription)")
    }

    @Test func outputThatCannotBeWrittenExitsOne() throws {
        let outcome = try ParleyProcess().shell("echo 'good morning' | \"$0\" translate --from en --to es > /dev/full")
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("Could not write the output: No space left on device."), "\(outcome.stderr)")
    }
}
