import Foundation
import ParleyKit

/// Everything parley prints: results to stdout, notes and errors to stderr, so scripts
/// can read the results alone.
struct TerminalOutput: Sendable {
    /// A result line (or, with another terminator, text that ends its own lines).
    func line(_ text: String, terminator: String = "\n") {
        print(text, terminator: terminator)
        fflush(nil)
    }

    /// Live feedback on one terminal line (the words heard so far), overwritten in place.
    func status(_ text: String) {
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    /// Clears the live line.
    func clearStatus() {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
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
