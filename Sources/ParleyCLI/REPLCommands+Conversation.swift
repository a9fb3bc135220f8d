import Foundation
import ParleyKit

/// The commands about the conversation so far and the user's own words: history, saving it,
/// and dictionary entries.
extension ConversationREPL {
    func showHistory() {
        let turns = snapshot.turns
        if turns.isEmpty { output.line("No turns yet.") }
        for (index, turn) in turns.enumerated() {
            output.line("\(index + 1). \(turn.from): \(turn.heard)")
            output.line("   \(turn.to): \(turn.translation)")
        }
    }

    func save(_ path: String) {
        guard !path.isEmpty else { output.note("Write :save conversation.md or :save conversation.json"); return }
        let url = URL(fileURLWithPath: Self.expandingHome(path))
        let turns = snapshot.turns
        do {
            try Self.requireFolder(of: url)
            let data: Data
            switch url.pathExtension.lowercased() {
            case "json":
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                data = try encoder.encode(turns)
            case "md", "markdown":
                data = Data(TranscriptMarkdown.render(turns).utf8)
            default:
                throw ParleyError(.conversation, .invalidInput, "Save as .md (Markdown) or .json: \(url.lastPathComponent) has neither.")
            }
            try AtomicFile.write(data, to: url, permissions: 0o600, stage: .conversation)
            output.line("Saved \(turns.count) turn(s) to \(url.path).")
        } catch {
            output.error(error)
        }
    }

    /// A saved conversation goes into a folder that exists: a mistyped path must not make
    /// folders (as root, anywhere), so the missing one is named instead.
    static func requireFolder(of url: URL) throws {
        let folder = url.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else {
            throw ParleyError(.conversation, .unwritable,
                "Not saved: the folder \(folder.path) does not exist. Create it first (mkdir -p \(folder.path)) "
                + "or save into a folder that exists.")
        }
        guard isFolder.boolValue else {
            throw ParleyError(.conversation, .unwritable, "Not saved: \(folder.path) is a file, not a folder.")
        }
    }

    /// `~` and `~/…` are the home of `$HOME`, the way a shell expands them.
    static func expandingHome(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty else {
            return (path as NSString).expandingTildeInPath
        }
        return home + path.dropFirst()
    }

    func addEntry(_ argument: String) {
        guard argument.hasPrefix("add "), let equals = argument.firstIndex(of: "=") else {
            output.note("Write it as :dict add good morning = buenos días")
            return
        }
        let phrase = argument[argument.index(argument.startIndex, offsetBy: 4)..<equals].trimmingCharacters(in: .whitespaces)
        let translation = argument[argument.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        let snapshot = snapshot
        let pair = LanguagePair(snapshot.speaker, snapshot.listener)
        do {
            try library.addUserEntry(DictionaryEntry(source: phrase, target: translation), for: pair)
            output.line("Added for \(pair): \(phrase) → \(translation)")
        } catch {
            output.error(error)
        }
    }
}
