import Foundation
import ParleyKit

/// The conversation prompt: a readline renderer over the `Interpreter`. Each typed line is a
/// turn; an empty line listens; lines that start with `:` are commands (`ConversationCommand`,
/// carried out by the interpreter). The engine runs on its own thread; this thread reads the
/// keyboard, shows the events as they come (the engine's and the commands' replies), and
/// passes Enter and Ctrl-C on while the engine works.
final class ConversationREPL {
    let options: ConversationOptions
    let paths: DataPaths
    let output: TerminalOutput
    let reader: LineReader
    let renderer: ConversationRenderer
    let interpreter: Interpreter
    /// Lines typed while the engine worked, each offered at a prompt of its own, in order.
    private var typedWhileBusy = TypedLines()

    /// A conversation as `options` ask, with `config`'s settings under them.
    init(options: ConversationOptions, paths: DataPaths, config: ConfigFile, output: TerminalOutput) throws {
        self.options = options
        self.paths = paths
        self.output = output
        reader = LineReader(historyFile: paths.historyFile)
        renderer = ConversationRenderer(output: output, live: reader.isInteractive)
        interpreter = try Interpreter(settings: options.settings(config: config), paths: paths,
                                      preferences: config.preferredLocales)
    }

    /// Runs until end of input or `:quit`; returns the exit status.
    func run() -> Int32 {
        _ = InterruptPipe.descriptor
        whileWatching { interpreter.start(audio: options.endpoints, watching: $0, whenReadable: $1, render: renderer.render) }
        updateCompletions()
        if let problem = reader.historyProblem { output.note(problem) }
        if reader.isInteractive {
            output.line("Type a sentence, or press Enter on an empty line to speak. :help lists the commands.")
        }
        while case .line(let line) = nextInput(), handle(line: line) {}
        interpreter.shutdown()
        return 0
    }

    var prompt: String {
        let snapshot = interpreter.snapshot
        return snapshot.dictating ? "\(snapshot.speaker) dictation › " : "\(snapshot.speaker) → \(snapshot.listener) › "
    }

    /// Carries out one line; false when the conversation should end. Completion follows the
    /// pair, which a command may have changed.
    private func handle(line: String) -> Bool {
        let goesOn = whileWatching { interpreter.handle(line: line, watching: $0, whenReadable: $1, render: renderer.render) }
        if case .success(.pair) = ConversationCommand.parse(line, state: interpreter.snapshot) { updateCompletions() }
        return goesOn
    }

    /// Runs `body` (one command on the engine) with the keyboard's echo off, giving it what to
    /// watch meanwhile: Ctrl-C cancels, Enter finishes now.
    private func whileWatching<Result>(_ body: ([Int32], (Int32) -> Bool) -> Result) -> Result {
        _ = InterruptPipe.take()   // a Ctrl-C from before this job is not meant for it
        let keyboard = reader.isInteractive ? [STDIN_FILENO] : []
        return reader.withoutEcho {
            body([InterruptPipe.descriptor] + keyboard) { descriptor in
                guard descriptor == STDIN_FILENO else {
                    if InterruptPipe.take() {
                        // Whatever stands on the cursor's line (a ^C a terminal echoed anyway)
                        // is wiped, so what follows (a note, the prompt) starts a line of its own.
                        if reader.isInteractive { output.freshLine() }
                        interpreter.control.interrupt()
                    }
                    return true
                }
                return keyPressedWhileBusy()
            }
        }
    }

    /// Enter while the engine works ends listening (or speech) now. Each line typed or
    /// pasted meanwhile is kept, and offered at a prompt of its own, in order: once they
    /// were glued into one turn. False once the keyboard has nothing more to give (Ctrl-D),
    /// so it is not watched again for this job.
    private func keyPressedWhileBusy() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        guard let count = try? Descriptor.read(STDIN_FILENO, into: &buffer), count > 0 else { return false }
        typedWhileBusy.take(buffer[0..<count])
        interpreter.control.finishNow()
        return true
    }

    /// The next line: from the prompt (Ctrl-C there clears the line) or from a pipe.
    private func nextInput() -> LineReader.Input {
        guard reader.isInteractive else {
            while true {
                switch reader.readPipedLine() {
                case .text(let line)?: return .line(line)
                case .tooLong(let bytes)?: output.error(BoundedLineReader.tooLong(bytes: bytes))
                case .failed(let error)?:
                    output.error(BoundedLineReader.readFailure(errno: error))
                    return .endOfInput
                case nil: return .endOfInput
                }
            }
        }
        // Conditions met in the background while no job ran (a voice that cannot speak).
        interpreter.drainEvents(render: renderer.render)
        reader.beginPrompt(prompt, prefill: typedWhileBusy.next())
        while true {
            let ready = (try? Descriptor.wait(for: [(STDIN_FILENO, .readable), (InterruptPipe.descriptor, .readable)],
                                              milliseconds: -1)) ?? []
            guard !ready.isEmpty else { continue }
            if InterruptPipe.take() { reader.clearLine() }
            if ready.contains(STDIN_FILENO), let input = reader.readAvailableKeys() { return input }
        }
    }

    /// Commands and locale tags for tab completion.
    func updateCompletions() {
        let snapshot = interpreter.snapshot
        let installed = ModelStore(roots: paths.modelRoots, preferences: interpreter.preferences).installed().map(\.locale.identifier)
        let locales = Set(installed + [snapshot.speaker.identifier, snapshot.listener.identifier]
            + ["en-US", "en-GB", "es-ES", "es-MX", "pt-BR", "fr-FR", "de-DE", "it-IT", "ko-KR", "ja-JP", "zh-CN"])
        LineReader.completions.withLock {
            $0 = ConversationCommand.names + locales.sorted() + ["on", "off", "female", "male", "in", "out"]
        }
    }
}

/// The lines typed at the keyboard while parley was busy, in order. The terminal hands over
/// a line a read, but a long one comes in pieces: a piece without its Enter waits for the rest.
struct TypedLines {
    private var lines: [String] = []
    private var unfinished: [UInt8] = []

    /// Adds what one read of the keyboard gave.
    mutating func take(_ bytes: ArraySlice<UInt8>) {
        unfinished += bytes
        guard let end = unfinished.lastIndex(of: UInt8(ascii: "\n")) else { return }
        let text = String(decoding: unfinished[...end], as: UTF8.self)
        unfinished.removeSubrange(...end)
        lines += TextLines(text).lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// The next line to offer, oldest first; a piece still without its Enter comes last.
    mutating func next() -> String? {
        if !lines.isEmpty { return lines.removeFirst() }
        defer { unfinished = [] }
        let rest = String(decoding: unfinished, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return rest.isEmpty ? nil : rest
    }
}
