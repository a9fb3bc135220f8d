import Foundation
import ParleyKit

/// Everything parley prints: results to stdout, notes and errors to stderr, so scripts
/// can read the results alone.
struct TerminalOutput: Sendable {
    /// A result line.
    func line(_ text: String) {
        print(text)
        fflush(nil)
    }

    /// A completed turn: what was understood and its translation (unknown words marked).
    func turn(_ translation: Translation) {
        line("  \(translation.source): \(translation.sourceText)")
        line("  \(translation.target): \(translation.markedText)")
    }

    /// A remark for the person at the terminal.
    func note(_ text: String) {
        FileHandle.standardError.write(Data("parley: \(text)\n".utf8))
    }

    /// An error, in its own words.
    func error(_ error: any Error) {
        note("\(error)")
    }
}
