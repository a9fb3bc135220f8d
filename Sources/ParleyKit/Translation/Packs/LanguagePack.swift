import Foundation
import Synchronization

/// What parley knows about one language, read from data rather than written in Swift:
/// `dictionaries/languages/<xx>/` holds word lists (`question-openers.txt`, one entry a line)
/// and tables (`contractions.tsv`, tab-separated fields). The translation algorithms ask a
/// pack for the list they need; a language without a pack (or without a file) simply has
/// empty lists, so adding a language's knowledge needs no Swift. Format in
/// `dictionaries/languages/README.md`.
public struct LanguagePack: Sendable {
    /// The language's ISO 639 code (`es`).
    public let language: String
    /// Lines that could not be used, with file, line and reason; the rest of each file loads.
    public let issues: [DictionaryIssue]
    private let lists: [String: [String]]
    private let sets: [String: Set<String>]
    private let tables: [String: [[String]]]
    private let maps: [String: [String: String]]

    /// An empty pack: a language parley has no data for.
    public init(language: String) {
        self.init(language: language, lists: [:], tables: [:], issues: [])
    }

    init(language: String, lists: [String: [String]], tables: [String: [[String]]], issues: [DictionaryIssue]) {
        self.language = language
        self.lists = lists
        self.tables = tables
        self.issues = issues
        sets = lists.mapValues(Set.init)
        maps = tables.mapValues { rows in
            var map: [String: String] = [:]
            for row in rows where row.count >= 2 && map[row[0]] == nil { map[row[0]] = row[1] }
            return map
        }
    }

    /// The entries of `<name>.txt`, in file order; empty when the pack has no such list.
    public func list(_ name: String) -> [String] { lists[name] ?? [] }

    /// The entries of `<name>.txt` as a set, for membership tests.
    public func words(_ name: String) -> Set<String> { sets[name] ?? [] }

    /// Whether `<name>.txt` lists `entry`.
    public func contains(_ entry: String, in name: String) -> Bool { sets[name]?.contains(entry) == true }

    /// The rows of `<name>.tsv`, in file order; every row has the file's column count.
    public func table(_ name: String) -> [[String]] { tables[name] ?? [] }

    /// A two-column `<name>.tsv` as a map from the first column to the second; the first
    /// row for a key wins.
    public func map(_ name: String) -> [String: String] { maps[name] ?? [:] }

    /// Whether `features.txt` lists `feature`: what a language's grammar is like, for the
    /// algorithms that branch on it (`no-articles`, `writes-contractions`).
    public func has(_ feature: String) -> Bool { contains(feature, in: "features") }

    /// Whether the pack holds any data at all.
    public var isEmpty: Bool { lists.isEmpty && tables.isEmpty }

    /// The names of the pack's lists and tables, sorted.
    public var fileNames: [String] { (lists.keys.map { $0 + ".txt" } + tables.keys.map { $0 + ".tsv" }).sorted() }
}

extension LanguagePack {
    /// The pack of `language` from the shipped packs folder (`DataPaths.languagePacks`),
    /// read once per process and shared.
    public static func named(_ language: String) -> LanguagePack {
        if let known = cache.withLock({ $0[language] }) { return known }
        let pack = load(language: language, from: defaultFolder)
        return cache.withLock { cache in
            if let known = cache[language] { return known }
            cache[language] = pack
            return pack
        }
    }

    /// The pack of `language` in `root/<language>/`: an empty pack when there is none.
    public static func load(language: String, from root: URL?) -> LanguagePack {
        guard let root, LanguagePackReader.isSafeName(language) else { return LanguagePack(language: language) }
        return LanguagePackReader.read(language: language, folder: root.appendingPathComponent(language))
    }

    /// The languages with a pack folder under `root`, sorted.
    public static func installedLanguages(in root: URL? = defaultFolder) -> [String] {
        guard let root, let names = try? FileManager.default.contentsOfDirectory(atPath: root.path) else { return [] }
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return LanguagePackReader.isSafeName(name)
                && FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }

    /// `make` applied to the pack of every installed language, by language. Meant for a
    /// `static let`: per-word code then reads a dictionary built once, with no lock.
    public static func perInstalledLanguage<T>(_ make: (LanguagePack) -> T) -> [String: T] {
        Dictionary(uniqueKeysWithValues: installedLanguages().map { ($0, make(named($0))) })
    }

    /// The entries of `<name>.txt` in every installed pack together, for lists that hold
    /// whatever the language (greetings stand apart in any sentence).
    public static func wordsOfEveryLanguage(_ name: String) -> Set<String> {
        installedLanguages().reduce(into: Set<String>()) { $0.formUnion(named($1).words(name)) }
    }

    /// The shipped packs folder, found once from this process's environment.
    public static let defaultFolder: URL? = DataPaths().languagePacks

    private static let cache = Mutex<[String: LanguagePack]>([:])
}
