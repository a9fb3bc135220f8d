import Foundation

/// One command carried out on the engine's thread: the engine does the work, and what the
/// command has to say (a reply, a hint, a refusal) is posted after the engine's own events,
/// so a front end shows them in the order they happened. The command groups are in
/// Interpreter+Conversation.swift, +Settings and +Engines.
struct CommandExecution {
    let engine: ConversationEngine
    /// How bare languages resolve (`:pair en ko`, `:as es`).
    let preferences: PreferredLocales
    /// Delivers an event to the front end, after those the engine reported so far.
    let post: @Sendable (ConversationEvent) -> Void

    /// Where the conversation stands now.
    var snapshot: ConversationSnapshot { engine.control.snapshot }

    /// A command's result (`Now English ↔ Korean.`).
    func reply(_ text: String) { post(.reply(text)) }
    /// How to write a command, or what it did instead.
    func hint(_ text: String) { post(.hint(text)) }
    /// A command that failed; the conversation goes on. An error of another kind is shown
    /// in its own words, as what was given.
    func refuse(_ error: any Error) {
        post(.refused(error as? ParleyError ?? ParleyError(.input, .invalidInput, "\(error)")))
    }

    /// Carries out `command` (`:quit` is the interpreter's: nothing to do here).
    func carryOut(_ command: ConversationCommand) {
        switch command {
        case .quit: break
        case .listen: engine.listen()
        case .typedTurn(let text): engine.typedTurn(text)
        case .turn(let language, let text): turn(as: language, text: text)
        case .help: reply(ConversationCommand.explanation)
        case .swap: engine.swapSides()
        case .pair(let tags): switchPair(tags)
        case .languages: showLanguages()
        case .voice(let name): setVoice(name)
        case .rate(let rate): setRate(rate)
        case .say(let text): engine.say(text)
        case .again: engine.sayAgain()
        case .useReading(let number): engine.useReading(number)
        case .retype(let text): engine.retypeLastTurn(text)
        case .undo: engine.undoLastTurn()
        case .endpoint(let setting): setEndpoint(setting)
        case .listenToRecording(let path): engine.listen(toRecording: URL(fileURLWithPath: Self.expandingHome(path)))
        case .interpret: engine.interpret()
        case .dictate(let on): setDictating(on ?? !snapshot.dictating)
        case .handsFree(let on): setHandsFree(on)
        case .detectLanguage(let on): setDetectsLanguage(on)
        case .mute(let on): setMuted(on ?? !snapshot.muted)
        case .history: showHistory()
        case .save(let path): save(path)
        case .addEntry(let phrase, let translation): addEntry(phrase, translation: translation)
        case .translator(let name): switchTranslator(name)
        case .devices: ALSADevices.reportLines().forEach(reply)
        case .device(let direction, let name): switchDevice(direction, to: name)
        }
    }

    /// `~` and `~/…` are the home of `$HOME`, the way a shell expands them.
    static func expandingHome(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty else {
            return (path as NSString).expandingTildeInPath
        }
        return home + path.dropFirst()
    }
}
