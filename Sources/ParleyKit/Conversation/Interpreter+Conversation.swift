import Foundation

/// The commands about the conversation so far and the user's own words: turns by a named
/// side, history, saving it, and dictionary entries.
extension CommandExecution {
    /// A typed turn by the side speaking `language` (`:as es TEXT`, or a JSON line with a
    /// side), whoever's turn it is; with no text, that side is listened to.
    func turn(as language: String, text: String) {
        let locale: LocaleTag
        do { locale = try LanguageArguments.locale(language) } catch {
            refuse(error)
            return
        }
        if text.isEmpty {
            if engine.giveTurn(to: locale) { engine.listen() }
        } else {
            engine.typedTurn(text, as: locale)
        }
    }

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
            refuse(error)
        }
    }

    func addEntry(_ phrase: String, translation: String) {
        // Through the engine: its translator reads the same dictionaries, from the next turn on.
        do {
            let pair = try engine.addEntry(phrase, translation: translation)
            reply("Added for \(pair): \(DictionaryFile.shown(DictionaryEntry(source: phrase, target: translation)))")
            if pair.source != snapshot.speaker.language {
                hint("'\(phrase)' is \(pair.source), not \(snapshot.speaker.language): "
                    + "the entry translates \(pair), the other way from this turn.")
            }
        } catch {
            refuse(ParleyError.wrapping(error, stage: .translation, code: .unwritable))
        }
    }
}
