import Foundation
import ParleyKit

/// The prompt's `:` commands.
enum REPLCommands {
    static let names = [":swap", ":pair", ":languages", ":voice", ":rate", ":say", ":again", ":listen", ":dictate",
                        ":auto", ":mute", ":history", ":save", ":dict", ":translator", ":devices", ":device",
                        ":alt", ":undo", ":retype", ":endpoint",
                        ":help", ":quit"]

    static let help = """
        Type a sentence and press Enter: it is translated, spoken to the other side, and the
        turn passes. Press Enter on an empty line to speak instead: the words appear as they
        are recognised; listening ends when you stop (or press Enter); Ctrl-C cancels the turn.
        Commands (Tab completes them and language tags):
          :swap                 the other side speaks next
          :pair A B   or  A:B   switch languages, e.g. :pair en ko (models load in the background)
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
          :dictate [on|off]     dictation: what you say is spoken back in your language
          :auto on|off          hands-free: keep listening for the next side after each turn
          :mute [on|off]        text only: translations are shown, not spoken
          :history              the turns so far
          :save FILE.md|FILE.json
                                save the conversation
          :dict add PHRASE = TRANSLATION
                                your own entry for the current direction
          :translator [auto|dictionary|apertium]
                                the translator, and which engine serves each direction
          :devices              list audio devices;  :device in|out NAME  switch one
          :quit                 end the conversation (Ctrl-D does too)
        """
}

extension ConversationREPL {
    /// Handles one command; returns false when the conversation should end.
    func handleCommand(_ line: String) -> Bool {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let rest = line.drop { $0 != " " }.trimmingCharacters(in: .whitespaces)
        switch words[0] {
        case ":quit", ":q", ":exit": return false
        case ":help", ":h", ":?": output.line(REPLCommands.help)
        case ":swap": perform { $0.swapSides() }
        case ":pair": switchPair(Array(words.dropFirst()))
        case let shorthand where Self.isPairShorthand(shorthand): switchPair(shorthand.split(separator: ":").map(String.init))
        case ":languages": showLanguages()
        case ":voice": setVoice(rest)
        case ":rate": setRate(rest)
        case ":say":
            guard !rest.isEmpty else { output.note("Write it as :say good morning"); break }
            perform { $0.say(rest) }
        case ":again": perform { $0.sayAgain() }
        case ":alt":
            guard let number = Int(rest), number > 0 else { output.note("Write :alt 2 (the readings are numbered under the turn)."); break }
            perform { $0.useReading(number) }
        case ":retype":
            guard !rest.isEmpty else { output.note("Write :retype what you meant to say"); break }
            perform { $0.retypeLastTurn(rest) }
        case ":undo": perform { $0.undoLastTurn() }
        case ":endpoint": setEndpoint(rest)
        case ":listen":
            guard !rest.isEmpty else { output.note("Write :listen FILE.wav"); break }
            let file = URL(fileURLWithPath: Self.expandingHome(rest))
            perform { $0.listen(toRecording: file) }
        case ":dictate": setDictating(words.dropFirst().first)
        case ":auto": setHandsFree(words.dropFirst().first)
        case ":mute": setMuted(words.dropFirst().first)
        case ":history": showHistory()
        case ":save": save(rest)
        case ":dict": addEntry(rest)
        case ":translator": switchTranslator(words.dropFirst().first)
        case ":devices": DevicesCommand(output: output).run()
        case ":device": switchDevice(Array(words.dropFirst()))
        default:
            output.note("Unknown command \(words[0]). Type :help for the list.")
        }
        return true
    }

    /// `on`, `off`, or nothing (toggle) for a switch currently `current`; nil for anything else.
    private func switchSetting(_ word: String?, current: Bool) -> Bool? {
        switch word {
        case nil: !current
        case "on": true
        case "off": false
        default: nil
        }
    }

    private func setDictating(_ word: String?) {
        guard let on = switchSetting(word, current: snapshot.dictating) else {
            output.note("Write :dictate, :dictate on or :dictate off.")
            return
        }
        perform { $0.setDictating(on) }
        output.line(on ? "Dictation on: what you say is spoken back in \(snapshot.speaker)."
                       : "Dictation off: translating again.")
    }

    private func setHandsFree(_ word: String?) {
        guard word != nil, let on = switchSetting(word, current: snapshot.handsFree) else {
            output.note("Write :auto on or :auto off (hands-free is \(snapshot.handsFree ? "on" : "off")).")
            return
        }
        perform { $0.setHandsFree(on) }
        output.line(on ? "Hands-free: after each turn parley listens for the other side. Ctrl-C stops."
                       : "Hands-free off.")
    }

    private func setEndpoint(_ argument: String) {
        if argument == "off" {
            perform { $0.setEndpoint(nil) }
            output.line("Utterances end when the recognizer decides (about 1 to 1.5 s after speech).")
            return
        }
        guard let seconds = Double(argument), Endpointer.allowedSilence.contains(seconds) else {
            let current = snapshot.endpoint.map { "\($0) s" } ?? "off"
            output.note("Write :endpoint 0.45 (seconds of silence, 0.3 to 3) or :endpoint off (now \(current)).")
            return
        }
        perform { $0.setEndpoint(seconds) }
        output.line("Utterances end after \(seconds) s of silence.")
    }

    private func setMuted(_ word: String?) {
        guard let on = switchSetting(word, current: snapshot.muted) else {
            output.note("Write :mute, :mute on or :mute off.")
            return
        }
        perform { $0.setMuted(on) }
        output.line(on ? "Muted: translations are shown, not spoken." : "Speaking translations again.")
    }

