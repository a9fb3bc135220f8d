import Foundation
import ParleyKit

/// The commands about the conversation so far and the user's own words: history, saving it,
/// and dictionary entries.
extension ConversationFrontEnd {
    func showHistory() {
        let turns = snapshot.turns
        if turns.isEmpty { reply("No turns yet.") }
        for (index, turn) in turns.enumerated() {
            reply("\(index + 1). \(turn.from): \(turn.heard)")
            reply("   \(turn.to): \(turn.translation)")
        }
    }

    func save(_ path: String) {
        let url = URL(fileURLWithPath: Self.expandingHome(path))
        let turns = snapshot.turns
        do {
            try TranscriptExport.write(turns, to: url)
            reply("Saved \(turns.count) turn(s) to \(url.path).")
        } catch {
            report(error)
        }
    }

    /// `~` and `~/…` are the home of `$HOME`, the way a shell expands them.
    static func expandingHome(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty else {
            return (path as NSString).expandingTildeInPath
        }
        return home + path.dropFirst()
    }

    func addEntry(_ phrase: String, translation: String) {
        // Through the engine: its translator reads the same dictionaries, from the next turn on.
        let outcome = perform { engine in
            Result { try engine.addEntry(phrase, translation: translation) }
                .mapError { ParleyError.wrapping($0, stage: .translation, code: .unwritable) }
        }
        switch outcome {
        case .success(let pair):
            reply("Added for \(pair): \(DictionaryFile.shown(DictionaryEntry(source: phrase, target: translation)))")
            if pair.source != snapshot.speaker.language {
                hint("'\(phrase)' is \(pair.source), not \(snapshot.speaker.language): "
                    + "the entry translates \(pair), the other way from this turn.")
            }
        case .failure(let error): report(error)
        }
    }
}
