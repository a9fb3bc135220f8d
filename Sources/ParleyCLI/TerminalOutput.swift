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
                _ = failedWrite.compareExchange(expected: 0, desired: errno, ordering: .relaxed)
                return
            }
            offset += written
        }
    }

    /// Live feedback on one terminal line (the words heard so far), overwritten in place. It
    /// is cut to the terminal's width: a line that wrapped could not be cleared by `ESC [ K`,
    /// and its first rows stayed above the result.
    func status(_ text: String) {
        guard Self.escapesAllowed else { return }
        let line = Self.fitted(VisibleText.of(text), width: Self.terminalWidth())
        FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
    }

    /// `text` on one line of `width` columns (less one, so the cursor never wraps): a longer
    /// one keeps its start up to the first ": " (the locale) and its latest words after "…".
    /// Columns are counted as the terminal does (a Hangul syllable takes two).
    static func fitted(_ text: String, width: Int) -> String {
        let room = max(width - 1, 8)
        guard columns(text) > room else { return text }
        var head = text.range(of: ": ").map { String(text[..<$0.upperBound]) } ?? ""
        if columns(head) + 5 > room { head = "" }
        var tail = ""
        var used = columns(head) + 1
        for character in text.reversed() {
            let width = columns(String(character))
            guard used + width <= room else { break }
            tail.insert(character, at: tail.startIndex)
            used += width
        }
        return head + "…" + tail
    }

    /// The columns `text` takes on a terminal.
    static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return total
            default: return total + (wideRanges.contains { $0.contains(scalar.value) } ? 2 : 1)
            }
        }
    }

    /// East Asian wide and full-width blocks: Hangul, CJK, kana, full-width forms.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
        0x20000...0x3FFFD,
    ]

    /// The standard error terminal's width in columns (80 when it does not say).
    static func terminalWidth() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Puts the cursor at the start of an empty line: the current line is cleared (the
    /// terminal's echoed `^C`), or, where escapes are not allowed, ended.
    func freshLine() {
        FileHandle.standardError.write(Data((Self.escapesAllowed ? "\r\u{1B}[K" : "\n").utf8))
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
