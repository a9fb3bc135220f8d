import Foundation
import ParleyKit

/// Carries out the conversation's commands (`ConversationCommand`, parsed in ParleyKit) for
/// any front end: the engine does the work, the front end shows the replies.
extension ConversationFrontEnd {
    /// Handles one line of input: an empty line listens, a line that starts with `:` is a
    /// command, any other line is a typed turn. Returns false when the conversation should end.
    func handle(line: String) -> Bool {
        switch ConversationCommand.parse(line, state: snapshot) {
        case .success(let command): return run(command)
        case .failure(let mistake):
            hint(mistake.hint)
            return true
        }
    }

    /// Carries out `command`; returns false when the conversation should end.
    func run(_ command: ConversationCommand) -> Bool {
        switch command {
        case .quit: return false
        case .listen: perform { $0.listen() }
        case .typedTurn(let text): perform { $0.typedTurn(text) }
        case .turn(let language, let text): turn(as: language, text: text)
        case .help: reply(ConversationCommand.explanation)
        case .swap: perform { $0.swapSides() }
        case .pair(let tags): switchPair(tags)
        case .languages: showLanguages()
        case .voice(let name): setVoice(name)
        case .rate(let rate): setRate(rate)
        case .say(let text): perform { $0.say(text) }
        case .again: perform { $0.sayAgain() }
        case .useReading(let number): perform { $0.useReading(number) }
        case .retype(let text): perform { $0.retypeLastTurn(text) }
        case .undo: perform { $0.undoLastTurn() }
        case .endpoint(let setting): setEndpoint(setting)
        case .listenToRecording(let path):
            let file = URL(fileURLWithPath: Self.expandingHome(path))
            perform { $0.listen(toRecording: file) }
        case .interpret: perform { $0.interpret() }
        case .dictate(let on): setDictating(on ?? !snapshot.dictating)
        case .handsFree(let on): setHandsFree(on)
        case .detectLanguage(let on): setDetectsLanguage(on)
        case .mute(let on): setMuted(on ?? !snapshot.muted)
        case .history: showHistory()
        case .save(let path): save(path)
        case .addEntry(let phrase, let translation): addEntry(phrase, translation: translation)
        case .translator(let name): switchTranslator(name)
        case .devices: DevicesCommand.lines().forEach(reply)
        case .device(let direction, let name): switchDevice(direction, to: name)
        }
        return true
    }
}
