/// A user's text file as lines, however it was saved: LF or CRLF line ends, with or without a
/// UTF-8 byte-order mark (Notepad writes both). Swift reads "\r\n" as one Character, so
/// `split(separator: "\n")` sees a CRLF file as a single line: rewriting one that way once
/// kept only the new entry. Every reader and rewriter of a user's file splits here, and a
/// rewrite puts back the file's own line end and mark.
public struct TextLines: Sendable, Equatable {
    /// The lines, without their ends or the mark; no empty last line for a final line end.
    public var lines: [String]
    /// The line end the file uses ("\r\n" when its first line ends so), for lines written back.
    public let ending: String
    /// Whether the text began with a byte-order mark.
    public let byteOrderMark: Bool

    /// The lines of `text`.
    public init(_ text: String) {
        var scalars = Substring(text).unicodeScalars
        byteOrderMark = scalars.first == "\u{FEFF}"
        if byteOrderMark { scalars = scalars.dropFirst() }
        let bytes = Substring(scalars).utf8
        var lines: [String] = []
        var ending: String?
        for raw in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            let hasReturn = raw.last == 0x0D
            if ending == nil, raw.endIndex != bytes.endIndex { ending = hasReturn ? "\r\n" : "\n" }
            lines.append(String(decoding: hasReturn ? raw.dropLast() : raw, as: UTF8.self))
        }
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
        self.ending = ending ?? "\n"
    }

    /// The lines as a file's text: each ended with `ending`, the mark put back.
    public var text: String {
        (byteOrderMark ? "\u{FEFF}" : "") + lines.map { $0 + ending }.joined()
    }

    /// The bytes of a file's text without its UTF-8 byte-order mark, for readers of bytes.
    public static func withoutByteOrderMark(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes
    }
}
