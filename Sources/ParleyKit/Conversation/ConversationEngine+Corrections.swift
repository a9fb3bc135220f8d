extension ConversationEngine {
    /// Re-translates the last turn with its `number`th reading (1 is what was shown, 2… the
    /// other readings), speaks it, and journals a correction that points at the turn it replaces.
    public func useReading(_ number: Int) {
        control.beginOperation()
        guard let last = lastTurn() else { return }
        guard last.alternatives.indices.contains(number - 1) else {
            let readings = last.alternatives.count
            let turn = lastTurnNumber
            emit(.problem(ParleyError(.conversation, .invalidInput, readings == 0
                ? "Turn \(turn) has no other readings (it was \(last.mode)); :retype TEXT replaces its words."
                : "Turn \(turn) has \(readings) reading\(readings == 1 ? "" : "s"): use :alt 1 to \(readings).")))
            return
        }
        replace(last, with: last.alternatives[number - 1], mode: last.mode)
    }

    /// Replaces the words of the last turn with `text`, translates and speaks them, and
    /// journals a correction that points at the turn it replaces.
    public func retypeLastTurn(_ text: String) {
        control.beginOperation()
        guard let last = lastTurn() else { return }
        replace(last, with: text, mode: last.mode == .dictation ? .dictation : .typed)
    }

    /// Takes the last turn back: it is journaled as retracted, leaves the history, and the
    /// word goes back to the side that spoke it.
    public func undoLastTurn() {
        control.beginOperation()
        guard let last = lastTurn() else { return }
        let turn = lastTurnNumber
        write(TurnRecord(turn: recordsWritten + 1, retracting: last))
        control.update { $0.turns.removeLast() }
        control.update { $0.conversation.give(to: last.side - 1) }
        // `:again` must not say what was taken back: the turn before it stands again (what
        // `:say` said since is still the last thing said).
        if !lastSpokenEvenWhenMuted {
            lastSpoken = control.snapshot.turns.last.map { [SpokenPart(text: $0.translation, locale: $0.to)] } ?? []
        }
        emit(.retracted(turn: turn, locale: conversation.speakerLocale))
    }

    /// The last turn's number in the conversation, as the person counts turns: corrections
    /// and retractions are journal records, not turns.
    private var lastTurnNumber: Int { control.snapshot.turns.count }

    private func lastTurn() -> TurnRecord? {
        guard let last = control.snapshot.turns.last else {
            emit(.condition(.noTurnToCorrect))
            return nil
        }
        return last
    }

    /// Journals and speaks `text` in place of `record`'s words; the turn stays where it is.
    private func replace(_ record: TurnRecord, with text: String, mode: TurnMode) {
        guard let translation = translate(text, from: record.from, to: record.to, mode: mode) else { return }
        let readings = mode == .typed ? [] : record.alternatives
        // Another reading of the same speech was said the same way; retyped words were not said.
        let correction = TurnRecord(turn: recordsWritten + 1, kind: .correction, replaces: record.turn,
                                    side: record.side - 1, mode: mode, translation: translation, alternatives: readings,
                                    speech: mode == .typed ? nil : record.speech)
        journalAndShow(correction, translation: translation, mode: mode, number: lastTurnNumber)
        control.update { $0.turns[$0.turns.count - 1] = correction }
        speak(translation.spokenParts)
    }
}
