import Foundation

/// Base forms from Apertium's morphological analysers (`lt-proc` over an installed
/// `*.automorf.bin`), which know irregular forms the rules in `WordForms` cannot guess
/// (`cuestan` → `costar`, `children` → `child`) and say whether a noun is plural.
///
/// Optional: without `lt-proc` or an analyser for the language there is none, and the rules
/// are used alone. Its `lt-proc -z` process is kept while the `LttoolboxMorphology` that made
/// it lives (starting one costs more than the whole lookup), and each word is asked once.
public final class LttoolboxLemmatizer: WordAnalyser {
    /// One reading of a word (the type every analyser answers with).
    public typealias Reading = WordReading

    /// Apertium's three-letter name of the language of `pack`, from its `apertium-code.txt`:
    /// only the languages whose analysers parley has been tried with name one.
    static func apertiumCode(_ pack: LanguagePack) -> String? {
        pack.list("apertium-code").first
    }
    /// Where Debian and a local install put Apertium's language data.
    static let dataFolders = ["/usr/share/apertium", "/usr/local/share/apertium"]

    private let session: LttoolboxSession<WordAnalysis>

    init(analyser: URL, executable: URL) {
        session = LttoolboxSession(executable: executable, transducer: analyser, flags: "-z", unknown: WordAnalysis(), parse: Self.analysis)
    }

    /// An analyser for the language of `pack`, or nil when lt-proc or the language's analyser
    /// is not installed (or `PARLEY_NO_LTTOOLBOX` is set). `LttoolboxMorphology` keeps one per language.
    static func make(for pack: LanguagePack) -> LttoolboxLemmatizer? {
        locate(pack).map { LttoolboxLemmatizer(analyser: $0.analyser, executable: $0.executable) }
    }

    /// lt-proc and the analyser of the language of `pack`, when both are installed.
    static func locate(_ pack: LanguagePack) -> (executable: URL, analyser: URL)? {
        guard let code = apertiumCode(pack) else { return nil }
        return locate { $0.hasPrefix("\(code)-") && $0.hasSuffix(".automorf.bin") }.map { ($0.executable, $0.transducer) }
    }

    /// lt-proc and the first installed transducer whose file name `matches`, when both are
    /// installed and `PARLEY_NO_LTTOOLBOX` is not set (for tests of the rules alone).
    static func locate(_ matches: (String) -> Bool) -> (executable: URL, transducer: URL)? {
        guard ProcessInfo.processInfo.environment["PARLEY_NO_LTTOOLBOX"] == nil else { return nil }
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let executable = path.map({ URL(fileURLWithPath: String($0)).appendingPathComponent("lt-proc") })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else { return nil }
        let fileManager = FileManager.default
        for folder in dataFolders {
            let packages = (try? fileManager.contentsOfDirectory(atPath: folder))?.sorted() ?? []
            for package in packages where package.hasPrefix("apertium-") {
                let packageFolder = URL(fileURLWithPath: folder).appendingPathComponent(package)
                let files = (try? fileManager.contentsOfDirectory(atPath: packageFolder.path))?.sorted() ?? []
                if let file = files.first(where: matches) {
                    return (executable, packageFolder.appendingPathComponent(file))
                }
            }
        }
        return nil
    }

    /// For each line of words, how many units the analyser of `pack`'s language reads it as (a
    /// multi-word unit such as `a través de` is one), or 0 when it does not know all of it;
    /// nil when there is no analyser or it failed.
    public static func analyse(_ lines: [String], pack: LanguagePack) -> [Int]? {
        analyseWithTags(lines, pack: pack)?.map(\.units)
    }

    /// `analyse` with the parts of speech of each line's first unit (`por medio de` → `pr`).
    public static func analyseWithTags(_ lines: [String], pack: LanguagePack) -> [(units: Int, partsOfSpeech: Set<String>)]? {
        guard !lines.isEmpty else { return [] }
        guard let (executable, analyser) = locate(pack) else { return nil }
        // The stream format reserves some characters; such lines are not words anyway.
        let safe = lines.map { line in line.allSatisfy { $0.isLetter || $0 == " " || $0 == "'" || $0 == "-" } ? line : "" }
        // One null-flushed request through the same process wrapper as the pipelines: the
        // answer ends with its NUL, so no end-of-file is awaited (a process another thread
        // starts meanwhile may inherit the pipe and hold it open).
        let answer: [UInt8]
        do {
            let process = try ApertiumProcess.start(script: "exec \"$1\" -z \"$2\"",
                                                    arguments: [executable.path, analyser.path])
            defer { process.stop() }
            answer = try process.exchange(Array((safe.joined(separator: "\n") + "\n\0").utf8),
                                          deadline: .now + .seconds(120)) { false }
        } catch {
            return nil
        }
        let answered = String(decoding: answer, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard answered.count >= safe.count else { return nil }
        return zip(safe, answered).map { line, analysis in
            guard !line.isEmpty, !analysis.contains("/*") else { return (0, []) }
            let firstUnit = analysis.drop { $0 != "^" }.prefix { $0 != "$" }
            let tags = firstUnit.split(separator: "/").dropFirst().compactMap { reading -> String? in
                guard let open = reading.firstIndex(of: "<") else { return nil }
                return String(reading[reading.index(after: open)...].prefix { $0 != ">" })
            }
            return (analysis.filter { $0 == "^" }.count, Set(tags))
        }
    }

    /// What the analyser says of one lower-case word; empty when it does not know it,
    /// when the word has characters the stream format reserves, or when lt-proc failed.
    public func analysis(of word: String) -> WordAnalysis {
        Self.mayAsk(word) ? session.answer(word) : WordAnalysis()
    }

    /// Whether `word` can be asked: a word, with none of the characters the stream format reserves.
    private static func mayAsk(_ word: String) -> Bool {
        !word.isEmpty && word.count <= 64 && word.allSatisfy { $0.isLetter || $0 == "'" || $0 == "-" }
    }

    /// `^trenes/tren<n><m><pl>$` → [tren (plural noun)]; `^xyz/*xyz$` (unknown) → [].
    static func parse(_ answer: String) -> [Reading] { analysis(answer).readings }

    /// The readings of the answer's first unit, and its joined readings as written.
    /// Only the first unit counts: `brother's` comes back as `^brother/…$ ^'s/…/be…$`, and
    /// its second unit is not a reading of the word.
    static func analysis(_ answer: String) -> WordAnalysis {
        guard let open = answer.firstIndex(of: "^"), let close = answer[open...].firstIndex(of: "$") else { return WordAnalysis() }
        let unit = answer[answer.index(after: open)..<close]
        return WordAnalysis(written: Array(unit.split(separator: "/").dropFirst()))
    }
}
