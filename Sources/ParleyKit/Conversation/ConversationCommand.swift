import Foundation

/// What one line given to a conversation asks for: listening (an empty line), a typed turn,
/// or one of the prompt's `:` commands. Parsed here once for every front end (the readline
/// prompt, JSON lines, any other), so they all speak the same language; a line that cannot
/// be read is a `CommandMistake` saying how to write it.
public enum ConversationCommand: Sendable, Equatable {
    /// Listen to whoever's turn it is (an empty line).
    case listen
    /// A typed turn by whoever's turn it is.
    case typedTurn(String)
    /// A turn by the side speaking `language`, whoever's turn it is; no text listens to it (`:as`).
    case turn(asLanguage: String, text: String)
    /// End the conversation (`:quit`, `:q`, `:exit`).
    case quit
    /// The commands, explained (`:help`).
    case help
    /// The other side speaks next (`:swap`).
    case swap
    /// Switch languages (`:pair en ko`, `:pair en:ko`): the tags as given, resolved by the front end's preferences.
    case pair([String])
    /// Each language's speech model, voice and dictionaries (`:languages`).
    case languages
    /// The voice that speaks to the other side: female, male, espeak or a voice's name (`:voice`).
    case voice(String)
    /// Its speaking rate (`:rate 1.5`); the engine checks the range.
    case rate(Double)
    /// Speak text in the speaker's own language, untranslated (`:say`).
    case say(String)
    /// Say the last thing again (`:again`).
    case again
    /// The last turn was misheard: use its Nth reading, from 1 (`:alt`).
    case useReading(Int)
    /// The last turn was misheard: replace its words (`:retype`).
    case retype(String)
    /// Take the last turn back (`:undo`).
    case undo
    /// How long a silence ends an utterance (`:endpoint 0.45|off`).
    case endpoint(EndpointSetting)
    /// A turn from a recording, its path as typed (`:listen FILE.wav`).
    case listenToRecording(String)
    /// Interpret without turns until Enter or Ctrl-C (`:interpret`).
    case interpret
    /// Dictation on, off, or (nil) the other way from now (`:dictate`).
    case dictate(Bool?)
    /// Hands-free on or off (`:auto`).
    case handsFree(Bool)
    /// Language detection on or off (`:detect`).
    case detectLanguage(Bool)
    /// Muted on, off, or (nil) the other way from now (`:mute`).
    case mute(Bool?)
    /// The turns so far (`:history`).
    case history
    /// Save the conversation, the path as typed (`:save FILE.md|FILE.json`).
    case save(String)
    /// The user's own entry for the current direction (`:dict add PHRASE = TRANSLATION`).
    case addEntry(phrase: String, translation: String)
    /// Choose the translator by name, or (nil) show which serves each direction (`:translator`).
    case translator(String?)
    /// List the audio devices (`:devices`).
    case devices
    /// Switch the microphone or the speaker (`:device in|out NAME`).
    case device(AudioDirection, String)

    /// Every command's name, for completion.
    public static let names = [":swap", ":pair", ":languages", ":voice", ":rate", ":say", ":again", ":listen", ":dictate",
                               ":auto", ":detect", ":mute", ":history", ":save", ":dict", ":translator", ":devices",
                               ":device", ":alt", ":undo", ":retype", ":endpoint", ":as", ":interpret", ":help", ":quit"]

