import CReadline
import Foundation

/// Reads the user's lines: GNU readline with history when standard input is a terminal
/// (so `~/.inputrc` applies), plain lines when it is a pipe or a file.
final class LineReader {
    /// True when lines come from a person at a terminal.
    let isInteractive: Bool
    private let historyFile: URL?

    /// A reader that keeps its history in `historyFile` when interactive.
    init(historyFile: URL?) {
        isInteractive = isatty(STDIN_FILENO) == 1
        self.historyFile = historyFile
        if isInteractive {
            parley_readline_set_name(strdup("parley"))
            using_history()
            if let historyFile { read_history(historyFile.path) }
        }
    }

    /// The next line without its newline, or nil at end of input (Ctrl-D).
    func readLine(prompt: String) -> String? {
        guard isInteractive else { return Swift.readLine(strippingNewline: true) }
        guard let raw = readline(prompt) else { return nil }
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
}
