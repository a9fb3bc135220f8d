import Foundation
import Synchronization

/// A per-language pronunciation lexicon: words mapped to espeak-ng phonemes (`[[t'0m@toU]]`)
/// or a respelling (`tomahto`), applied whenever the word is spoken. Stored as
/// `<config>/parley/lexicon/<language>.tsv`, one `word<TAB>pronunciation` a line.
public struct Lexicon: Sendable, Equatable {
    /// Lower-case word → pronunciation as written.
    public private(set) var entries: [String: String]

    /// A lexicon of `entries`; pronunciations that are not usable (see `problem(with:)`) are left out.
    public init(entries: [String: String] = [:]) {
        self.entries = Dictionary(entries.filter { Self.problem(with: $0.value) == nil }
            .map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
    }

    /// The longest phoneme string an entry may give: espeak-ng crashes on a 1,000-character one.
    public static let maximumPhonemeLength = 100

    /// What is wrong with `pronunciation`, or nil when it can be used: a phoneme entry is
    /// `[[…]]` around at most `maximumPhonemeLength` printable ASCII characters and no
    /// brackets; a respelling has no `[[` or `]]` (only the lexicon may switch espeak-ng to
    /// phonemes).
    public static func problem(with pronunciation: String) -> String? {
        if pronunciation.hasPrefix("[["), pronunciation.hasSuffix("]]"), pronunciation.count >= 4 {
            let inner = pronunciation.dropFirst(2).dropLast(2)
            guard inner.count <= maximumPhonemeLength else {
                return "its phonemes are \(inner.count) characters long; at most \(maximumPhonemeLength) are read"
            }
            guard inner.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F && $0 != "[" && $0 != "]" }) else {
                return "phonemes in [[ ]] are espeak-ng's ASCII symbols, without brackets"
            }
            return nil
        }
        return pronunciation.contains("[[") || pronunciation.contains("]]")
            ? "write phonemes as the whole pronunciation, [[like this]], or a respelling without brackets" : nil
    }

    /// Loads `file`; a missing file is an empty lexicon, malformed lines are returned as issues.
    public static func load(_ file: URL) throws -> (lexicon: Lexicon, issues: [DictionaryIssue]) {
        guard FileManager.default.fileExists(atPath: file.path) else { return (Lexicon(), []) }
        let (parsed, issues) = try DictionaryFile.read(file, what: "the lexicon")
        var lexicon = Lexicon()
        var problems = issues
        for entry in parsed {
            if entry.source.contains(" ") {
                problems.append(DictionaryIssue(file: file.path, line: 0,
                    reason: "'\(entry.source)' has several words; a lexicon entry is one word"))
                continue
            }
            if let problem = problem(with: entry.target) {
                problems.append(DictionaryIssue(file: file.path, line: 0, reason: "'\(entry.source)': \(problem)"))
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
    /// Phoneme entries keep their `[[ ]]`, which espeak-ng reads when told to; in the
    /// person's own text a run of brackets becomes one, so typed or heard `[[…]]` is read
    /// as text, never as phonemes.
    public func apply(to text: String) -> String {
        var result = ""
        var word = ""
        var lastOwn: Character?
        func flush() {
            if !word.isEmpty { result += entries[word.lowercased()] ?? word }
            word = ""
        }
        for character in text {
            if character.isLetter || character.isNumber || character == "'" {
                word.append(character)
                lastOwn = nil
            } else {
                flush()
                if (character == "[" || character == "]"), lastOwn == character { continue }
                result.append(character)
                lastOwn = character
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
        if let problem = problem(with: pronunciation) {
            throw ParleyError(.synthesis, .invalidInput, "The pronunciation of '\(word)' was not added: \(problem).")
        }
        try AtomicFile.update(file, stage: .synthesis, what: "the lexicon") { current in
            // The file's own line ends (CRLF too) and byte-order mark are kept.
            var file = TextLines(current ?? "# parley pronunciation lexicon\n")
            file.lines.removeAll { line in
                !line.hasPrefix("#") && line.split(separator: "\t").first.map {
                    $0.trimmingCharacters(in: .whitespaces).lowercased() == word.lowercased() } == true
            }
            file.lines.append(DictionaryFile.line(for: DictionaryEntry(source: word, target: pronunciation)))
            return file.text
        }
    }
}
