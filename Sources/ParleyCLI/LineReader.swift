import CReadline
import Foundation
import Synchronization

/// Reads the user's lines: GNU readline with history and tab completion when standard
/// input is a terminal (so `~/.inputrc` applies), plain lines when it is a pipe or a file.
/// Also owns Ctrl-C: it cancels the turn in progress, never the program.
final class LineReader {
    /// True when lines come from a person at a terminal.
    let isInteractive: Bool
    private let historyFile: URL?

    /// A reader that keeps its history in `historyFile` when interactive.
    init(historyFile: URL?) {
        isInteractive = isatty(STDIN_FILENO) == 1
        self.historyFile = historyFile
        parley_install_interrupt_handler()
        if isInteractive {
            parley_readline_set_name(strdup("parley"))
            parley_set_completion(completionGenerator)
            using_history()
            if let historyFile { read_history(historyFile.path) }
        }
    }

    /// The words offered by tab completion.
    static let completions = Mutex<[String]>([])

    /// The next line without its newline, or nil at end of input (Ctrl-D).
    func readLine(prompt: String) -> String? {
        guard isInteractive else { return Swift.readLine(strippingNewline: true) }
        _ = parley_take_interrupt()
        parley_set_at_prompt(1)
        let raw = readline(prompt)
        parley_set_at_prompt(0)
        guard let raw else { return nil }
        defer { free(raw) }
        let line = String(cString: raw)
        if !line.trimmingCharacters(in: .whitespaces).isEmpty {
            add_history(raw)
            if let historyFile {
                try? FileManager.default.createDirectory(at: historyFile.deletingLastPathComponent(),
                                                         withIntermediateDirectories: true)
                if append_history(1, historyFile.path) != 0 { write_history(historyFile.path) }
            }
        }
        return line
    }

    /// True once after Ctrl-C was pressed.
    func takeInterrupt() -> Bool { parley_take_interrupt() != 0 }

    /// True when the person pressed Enter (a line is waiting on a terminal's input).
    func enterPressed() -> Bool {
        guard isInteractive else { return false }
        var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 0) > 0 else { return false }
        _ = Swift.readLine()
        return true
    }
}

/// readline's generator: called with state 0 for a new word, then until it returns nil.
private let completionGenerator: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = { text, state in
    let prefix = text.map { String(cString: $0) } ?? ""
    let matches = LineReader.completions.withLock { $0.filter { $0.hasPrefix(prefix) } }
    let index = Int(state)
    return index < matches.count ? strdup(matches[index]) : nil
}
