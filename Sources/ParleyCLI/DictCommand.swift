import ParleyKit

/// `parley dict`: the user's own entries and the list of dictionaries.
struct DictCommand {
    let paths: DataPaths
    let output: TerminalOutput

    func add(source: LocaleTag, target: LocaleTag, phrase: String, translation: String) -> Int32 {
        let library = DictionaryLibrary(paths: paths)
        let pair = LanguagePair(source, target)
        do {
            try library.addUserEntry(DictionaryEntry(source: phrase, target: translation), for: pair)
            output.line("Added for \(pair): \(phrase) → \(translation)")
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
