import ParleyKit

/// Shows the conversation engine's events: turns on standard output, everything else (live
/// words, notes, problems) on standard error, so scripts can read the turns alone.
struct ConversationRenderer {
    let output: TerminalOutput
    /// True at a terminal: the live line shows listening and the words heard so far.
    let live: Bool
    /// Shows `:interpret`'s events as `parley interpret` shows them.
    private let interpretation: InterpretationRenderer

    init(output: TerminalOutput, live: Bool) {
        self.output = output
        self.live = live
        interpretation = InterpretationRenderer(output: output, json: false, live: live)
    }

    func render(_ event: ConversationEvent) {
        switch event {
        case .condition(let condition):
            clearLive()
            output.note(condition.description)
        case .problem(let error):
            clearLive()
            output.error(error)
        case .modelLoading(let locale):
            output.note("Loading the speech model for \(locale)… (Ctrl-C to type instead)")
        case .listening(let locale):
            if live { output.status("● listening in \(locale) — Enter stops, Ctrl-C cancels") }
        case .partial(let locale, let words):
            if live { output.status("● \(locale): \(words)") }
        case .noSpeech(let locale):
            clearLive()
            output.note("No speech heard; it is still \(locale)'s turn.")
        case .heard(let heard):
            clearLive()
            if let corrected = heard.corrects { output.line("  (turn \(corrected), corrected)") }
            output.line("  \(heard.locale): \(heard.text)")
            if let others = Self.otherReadings(heard) { output.line(others) }
        case .translated(let translation):
            output.line("  \(translation.target): \(translation.markedText)")
        case .languageDetected(let spoken, let expected):
            output.line("  (detected \(spoken.language), not \(expected.language): taken as \(spoken)'s turn; :detect off to keep turns)")
        case .notSpoken(let text, let locale, let reason):
            output.line("  \(locale) (not spoken: \(reason)): \(text)")
        case .retracted(let turn, let locale):
            output.line("  (turn \(turn) taken back; it is \(locale)'s turn again)")
        case .cancelled:
            clearLive()
            output.note("Turn cancelled.")
        case .audioLost(let error):
            clearLive()
            output.note("\(error.message) Continuing in typed mode; :devices lists devices and :device in|out NAME picks one.")
        case .interpretation(let event):
            interpretation.render(event)
        case .reply(let text):
            output.line(text)
        case .hint(let text):
            output.note(text)
        case .refused(let error):
            output.error(error)
        case .speaking, .spoken, .passed:
            break
        }
    }

    /// The readings other than the one shown, numbered for `:alt N` (1 is the one shown).
    static func otherReadings(_ heard: HeardText) -> String? {
        let numbered = heard.readings.enumerated().filter { $0.element != heard.text }
        guard !numbered.isEmpty else { return nil }
        return "      or: " + numbered.map { "\($0.offset + 1)) \($0.element)" }.joined(separator: "  ") + "   (:alt N)"
    }

    private func clearLive() {
        if live { output.clearStatus() }
    }
}
