import Foundation
import Synchronization

/// A per-language pronunciation lexicon: words mapped to espeak-ng phonemes (`[[t'0m@toU]]`)
/// or a respelling (`tomahto`), applied whenever the word is spoken. Stored as
/// `<config>/parley/lexicon/<language>.tsv`, one `word<TAB>pronunciation` a line.
public struct Lexicon: Sendable, Equatable {
    /// Lower-case word → pronunciation as written.
    public private(set) var entries: [String: String]

    /// A lexicon of `entries`.
    public init(entries: [String: String] = [:]) {
        self.entries = Dictionary(entries.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
    }

    /// Loads `file`; a missing file is an empty lexicon, malformed lines are returned as issues.
    public static func load(_ file: URL) throws -> (lexicon: Lexicon, issues: [DictionaryIssue]) {
        guard FileManager.default.fileExists(atPath: file.path) else { return (Lexicon(), []) }
        let (parsed, issues) = try DictionaryFile.read(file)
        var lexicon = Lexicon()
        var problems = issues
        for entry in parsed {
            if entry.source.contains(" ") {
                problems.append(DictionaryIssue(file: file.path, line: 0,
                    reason: "'\(entry.source)' has several words; a lexicon entry is one word"))
                continue
            }
            lexicon.entries[entry.source.lowercased()] = entry.target
        }
        return (lexicon, problems)
    }

    /// Loads each language's lexicon from `paths` when it is asked for (every utterance
    /// asks), reading a file again only when it has changed; problems in a file go to
    /// `report` (a line each), once per version of the file, and leave that lexicon empty
    /// or without the bad lines. Shared by everything that speaks (`say`, the conversation).
    public static func loader(paths: DataPaths, report: @escaping @Sendable (String) -> Void)
        -> @Sendable (String) -> Lexicon {
        let loaded = Mutex<[String: (stamp: FileStamp, lexicon: Lexicon)]>([:])
        return { language in
            let file = paths.lexiconFile(language: language)
            let stamp = FileStamp(of: file)
            if let cached = loaded.withLock({ $0[language] }), cached.stamp == stamp { return cached.lexicon }
            var lexicon = Lexicon()
            do {
                let issues: [DictionaryIssue]
                (lexicon, issues) = try load(file)
                for issue in issues { report(issue.description) }
            } catch {
                report("\(error)")
            }
            loaded.withLock { [lexicon] in $0[language] = (stamp, lexicon) }
            return lexicon
        }
    }

    /// `text` with every lexicon word (whole words, any case) replaced by its pronunciation.
    /// Phoneme entries keep their `[[ ]]`, which espeak-ng reads when told to.
    public func apply(to text: String) -> String {
        guard !entries.isEmpty else { return text }
        var result = ""
        var word = ""
        func flush() {
            if !word.isEmpty { result += entries[word.lowercased()] ?? word }
            word = ""
        }
        for character in text {
            if character.isLetter || character.isNumber || character == "'" {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }

    /// True when some entry is given as phonemes, so espeak-ng must read `[[ ]]`.
    public var usesPhonemes: Bool { entries.values.contains { $0.hasPrefix("[[") } }

    /// Adds or replaces the pronunciation of `word` in the lexicon file, atomically. The file
    /// stays as the user wrote it (comments, blank lines, order): an earlier line for the
    /// word is removed and the new one appended.
    public static func add(word: String, pronunciation: String, to file: URL) throws {
        guard !word.isEmpty, !word.contains(where: \.isWhitespace), !pronunciation.isEmpty else {
            throw ParleyError(.synthesis, .invalidInput, "A lexicon entry is one word and its pronunciation, such as "
                + "tomato [[t@m'A:toU]] or tomato tomahto.")
        }
        try AtomicFile.update(file, stage: .synthesis) { current in
            var text = current ?? "# parley pronunciation lexicon\n"
            if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            lines.removeAll { line in
                !line.hasPrefix("#") && line.split(separator: "\t").first.map { $0.lowercased() == word.lowercased() } == true
            }
            lines.append(DictionaryFile.line(for: DictionaryEntry(source: word, target: pronunciation)))
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
