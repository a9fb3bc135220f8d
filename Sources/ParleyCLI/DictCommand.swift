import Foundation
import ParleyKit

/// `parley dict`: the user's own entries and the list of dictionaries.
struct DictCommand {
    let paths: DataPaths
    let output: TerminalOutput

    func add(source: LocaleTag, target: LocaleTag, phrase: String, translation: String) -> Int32 {
        let library = DictionaryLibrary(paths: paths)
        let pair = LanguagePair(source, target)
        do {
            let entry = DictionaryEntry(source: phrase, target: translation)
            try library.addUserEntry(entry, for: pair)
            output.line("Added for \(pair): \(DictionaryFile.shown(entry))")
            return 0
        } catch {
            output.error(error)
            return 1
        }
    }

    func importDictd(path: String, source: LocaleTag?, target: LocaleTag?) -> Int32 {
        let index = URL(fileURLWithPath: path)
        let pair = source.flatMap { source in target.map { LanguagePair(source, $0) } }
        let library = DictionaryLibrary(paths: paths)
        do {
            let result = try FreeDictImporter.read(index: index, pair: pair, packs: library.packs)
            try library.installImported(result.entries, for: result.pair, from: index.lastPathComponent)
            for issue in result.skipped.prefix(5) { output.note(issue.description) }
            if result.skipped.count > 5 { output.note("… and \(result.skipped.count - 5) more lines skipped") }
            output.line("Imported \(result.entries.count) entries for \(result.pair) from \(index.lastPathComponent).")
            return 0
        } catch {
            output.error(error)
            return 1
        }
    }

    func list() -> Int32 {
        let library = DictionaryLibrary(paths: paths)
        let pairs = library.availablePairs()
        if pairs.isEmpty {
            output.line("No dictionaries found in: " + library.layers.map(\.folder.path).joined(separator: ", "))
            return 1
        }
        for pair in pairs.keys.sorted() {
            let counts = library.tables(for: pair).map { "\($0.0.rawValue) \($0.1.count)" }
            output.line("\(pair)  \(counts.joined(separator: ", "))")
        }
        for warning in library.takeWarnings() { output.note(warning) }
        return 0
    }
}
