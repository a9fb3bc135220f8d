import Foundation
import ParleyKit

/// The prompt's `:` commands.
enum REPLCommands {
    static let names = [":swap", ":pair", ":languages", ":voice", ":rate", ":say", ":again", ":listen", ":dictate",
                        ":auto", ":detect", ":mute", ":history", ":save", ":dict", ":translator", ":devices", ":device",
                        ":alt", ":undo", ":retype", ":endpoint", ":as", ":interpret",
                        ":help", ":quit"]

    static let help = """
        Type a sentence and press Enter: it is translated, spoken to the other side, and the
        turn passes. Press Enter on an empty line to speak instead: the words appear as they
        are recognised; listening ends when you stop (or press Enter); Ctrl-C cancels the turn.
        Commands (Tab completes them and language tags):
          :swap                 the other side speaks next
          :as A TEXT            a turn by the side speaking A, whoever's turn it is (no TEXT: listen to A)
          :pair A B             switch languages, e.g. :pair en ko (models load in the background)
          :languages            speech model, voice and dictionaries of each language
          :voice female|male|NAME
                                the voice that speaks to the other side (NAME: see parley voices)
          :rate X               its speed, 0.5 to 3
          :say TEXT             speak TEXT in your own language, without translating
          :again                say the last thing again
          :alt N                the last turn was misheard: use its Nth reading (numbered under it)
          :retype TEXT          the last turn was misheard: replace its words with TEXT
          :undo                 take the last turn back; the word returns to whoever said it
          :endpoint S|off       end an utterance after S seconds of silence (0.3 to 3), or
                                leave it to the recognizer
          :listen FILE.wav      take a turn from a recording
          :interpret            interpret without turns: your language into the other, live, as
                                subtitles (said aloud unless muted); Enter or Ctrl-C ends it
          :dictate [on|off]     dictation: what you say is spoken back in your language
          :auto on|off          hands-free: keep listening for the next side after each turn
          :detect on|off        a line or utterance clearly in the other side's language is their turn (on)
          :mute [on|off]        text only: translations are shown, not spoken
          :history              the turns so far
          :save FILE.md|FILE.json
                                save the conversation
          :dict add PHRASE = TRANSLATION
                                your own entry for the current direction
          :translator [auto|dictionary|apertium|neural]
                                the translator, and which engine serves each direction
          :devices              list audio devices;  :device in|out NAME  switch one
          :quit                 end the conversation (Ctrl-D does too)
        """
}

extension ConversationFrontEnd {
    /// Handles one command; returns false when the conversation should end.
    func handleCommand(_ line: String) -> Bool {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let rest = line.drop { $0 != " " }.trimmingCharacters(in: .whitespaces)
        switch words[0] {
        case ":quit", ":q", ":exit": return false
        case ":help", ":h", ":?": reply(REPLCommands.help)
        case ":swap": perform { $0.swapSides() }
        case ":pair": switchPair(Array(words.dropFirst()))
        case ":languages": showLanguages()
        case ":voice": setVoice(rest)
        case ":rate": setRate(rest)
        case ":say":
            guard !rest.isEmpty else { hint("Write it as :say good morning"); break }
            perform { $0.say(rest) }
        case ":again": perform { $0.sayAgain() }
        case ":alt":
            guard let number = Int(rest), number > 0 else { hint("Write :alt 2 (the readings are numbered under the turn)."); break }
            perform { $0.useReading(number) }
        case ":retype":
            guard !rest.isEmpty else { hint("Write :retype what you meant to say"); break }
            perform { $0.retypeLastTurn(rest) }
        case ":undo": perform { $0.undoLastTurn() }
        case ":endpoint": setEndpoint(rest)
        case ":listen":
            guard !rest.isEmpty else { hint("Write :listen FILE.wav"); break }
            let file = URL(fileURLWithPath: Self.expandingHome(rest))
            perform { $0.listen(toRecording: file) }
        case ":interpret": perform { $0.interpret() }
        case ":dictate": setDictating(words.dropFirst().first)
        case ":auto": setHandsFree(words.dropFirst().first)
        case ":detect": setDetectsLanguage(words.dropFirst().first)
        case ":mute": setMuted(words.dropFirst().first)
        case ":history": showHistory()
        case ":save": save(rest)
        case ":dict": addEntry(rest)
        case ":translator": switchTranslator(words.dropFirst().first)
        case ":devices": DevicesCommand.lines().forEach(reply)
        case ":as":
            // :as es TEXT — a turn by the side speaking es, whoever's turn it is.
            guard let language = words.dropFirst().first else { hint("Write :as es TEXT (a turn by the side speaking es)."); break }
            turn(as: language, text: rest.drop { $0 != " " }.trimmingCharacters(in: .whitespaces))
        case ":device": switchDevice(Array(words.dropFirst()))
        default:
            hint("Unknown command \(words[0]). Type :help for the list.")
        }
        return true
    }

    /// `on`, `off`, or nothing (toggle) for a switch currently `current`; nil for anything else.
    func switchSetting(_ word: String?, current: Bool) -> Bool? {
        switch word {
        case nil: !current
        case "on": true
        case "off": false
        default: nil
        }
    }
}
