import Foundation
import ParleyKit

/// `parley A B --json`: the conversation for scripts and other programs. Input is read a line
/// at a time as in the non-terminal mode (a typed turn, an empty line to listen, a `:`
/// command), or as a JSON object: `{"side": "es", "text": "…"}` is a turn, whatever its text
/// says, and `{"command": ":pair en ko"}` a command; every event is written to
/// standard output as one JSON object a line (`JSONEvent`), and a `ready` line says when
/// the next input is awaited. Ctrl-C (SIGINT) cancels the turn in progress. A renderer over
/// the `Interpreter`, as the prompt is.
final class ConversationJSON {
    let options: ConversationOptions
    let output: TerminalOutput
    let interpreter: Interpreter
    /// The command being handled, named in its replies, notes and errors.
    private var command: String?

    /// A conversation as `options` ask, with `config`'s settings under them.
    init(options: ConversationOptions, paths: DataPaths, config: ConfigFile, output: TerminalOutput) throws {
        self.options = options
        self.output = output
        interpreter = try Interpreter(settings: options.settings(config: config), paths: paths,
                                      preferences: config.preferredLocales)
    }

    /// Runs until end of input or `:quit`; returns the exit status.
    func run() -> Int32 {
        _ = InterruptPipe.descriptor
        _ = InterruptPipe.take()
        interpreter.start(audio: options.endpoints, watching: [InterruptPipe.descriptor],
                          whenReadable: interrupted, render: render)
        ready()
        let input = BoundedLineReader()
        while let read = input.next() {
            let line: String
            switch read {
            case .text(let text): line = text
            case .tooLong(let bytes):
                emit(.error(BoundedLineReader.tooLong(bytes: bytes)))
                ready()
                continue
            case .failed(let error):
                emit(.error(BoundedLineReader.readFailure(errno: error)))
                interpreter.shutdown()
                return 1
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            command = Self.commandName(trimmed)
            if trimmed.hasPrefix("{") ? !handle(object: trimmed) : !handle(line: trimmed) {
                break
            }
            command = nil
            ready()
        }
        interpreter.shutdown()
        return 0
    }

    /// A JSON input line. `{"side": "es", "text": "…"}` is a turn by that side, without a side
    /// by the side whose turn it is; without text, the side is listened to. Text is always a
    /// turn, even one that starts with `:`: a program that wraps its users' words in JSON must
    /// not let them run commands. `{"command": ":save x.md"}` is a command, given on purpose.
    /// Returns false when the conversation should end (`:quit`).
    func handle(object line: String) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              Set(object.keys).isSubset(of: ["side", "text"]) || Set(object.keys) == ["command"],
              object.values.allSatisfy({ $0 is String }) else {
            emit(.error(ParleyError(.input, .invalidInput, "Not a turn or a command: write a JSON object such as "
                + #"{"side": "es", "text": "hola"} (both keys optional; no text listens), {"command": ":pair en ko"}, "#
                + "a line of text, or a : command.")))
            return true
        }
        if let given = object["command"] as? String {
            let trimmed = given.trimmingCharacters(in: .whitespacesAndNewlines)
            // The `:` is optional in the field that can only hold a command.
            let line = trimmed.hasPrefix(":") ? trimmed : ":" + trimmed
            command = Self.commandName(line)
            guard line.count > 1, !line.contains(where: \.isNewline) else {
                emit(.error(ParleyError(.input, .invalidInput, "The command field holds one command, such as "
                    + #"{"command": ":pair en ko"}; see :help."#)))
                return true
            }
            return handle(line: line)
        }
        let text = (object["text"] as? String ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if let side = object["side"] as? String {
            return perform(.turn(asLanguage: side, text: text))
        }
        return perform(text.isEmpty ? .listen : .typedTurn(text))
    }

    /// The command a plain input line gives (`:save`), named in the events it causes.
    static func commandName(_ line: String) -> String? {
        line.hasPrefix(":") ? String(line.prefix { $0 != " " }) : nil
    }

    /// Reads and carries out one plain line; false when the conversation should end.
    func handle(line: String) -> Bool {
        _ = InterruptPipe.take()   // a Ctrl-C from before this command is not meant for it
        return interpreter.handle(line: line, watching: [InterruptPipe.descriptor], whenReadable: interrupted, render: render)
    }

    /// Carries out `command`; false when the conversation should end.
    func perform(_ command: ConversationCommand) -> Bool {
        _ = InterruptPipe.take()
        return interpreter.perform(command, watching: [InterruptPipe.descriptor], whenReadable: interrupted, render: render)
    }

    /// Ctrl-C while the engine works cancels what it does.
    private func interrupted(_ descriptor: Int32) -> Bool {
        if InterruptPipe.take() { interpreter.control.interrupt() }
        return true
    }

    /// An event of the command being handled: what a command made happen (:alt's turn,
    /// :say's speech) and its replies name the command.
    private func render(_ event: ConversationEvent) {
        var line = JSONEvent(event)
        line.command = command
        emit(line)
    }

    /// Events posted while no job ran, then the `ready` line.
    private func ready() {
        interpreter.drainEvents { emit(JSONEvent($0)) }
        emit(JSONEvent(ready: interpreter.snapshot))
    }

    private func emit(_ event: JSONEvent) {
        output.line(event.line)
    }
}
