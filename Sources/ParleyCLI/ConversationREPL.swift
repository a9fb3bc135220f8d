import Foundation
import ParleyKit
import Synchronization

/// The conversation prompt: the front end of the conversation engine. Each typed line is a
/// turn; an empty line listens; lines that start with `:` are commands (REPLCommands.swift).
/// The engine runs on its own thread; this thread reads the keyboard, shows the engine's
/// events as they come, and passes Enter and Ctrl-C on while the engine works.
final class ConversationREPL {
    let options: ConversationOptions
    let paths: DataPaths
    let output: TerminalOutput
    let reader: LineReader
    let library: DictionaryLibrary
    let renderer: ConversationRenderer
    /// How bare languages resolve (the config's `[locales]` over the standard table).
    let preferences: PreferredLocales
    private let engine: EngineThread
    /// Text typed while the engine worked, offered at the next prompt.
    private var prefill: String?

    /// A conversation as `options` ask, with `config`'s settings under them.
    init(options: ConversationOptions, paths: DataPaths, config: ConfigFile, output: TerminalOutput) throws {
        self.options = options
        self.paths = paths
        self.output = output
        reader = LineReader(historyFile: paths.historyFile)
        library = DictionaryLibrary(paths: paths)
        renderer = ConversationRenderer(output: output, live: reader.isInteractive)
        let parts = ConversationSetup.parts(options: options, paths: paths, config: config, library: library, output: output)
        var voices = VoiceSettings(config: config)
        for request in options.voices { voices.setVoice(request) }
        let endpoint = (options.endpoint ?? config.endpoint ?? .after(seconds: Endpointer.defaultSilence)).seconds
        preferences = config.preferredLocales
        engine = try EngineThread { [options, voices] events in
            ConversationEngine(first: options.first, second: options.second, parts: parts, voices: voices,
                               muted: options.mute, endpoint: endpoint, events: events)
        }
    }

    /// Runs until end of input or `:quit`; returns the exit status.
    func run() -> Int32 {
        _ = InterruptPipe.descriptor
        let endpoints = ConversationSetup.endpoints(options)
        perform { $0.start(audio: endpoints) }
        updateCompletions()
        if reader.isInteractive {
            output.line("Type a sentence, or press Enter on an empty line to speak. :help lists the commands.")
        }
        while case .line(let line) = nextInput() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                perform { $0.listen() }
            } else if trimmed.hasPrefix(":") {
                // Only a line that starts with `:` is a command: `no:si` typed is a turn.
                if !handleCommand(trimmed) { break }
            } else {
                perform { $0.typedTurn(trimmed) }
            }
        }
        perform { $0.close() }
        return 0
    }

    /// Where the conversation stands (sides, turns, modes).
    var snapshot: ConversationSnapshot { engine.control.snapshot }

    var prompt: String {
        let snapshot = snapshot
        return snapshot.dictating ? "\(snapshot.speaker) dictation › " : "\(snapshot.speaker) → \(snapshot.listener) › "
    }

    /// Runs `job` on the engine and waits for it, showing its events as they come and
    /// passing on Ctrl-C (cancel) and Enter (finish now) meanwhile; returns the job's result.
    @discardableResult
    func perform<Result: Sendable>(_ job: @escaping @Sendable (ConversationEngine) -> Result) -> Result {
        let result = ResultBox<Result>()
        _ = InterruptPipe.take()   // a Ctrl-C from before this job is not meant for it
        engine.submit { result.set(job($0)) }
        var finished = false
        var keyboard = reader.isInteractive
        while !finished {
            var descriptors = [pollfd(fd: engine.mailbox.descriptor, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: InterruptPipe.descriptor, events: Int16(POLLIN), revents: 0)]
            if keyboard { descriptors.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
            guard poll(&descriptors, nfds_t(descriptors.count), -1) > 0 else { continue }
            for message in engine.mailbox.take() {
                switch message {
                case .event(let event): renderer.render(event)
                case .finished: finished = true
                }
            }
            if InterruptPipe.take() { engine.control.interrupt() }
            if keyboard, descriptors[2].revents != 0 { keyboard = keyPressedWhileBusy() }
        }
        return result.value!
    }

    /// Enter while the engine works ends listening (or speech) now. A line typed meanwhile
    /// is kept and offered at the next prompt. False once the keyboard has nothing more to
    /// give (Ctrl-D), so it is not watched again for this job.
    private func keyPressedWhileBusy() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        // The terminal is in its normal line mode here: one read is one line.
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        guard count > 0 else { return false }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .newlines)
        if !text.trimmingCharacters(in: .whitespaces).isEmpty { prefill = (prefill.map { $0 + " " } ?? "") + text }
        engine.control.finishNow()
        return true
    }

    /// The next line: from the prompt (Ctrl-C there clears the line) or from a pipe.
    private func nextInput() -> LineReader.Input {
        guard reader.isInteractive else {
            return reader.readPipedLine().map { .line($0) } ?? .endOfInput
        }
        reader.beginPrompt(prompt, prefill: prefill)
        prefill = nil
        while true {
            var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: InterruptPipe.descriptor, events: Int16(POLLIN), revents: 0)]
            guard poll(&descriptors, 2, -1) > 0 else { continue }
            if InterruptPipe.take() { reader.clearLine() }
            if descriptors[0].revents != 0, let input = reader.readAvailableKeys() { return input }
        }
    }

    /// Commands and locale tags for tab completion.
    func updateCompletions() {
        let snapshot = snapshot
        let installed = ModelStore(roots: paths.modelRoots, preferences: preferences).installed().map(\.locale.identifier)
        let locales = Set(installed + [snapshot.speaker.identifier, snapshot.listener.identifier]
            + ["en-US", "en-GB", "es-ES", "es-MX", "pt-BR", "fr-FR", "de-DE", "it-IT", "ko-KR", "ja-JP", "zh-CN"])
        LineReader.completions.withLock {
            $0 = REPLCommands.names + locales.sorted() + ["on", "off", "female", "male", "in", "out"]
        }
    }
}

/// A value handed from the engine thread back to the terminal's thread.
private final class ResultBox<Value: Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)
    func set(_ value: Value) { stored.withLock { $0 = value } }
    var value: Value? { stored.withLock { $0 } }
}