    private func switchPair(_ tags: [String]) {
        do {
            // :pair en ko, :pair en:ko and en:ko all name the same pair.
            let tags = tags.count == 1 ? tags[0].split(separator: ":", omittingEmptySubsequences: false).map(String.init) : tags
            guard tags.count == 2 else { throw UsageError("Name two languages: :pair en ko (or en:ko)") }
            let pair = try CommandLineParser.parseConversation(tags[...], preferences: preferences)
            perform { $0.switchPair(first: pair.first, second: pair.second) }
            output.line("Now \(pair.first.displayName) ↔ \(pair.second.displayName).")
            updateCompletions()
        } catch {
            output.error(error)
        }
    }

    private func showLanguages() {
        let store = ModelStore(roots: paths.modelRoots, preferences: preferences)
        let lines = perform { engine -> [String] in
            let snapshot = engine.snapshot
            return [snapshot.speaker, snapshot.listener].flatMap { locale -> [String] in
                let other = locale == snapshot.speaker ? snapshot.listener : snapshot.speaker
                let model: String
                if let installed = try? store.model(for: locale) {
                    model = engine.recognition?.isReady(locale) == true ? "\(installed.locale) loaded" : "\(installed.locale) installed"
                } else {
                    model = "none (scripts/setup --model \(locale))"
                }
                let voice = engine.voiceName(for: locale) ?? "none"
                let translation = engine.translator.engine(from: locale, to: other) ?? "nothing (add entries with :dict add)"
                return ["\(locale) \(locale.displayName)",
                        "  speech model: \(model); voice: \(voice); to \(other.language): \(translation)"]
            }
        }
        for line in lines { output.line(line) }
    }

    private func setVoice(_ argument: String) {
        let locale = perform { $0.voiceLocale }
        guard !argument.isEmpty else {
            output.note("Write :voice female, :voice male or :voice NAME (parley voices \(locale.language) lists them).")
            return
        }
        let gender = VoiceGender(rawValue: argument.lowercased()).flatMap { $0 == .unspecified ? nil : $0 }
        let outcome = perform { engine in
            Result { try engine.setVoice(for: locale, gender: gender, name: gender == nil ? argument : nil) }
                .mapError { ParleyError.wrapping($0, stage: .synthesis, code: .notFound) }
        }
        switch outcome {
        case .success(let chosen): output.line("\(locale) is now spoken by \(chosen).")
        case .failure(let error): output.error(error)
        }
    }

    private func setRate(_ argument: String) {
        guard let rate = Double(argument) else { output.note("Write :rate 1.5 (0.5 to 3, 1 is normal)."); return }
        let (locale, failure) = perform { engine -> (LocaleTag, ParleyError?) in
            let locale = engine.voiceLocale
            do { try engine.setRate(rate, for: locale) } catch { return (locale, error as? ParleyError) }
            return (locale, nil)
        }
        if let failure { output.error(failure) } else { output.line("\(locale) now speaks at \(rate)×.") }
    }

    private func showHistory() {
        let turns = snapshot.turns
        if turns.isEmpty { output.line("No turns yet.") }
        for (index, turn) in turns.enumerated() {
            output.line("\(index + 1). \(turn.from): \(turn.heard)")
            output.line("   \(turn.to): \(turn.translation)")
        }
    }

    private func save(_ path: String) {
        guard !path.isEmpty else { output.note("Write :save conversation.md or :save conversation.json"); return }
        let url = URL(fileURLWithPath: Self.expandingHome(path))
        let turns = snapshot.turns
        do {
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

    /// `~` and `~/…` are the home of `$HOME`, the way a shell expands them.
    static func expandingHome(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty else {
            return (path as NSString).expandingTildeInPath
        }
        return home + path.dropFirst()
    }

    private func addEntry(_ argument: String) {
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

    private func switchTranslator(_ name: String?) {
        guard let name else {
            let (current, engines) = perform { engine in
                let snapshot = engine.snapshot
                let directions = [(snapshot.speaker, snapshot.listener), (snapshot.listener, snapshot.speaker)]
                return (engine.translator.name, directions.map { source, target in
                    "  \(source.language)→\(target.language): "
                        + (engine.translator.engine(from: source, to: target) ?? "nothing")
                })
            }
            output.line("Translating with \(current). Choose with :translator "
                + TranslatorKind.allCases.map(\.rawValue).joined(separator: "|"))
            for line in engines { output.line(line) }
            return
        }
        do {
            let translator = try CommandLineParser.translatorKind(name).make(library: library)
            perform { engine in
                engine.useTranslator(translator)
                // An engine (Apertium) starts in the background, so the next turn does not wait.
                let snapshot = engine.snapshot
                translator.prepare(from: snapshot.speaker, to: snapshot.listener)
                translator.prepare(from: snapshot.listener, to: snapshot.speaker)
            }
            output.line("Translating with \(translator.name).")
        } catch {
            output.error(error)
        }
    }

    private func switchDevice(_ words: [String]) {
        guard words.count == 2, let direction = ["in": AudioDirection.capture, "out": .playback][words[0]] else {
            output.note("Write :device in NAME or :device out NAME (:devices lists them).")
            return
        }
        let name = words[1]
        let outcome = perform { engine in
            Result { try engine.switchDevice(direction, to: name) }
                .mapError { ParleyError.wrapping($0, stage: .audio, code: .deviceUnavailable) }
        }
        switch outcome {
        case .success(let summary): output.line("Audio: \(summary).")
        case .failure(let error):
            output.error(error)
            let summary = perform { $0.audioSession?.summary }
            output.note(summary.map { "Still using \($0)." } ?? "Continuing in typed mode.")
        }
    }
}
