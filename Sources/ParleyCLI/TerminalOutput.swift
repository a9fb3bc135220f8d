import Foundation
import ParleyKit
import Synchronization

/// Everything parley prints: results to stdout, notes and errors to stderr, so scripts
/// can read the results alone. Every line passes `VisibleText` (no control character or
/// bidi override from a dictionary, a recognizer or a file reaches the terminal raw), and
/// a terminal whose TERM is `dumb` (or unset) gets no escape sequence at all.
struct TerminalOutput: Sendable {
    /// Whether the terminal understands escape sequences (the live line's `ESC [ K`).
    static let escapesAllowed: Bool = {
        guard let term = ProcessInfo.processInfo.environment["TERM"] else { return false }
        return !term.isEmpty && term != "dumb"
    }()

    /// Set when writing to standard output failed (a full disk, a closed pipe): parley then
    /// exits 1 and says so, instead of 0 with the results lost.
    static let failedWrite = Atomic<Int32>(0)

    /// A result line (or, with another terminator, text that ends its own lines).
    func line(_ text: String, terminator: String = "\n") {
        Self.write(Array((VisibleText.of(text, keepingLines: true) + terminator).utf8), to: STDOUT_FILENO)
    }

    /// Writes `bytes` whole, unbuffered (a line is shown as soon as it is made); a failure is
    /// kept in `failedWrite`.
    private static func write(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress!, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                failedWrite.compareExchange(expected: 0, desired: errno, ordering: .relaxed)
                return
            }
            offset += written
        }
    }

    /// Live feedback on one terminal line (the words heard so far), overwritten in place.
    func status(_ text: String) {
        guard Self.escapesAllowed else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(VisibleText.of(text))".utf8))
    }

    /// Clears the live line.
    func clearStatus() {
        guard Self.escapesAllowed else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    /// A remark for the person at the terminal.
    func note(_ text: String) {
        FileHandle.standardError.write(Data("parley: \(VisibleText.of(text, keepingLines: true))\n".utf8))
    }

    /// An error, in its own words.
    func error(_ error: any Error) {
        note("\(error)")
    }
}
