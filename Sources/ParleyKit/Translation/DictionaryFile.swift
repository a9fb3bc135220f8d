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
        var entries: [DictionaryEntry] = []
        var issues: [DictionaryIssue] = []
        var lineNumber = 0
        for rawLine in contents.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.last == "\r" ? rawLine.dropLast() : rawLine
            if line.allSatisfy(\.isWhitespace) || line.first == "#" { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 2 else {
                let reason = fields.count < 2
                    ? "no tab between the phrase and its translation"
                    : "\(fields.count - 1) tabs; expected one between the phrase and its translation"
                issues.append(DictionaryIssue(file: path, line: lineNumber, reason: reason))
                continue
            }
            let source = fields[0].trimmingCharacters(in: .whitespaces)
            let target = fields[1].trimmingCharacters(in: .whitespaces)
            guard !PhraseText.words(source).isEmpty, !target.isEmpty else {
                issues.append(DictionaryIssue(file: path, line: lineNumber,
                    reason: source.isEmpty || PhraseText.words(source).isEmpty
                        ? "the phrase is empty" : "the translation is empty"))
                continue
            }
            entries.append(DictionaryEntry(source: source, target: target))
        }
        return (entries, issues)
    }

    /// Reads and parses the file at `url`; refuses (with a `.translation` error) files that
    /// are too large, binary, or not UTF-8.
    public static func read(_ url: URL) throws -> (entries: [DictionaryEntry], issues: [DictionaryIssue]) {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        if let size = attributes?[.size] as? Int, size > maximumSize {
            throw ParleyError(.translation,
                "\(url.path) is \(size / 1_048_576) MiB; dictionary files are limited to "
                + "\(maximumSize / 1_048_576) MiB. Split it into smaller files.")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ParleyError(.translation, "Cannot read \(url.path).", cause: error.localizedDescription)
        }
        if data.contains(0) {
            throw ParleyError(.translation,
                "\(url.path) is a binary file, not a dictionary. Dictionaries are UTF-8 text: "
                + "a phrase, a tab, its translation on each line.")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ParleyError(.translation,
                "\(url.path) is not UTF-8 text. Convert it (iconv -t UTF-8) and try again.")
        }
        return parse(text, path: url.path)
    }

    /// One line of the format for `entry`; tabs and newlines inside a phrase become spaces.
    public static func line(for entry: DictionaryEntry) -> String {
        func clean(_ text: String) -> String {
            text.replacingOccurrences(of: "\t", with: " ")
                .replacingOccurrences(of: "\r", with: " ")
                .replacingOccurrences(of: "\n", with: " ")
                .trimmingCharacters(in: .whitespaces)
        }
        return clean(entry.source) + "\t" + clean(entry.target)
    }
}
