import CReadline
import Foundation
import ParleyKit
import Synchronization

/// The person's lines: GNU readline with history and tab completion when standard input is a
/// terminal (so `~/.inputrc` applies), plain lines when it is a pipe or a file. Readline runs
/// in its callback mode, one character at a time, so the event loop can wait on the keyboard
/// and on Ctrl-C together. This is the only file that calls readline.
final class LineReader {
    /// What reading produced.
    enum Input: Equatable {
        case line(String)
        case endOfInput
    }

    /// True when lines come from a person at a terminal.
    let isInteractive: Bool
    private let historyFile: URL?
    /// How many lines the history file keeps.
    static let historyLimit: Int32 = 1_000

    /// Why the history file is not used this time (it is a pipe, a folder, unreadable), to say once.
    private(set) var historyProblem: String?

    /// A reader that keeps its history in `historyFile` when interactive.
    init(historyFile: URL?) {
        isInteractive = Descriptor.isTerminal(STDIN_FILENO)
        // readline opens the file as it is: a pipe there blocked the prompt with Ctrl-C dead.
        var usable = historyFile
        if isInteractive, let historyFile {
            do { try RegularFile.check(historyFile, what: "the history", stage: .input) } catch let error as ParleyError {
                if error.code != .notFound {
                    usable = nil
                    historyProblem = "\(error) Lines typed are not kept this time."
                }
            } catch {}
        }
        self.historyFile = usable
        guard isInteractive else { return }
        parley_readline_set_name(strdup("parley"))
        parley_readline_leave_signals_alone()
        parley_readline_set_completion(attemptCompletion)
        using_history()
        stifle_history(Self.historyLimit)
        if let usable { read_history(usable.path) }
    }

    /// The words offered by tab completion.
    static let completions = Mutex<[String]>([])

    /// GNU readline's version, for `parley doctor`.
    static var readlineVersion: String {
        parley_readline_version().map { String(cString: $0) } ?? "unknown version"
    }

    /// Piped input, a bounded line at a time.
    private let piped = BoundedLineReader()

    /// The next line from a pipe or file (blocking), or what kept it from being one; nil at
    /// its end.
    func readPipedLine() -> BoundedLineReader.Line? {
        piped.next()
    }

    // MARK: - The prompt (interactive)

    /// Shows `prompt` with `prefill` already typed and starts taking keys.
    func beginPrompt(_ prompt: String, prefill: String?) {
        LineReader.received.withLock { $0 = nil }
        rl_callback_handler_install(prompt, lineHandler)
        if let prefill, !prefill.isEmpty {
            rl_insert_text(prefill)
            rl_redisplay()
        }
    }

    /// Reads the keys waiting on standard input; returns the line once one is complete.
    func readAvailableKeys() -> Input? {
        rl_callback_read_char()
        guard let input = LineReader.received.withLock({ state -> Input? in
            defer { state = nil }
            return state
        }) else { return nil }
        if case .line(let line) = input { remember(line) }
        return input
    }

    /// Runs `body` with the terminal's echo off (at a terminal): while parley works, keys are
    /// read by parley, not shown by the terminal. Echoed, Enter (which stops listening) moved
    /// the cursor down and left the live line's last words above the result, and Ctrl-C's
    /// `^C` was glued to the next prompt. What is typed meanwhile is offered at the prompt.
    func withoutEcho<Result>(_ body: () -> Result) -> Result {
        var saved = termios()
        guard isInteractive, tcgetattr(STDIN_FILENO, &saved) == 0 else { return body() }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO | ECHONL)
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        return body()
    }

    /// Ctrl-C at the prompt: the line is dropped and a fresh prompt shown, as shells do.
    func clearLine() {
        rl_free_line_state()
        rl_callback_sigcleanup()
        FileHandle.standardOutput.write(Data("\n".utf8))
        rl_replace_line("", 0)
        rl_on_new_line()
        rl_redisplay()
    }

    private func remember(_ line: String) {
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        add_history(line)
        guard let historyFile else { return }
        try? FileManager.default.createDirectory(at: historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        if append_history(1, historyFile.path) != 0 { write_history(historyFile.path) }
        history_truncate_file(historyFile.path, Self.historyLimit)
    }

    /// The line readline handed over, picked up by `readAvailableKeys`.
    fileprivate static let received = Mutex<Input?>(nil)
}

/// Readline's line handler: a complete line (or nil at Ctrl-D). The prompt is removed so the
/// terminal is back in its normal mode while parley works on the line.
private let lineHandler: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { raw in
    rl_callback_handler_remove()
    let input: LineReader.Input = raw.map { .line(String(cString: $0)) } ?? .endOfInput
    if let raw { free(raw) }
    LineReader.received.withLock { $0 = input }
}

/// Readline's completion: parley's words only, never file names.
private let attemptCompletion: @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { text, _, _ in
    parley_readline_completion_is_over()
    return rl_completion_matches(text, completionGenerator)
}

/// Readline's generator: called with state 0 for a new word, then until it returns nil.
private let completionGenerator: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = { text, state in
    let prefix = text.map { String(cString: $0) } ?? ""
    let matches = LineReader.completions.withLock { $0.filter { $0.hasPrefix(prefix) } }
    let index = Int(state)
    return index < matches.count ? strdup(matches[index]) : nil
}
