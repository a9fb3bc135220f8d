import Foundation

/// A line of a dictionary file that could not be used, with where it is.
public struct DictionaryIssue: Sendable, Equatable, CustomStringConvertible {
    /// The file's path.
    public let file: String
    /// 1-based line number.
    public let line: Int
    /// What is wrong with it.
    public let reason: String

    public var description: String { "\(file):\(line): \(reason); line skipped" }
}

/// One source phrase and its translation, as written in a dictionary file.
public struct DictionaryEntry: Sendable, Equatable {
    /// The source phrase as written.
    public let source: String
    /// The translation as written (its case and punctuation are kept).
    public let target: String

    /// Creates an entry.
    public init(source: String, target: String) {
        self.source = source
        self.target = target
    }
}

/// The plain-text dictionary format (see `dictionaries/README.md`): UTF-8, one entry a
/// line as `source<TAB>translation`, `#` starts a comment line, blank lines are ignored.
public enum DictionaryFile {
    /// Files larger than this are refused rather than read into memory.
    public static let maximumSize = 64 * 1024 * 1024

    /// The entries of `contents` and the lines that were skipped, with reasons.
    public static func parse(_ contents: String, path: String) -> (entries: [DictionaryEntry], issues: [DictionaryIssue]) {
        parse(bytes: Array(contents.utf8), path: path)
    }

    /// Parses UTF-8 bytes. Works on bytes rather than `String` lines because imported
    /// dictionaries run to 100,000 lines and must load in well under a second.
    static func parse(bytes: [UInt8], path: String) -> (entries: [DictionaryEntry], issues: [DictionaryIssue]) {
        var entries: [DictionaryEntry] = []
        entries.reserveCapacity(bytes.count / 24)
        var issues: [DictionaryIssue] = []
        bytes.withUnsafeBufferPointer { buffer in
            var lineNumber = 0
            // A UTF-8 byte-order mark (Notepad's) is not part of the first phrase.
            var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            while lineStart < buffer.count {
                lineNumber += 1
                var lineEnd = lineStart
                var tabs: [Int] = []
                while lineEnd < buffer.count, buffer[lineEnd] != UInt8(ascii: "\n") {
                    if buffer[lineEnd] == UInt8(ascii: "\t") { tabs.append(lineEnd) }
                    lineEnd += 1
                }
                defer { lineStart = lineEnd + 1 }
                var end = lineEnd
                if end > lineStart, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = UnsafeBufferPointer(rebasing: buffer[lineStart..<end])
                if line.allSatisfy({ $0 == 32 || $0 == 9 }) || line.first == UInt8(ascii: "#") { continue }
                guard tabs.count == 1 else {
                    let reason = tabs.isEmpty
                        ? "no tab between the phrase and its translation"
                        : "\(tabs.count) tabs; expected one between the phrase and its translation"
                    issues.append(DictionaryIssue(file: path, line: lineNumber, reason: reason))
                    continue
                }
                let source = trimmedString(buffer[lineStart..<tabs[0]])
                let target = trimmedString(buffer[(tabs[0] + 1)..<end])
                let sourceHasWords = source.utf8.contains { $0 >= 0x80 || isWordByte($0) }
                    && !PhraseText.words(source).isEmpty
                guard sourceHasWords, !target.isEmpty else {
                    issues.append(DictionaryIssue(file: path, line: lineNumber,
                        reason: sourceHasWords ? "the translation is empty" : "the phrase is empty"))
                    continue
                }
                entries.append(DictionaryEntry(source: source, target: target))
            }
        }
        return (entries, issues)
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private static func trimmedString(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        var slice = bytes
        while let first = slice.first, first == 32 { slice = slice.dropFirst() }
        while let last = slice.last, last == 32 { slice = slice.dropLast() }
        return String(decoding: slice, as: UTF8.self)
    }

    /// Reads and parses the file at `url`; refuses (with a `.translation` error) files that
    /// are too large, binary, or not UTF-8.
    public static func read(_ url: URL, what: String = "a dictionary") throws -> (entries: [DictionaryEntry], issues: [DictionaryIssue]) {
        try RegularFile.check(url, what: what, stage: .translation)
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        if let size = attributes?[.size] as? Int, size > maximumSize {
            throw ParleyError(.translation, .invalidInput,
                "\(url.path) is \(size / 1_048_576) MiB; dictionary files are limited to "
                + "\(maximumSize / 1_048_576) MiB. Split it into smaller files.")
        }
        let data = try RegularFile.contents(of: url, what: what, stage: .translation, limit: maximumSize)
        if data.contains(0) {
            throw ParleyError(.translation, .invalidInput,
                "\(url.path) is a binary file, not a dictionary. Dictionaries are UTF-8 text: "
                + "a phrase, a tab, its translation on each line.")
        }
        let bytes = [UInt8](data)
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw ParleyError(.translation, .invalidInput,
                "\(url.path) is not UTF-8 text. Convert it (iconv -t UTF-8) and try again.")
        }
        return parse(bytes: bytes, path: url.path)
    }

    /// `entry` as a file holds it: tabs and newlines inside a phrase become spaces (they
    /// would end the phrase or the line). What a confirmation shows, so it says what was stored.
    public static func stored(_ entry: DictionaryEntry) -> DictionaryEntry {
        func clean(_ text: String) -> String {
            text.replacingOccurrences(of: "\t", with: " ")
                .replacingOccurrences(of: "\r", with: " ")
                .replacingOccurrences(of: "\n", with: " ")
                .trimmingCharacters(in: .whitespaces)
        }
        return DictionaryEntry(source: clean(entry.source), target: clean(entry.target))
    }

    /// `entry` as a person reads it in a confirmation (`good morning → buenos días`): as
    /// stored, with any other control character shown visibly (`VisibleText`).
    public static func shown(_ entry: DictionaryEntry) -> String {
        let stored = stored(entry)
        return "\(VisibleText.of(stored.source)) → \(VisibleText.of(stored.target))"
    }

    /// One line of the format for `entry`; tabs and newlines inside a phrase become spaces.
    public static func line(for entry: DictionaryEntry) -> String {
        let entry = stored(entry)
        // A line that starts with `#` is a comment: a phrase that does (`#hashtag`) is written
        // after a space, which the reader trims, so it stays an entry.
        return (entry.source.hasPrefix("#") ? " " : "") + entry.source + "\t" + entry.target
    }
}