    /// What `line` asks for. Only a line that starts with `:` is a command (`no:si` typed is a
    /// turn). `state` is where the conversation stands, which some explanations mention
    /// ("hands-free is on").
    public static func parse(_ line: String, state: ConversationSnapshot) -> Result<ConversationCommand, CommandMistake> {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .success(.listen) }
        guard trimmed.hasPrefix(":") else { return .success(.typedTurn(trimmed)) }
        let words = trimmed.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let rest = trimmed.drop { $0 != " " }.trimmingCharacters(in: .whitespaces)
        let first = words.dropFirst().first
        func needs(_ text: String, _ hint: String) -> Result<String, CommandMistake> {
            text.isEmpty ? .failure(CommandMistake(hint)) : .success(text)
        }
        switch words[0] {
        case ":quit", ":q", ":exit": return .success(.quit)
        case ":help", ":h", ":?": return .success(.help)
        case ":swap": return .success(.swap)
        case ":pair":
            // :pair en ko and :pair en:ko name the same pair.
            let tags = words.count == 2 ? words[1].split(separator: ":", omittingEmptySubsequences: false).map(String.init)
                                        : Array(words.dropFirst())
            return .success(.pair(tags))
        case ":languages": return .success(.languages)
        case ":voice":
            return needs(rest, "Write :voice female, :voice male, :voice espeak or :voice NAME (parley voices "
                         + "\(state.voiceLocale.language) lists them).").map(ConversationCommand.voice)
        case ":rate":
            guard let rate = Double(rest) else { return .failure(CommandMistake("Write :rate 1.5 (0.5 to 3, 1 is normal).")) }
            return .success(.rate(rate))
        case ":say": return needs(rest, "Write it as :say good morning").map(ConversationCommand.say)
        case ":again": return .success(.again)
        case ":alt":
            guard let number = Int(rest), number > 0 else {
                return .failure(CommandMistake("Write :alt 2 (the readings are numbered under the turn)."))
            }
            return .success(.useReading(number))
        case ":retype": return needs(rest, "Write :retype what you meant to say").map(ConversationCommand.retype)
        case ":undo": return .success(.undo)
        case ":endpoint":
            guard let setting = EndpointSetting(parsing: rest) else {
                let current = state.endpoint.map { "\($0) s" } ?? "off"
                return .failure(CommandMistake("Write :endpoint 0.45 (seconds of silence, 0.3 to 3) or :endpoint off (now \(current))."))
            }
            return .success(.endpoint(setting))
        case ":listen": return needs(rest, "Write :listen FILE.wav").map(ConversationCommand.listenToRecording)
        case ":interpret": return .success(.interpret)
        case ":dictate":
            guard first == nil || onOff(first) != nil else { return .failure(CommandMistake("Write :dictate, :dictate on or :dictate off.")) }
            return .success(.dictate(onOff(first)))
        case ":auto":
            guard let on = onOff(first) else {
                return .failure(CommandMistake("Write :auto on or :auto off (hands-free is \(state.handsFree ? "on" : "off"))."))
            }
            return .success(.handsFree(on))
        case ":detect":
            guard let on = onOff(first) else {
                return .failure(CommandMistake("Write :detect on or :detect off (language detection is "
                                               + "\(state.detectsLanguage ? "on" : "off"))."))
            }
            return .success(.detectLanguage(on))
        case ":mute":
            guard first == nil || onOff(first) != nil else { return .failure(CommandMistake("Write :mute, :mute on or :mute off.")) }
            return .success(.mute(onOff(first)))
        case ":history": return .success(.history)
        case ":save": return needs(rest, "Write :save conversation.md or :save conversation.json").map(ConversationCommand.save)
        case ":dict":
            guard rest.hasPrefix("add "), let equals = rest.firstIndex(of: "=") else {
                return .failure(CommandMistake("Write it as :dict add good morning = buenos días"))
            }
            let phrase = rest[rest.index(rest.startIndex, offsetBy: 4)..<equals].trimmingCharacters(in: .whitespaces)
            let translation = rest[rest.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            return .success(.addEntry(phrase: phrase, translation: translation))
        case ":translator": return .success(.translator(first))
        case ":devices": return .success(.devices)
        case ":device":
            guard words.count == 3, let direction = ["in": AudioDirection.capture, "out": .playback][words[1]] else {
                return .failure(CommandMistake("Write :device in NAME or :device out NAME (:devices lists them)."))
            }
            return .success(.device(direction, words[2]))
        case ":as":
            // :as es TEXT — a turn by the side speaking es, whoever's turn it is.
            guard let language = first else { return .failure(CommandMistake("Write :as es TEXT (a turn by the side speaking es).")) }
            return .success(.turn(asLanguage: language, text: rest.drop { $0 != " " }.trimmingCharacters(in: .whitespaces)))
        default:
            return .failure(CommandMistake("Unknown command \(words[0]). Type :help for the list."))
        }
    }

    /// `on` is true, `off` false; any other word, or none, nil.
    private static func onOff(_ word: String?) -> Bool? {
        switch word {
        case "on": true
        case "off": false
        default: nil
        }
    }

    /// What the commands do, as `:help` shows it.
    public static let explanation = """
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

/// A line that reads as a command but cannot be one: how to write it.
public struct CommandMistake: Error, Sendable, Equatable {
    /// What to write instead, or what went wrong (`Write :alt 2 …`).
    public let hint: String

    /// A mistake explained by `hint`.
    public init(_ hint: String) {
        self.hint = hint
    }
}
