import Foundation

/// Reads a language pack folder: every `*.txt` is a list (one entry a line) and every `*.tsv`
/// a table (tab-separated fields, as many on each line as on the file's first). In both,
/// `#` starts a comment line, blank lines are skipped, CRLF line ends are read as LF and
/// fields are trimmed. A line that cannot be used (a table row with the wrong number of
/// fields or an empty one, text that is not UTF-8) is reported with its file and line
/// number and skipped; the rest of the file still loads.
enum LanguagePackReader {
    /// Files over this size are refused: a pack is word lists, not a corpus.
    static let maximumFileSize = 4 * 1024 * 1024

    /// A language code or file stem that cannot climb out of the packs folder.
    static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && !name.hasPrefix(".")
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    static func read(language: String, folder: URL) -> LanguagePack {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var lists: [String: [String]] = [:]
        var tables: [String: [[String]]] = [:]
        var issues: [DictionaryIssue] = []
        for name in names.sorted() {
            let file = folder.appendingPathComponent(name)
            let stem = (name as NSString).deletingPathExtension
            let kind = (name as NSString).pathExtension
            guard ["txt", "tsv"].contains(kind), isSafeName(stem) else { continue }
            guard let text = contents(of: file, issues: &issues) else { continue }
            if kind == "txt" {
                lists[stem] = entries(of: text).map(\.text)
            } else {
                tables[stem] = rows(of: text, path: file.path, issues: &issues)
            }
        }
        return LanguagePack(language: language, lists: lists, tables: tables, issues: issues)
    }

    /// The text of `file`, or nil with an issue when it is too large or not UTF-8.
    private static func contents(of file: URL, issues: inout [DictionaryIssue]) -> String? {
        // A pipe would block the read forever, a folder is no list.
        do { try RegularFile.check(file, what: "a language pack file", stage: .translation) } catch {
            issues.append(DictionaryIssue(file: file.path, line: 0, reason: "\(error)"))
            return nil
        }
        guard let data = try? Data(contentsOf: file) else {
            issues.append(DictionaryIssue(file: file.path, line: 0, reason: "cannot be read"))
            return nil
        }
        guard data.count <= maximumFileSize else {
            issues.append(DictionaryIssue(file: file.path, line: 0, reason: "larger than \(maximumFileSize / 1024 / 1024) MiB"))
            return nil
        }
        guard let text = String(data: data, encoding: .utf8) else {
            issues.append(DictionaryIssue(file: file.path, line: 0, reason: "not UTF-8 text"))
            return nil
        }
        return text
    }

    /// The lines that carry data, with their 1-based numbers, trimmed and without CR.
    /// `keepingTabs` trims spaces only, so a table line's empty first or last field stays a field.
    static func entries(of text: String, keepingTabs: Bool = false) -> [(number: Int, text: String)] {
        TextLines(text).lines.enumerated().compactMap { index, line -> (number: Int, text: String)? in
            let trimmed = trimmed(line[...], keepingTabs: keepingTabs)
            guard !Self.trimmed(trimmed).isEmpty, !trimmed.hasPrefix("#") else { return nil }
            return (index + 1, String(trimmed))
        }
    }

    /// `text` without the spaces at its edges (tabs too, unless `keepingTabs`): what
    /// `trimmingCharacters(in: .whitespaces)` does, without its cost on every line and field
    /// of tables of thousands of lines, nearly all of which have nothing to trim.
    static func trimmed(_ text: Substring, keepingTabs: Bool = false) -> Substring {
        func isEdge(_ character: Character) -> Bool {
            character.isWhitespace && !character.isNewline && !(keepingTabs && character == "\t")
        }
        var text = text
        while let first = text.first, isEdge(first) { text = text.dropFirst() }
        while let last = text.last, isEdge(last) { text = text.dropLast() }
        return text
    }

    /// The rows of a table: each line's tab-separated fields, trimmed.
    static func rows(of text: String, path: String, issues: inout [DictionaryIssue]) -> [[String]] {
        var columns: Int?
        var rows: [[String]] = []
        for (number, line) in entries(of: text, keepingTabs: true) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { String(trimmed($0)) }
            let expected = columns ?? fields.count
            if fields.count != expected {
                issues.append(DictionaryIssue(file: path, line: number,
                                              reason: "\(fields.count) tab-separated fields where the file has \(expected)"))
            } else if fields.contains(where: \.isEmpty) {
                issues.append(DictionaryIssue(file: path, line: number, reason: "an empty field"))
            } else {
                columns = expected
                rows.append(fields)
            }
        }
        return rows
    }
}
