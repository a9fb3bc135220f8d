import Foundation
import ParleyKit

/// The prompt's `:` commands.
enum REPLCommands {
    static let names = [":swap", ":pair", ":languages", ":voice", ":rate", ":say", ":again", ":listen", ":dictate",
                        ":auto", ":mute", ":history", ":save", ":dict", ":translator", ":devices", ":device",
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
          :listen FILE.wav      take a turn from a recording
          :dictate              dictation on/off: what you say is spoken back in your language
          :auto on|off          hands-free: keep listening for the next side after each turn
          :mute                 text only on/off
          :history              the turns so far
          :save FILE.md|FILE.json
                                save the conversation
          :dict add PHRASE = TRANSLATION
                                your own entry for the current direction
          :translator dictionary|apertium
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
        case ":swap":
            conversation.swap()
        case ":pair": switchPair(Array(words.dropFirst()))
        case let shorthand where isPairShorthand(shorthand): switchPair(shorthand.split(separator: ":").map(String.init))
        case ":languages": showLanguages()
        case ":voice": setVoice(rest)
        case ":rate": setRate(rest)
        case ":say":
            guard !rest.isEmpty else { output.note("Write it as :say good morning"); break }
            speakAloud(rest, in: conversation.speakerLocale)
        case ":again":
            guard let last = lastSpoken else { output.note("Nothing has been said yet."); break }
            speakAloud(last.text, in: last.locale)
        case ":listen": listenToRecording(rest)
        case ":dictate":
            dictating.toggle()
            output.line(dictating ? "Dictation on: what you say is spoken back in \(conversation.speakerLocale)."
                                  : "Dictation off: translating again.")
        case ":auto":
            guard let setting = words.dropFirst().first, ["on", "off"].contains(setting) else {
                output.note("Write :auto on or :auto off (hands-free is \(handsFree ? "on" : "off")).")
                break
            }
            handsFree = setting == "on"
            output.line(handsFree ? "Hands-free: after each turn parley listens for the other side. Ctrl-C stops."
                                  : "Hands-free off.")
        case ":mute":
            muted.toggle()
            output.line(muted ? "Muted: translations are shown, not spoken." : "Speaking translations again.")
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

    private func speakAloud(_ text: String, in locale: LocaleTag) {
        if muted || audio == nil { output.line("  \(locale) (not spoken\(muted ? ": muted" : ": no audio device")): \(text)") }
        let wasMuted = muted
        muted = false
        speak(text, in: locale)
        muted = wasMuted
    }

    private func switchPair(_ tags: [String]) {
        do {
            guard tags.count == 2 else { throw UsageError("Name two languages: :pair en ko") }
            let pair = try CommandLineParser.parseConversation(tags[...])
            conversation.switchPair(first: pair.first, second: pair.second)
            options.first = pair.first
            options.second = pair.second
            recognition?.prepare(pair.first)
            recognition?.prepare(pair.second)
            output.line("Now \(pair.first.displayName) ↔ \(pair.second.displayName).")
            updateCompletions()
        } catch {
            output.error(error)
        }
    }

    private func showLanguages() {
        let store = ModelStore(roots: paths.modelRoots, preferences: speech.preferredLocales)
        let pairs = library.availablePairs()
        for locale in [options.first, options.second] {
            let model: String
            if let installed = try? store.model(for: locale) {
                model = recognition?.isReady(locale) == true ? "\(installed.locale) loaded" : "\(installed.locale) installed"
            } else {
                model = "none (scripts/setup --model \(locale))"
            }
            let voice = (try? synthesizer.get()).flatMap { try? $0.voice(for: speech.voice(for: locale)) } ?? "none"
            let to = pairs.keys.filter { $0.source == locale.language }.map(\.target).sorted()
            output.line("\(locale) \(locale.displayName)")
            output.line("  speech model: \(model); voice: \(voice); dictionaries to: \(to.isEmpty ? "none" : to.joined(separator: ", "))")
        }
    }

    private func setVoice(_ argument: String) {
        let locale = dictating ? conversation.speakerLocale : conversation.listenerLocale
        guard !argument.isEmpty else {
            output.note("Write :voice female, :voice male or :voice NAME (parley voices \(locale.language) lists them).")
            return
        }
        do {
            var request = try speech.voice(for: locale)
            if let gender = VoiceGender(rawValue: argument.lowercased()), gender != .unspecified {
                request.gender = gender
                request.name = nil
            } else {
                request.name = argument
            }
            let chosen = try synthesizer.get().voice(for: request)
            speech.setVoice(request)
            output.line("\(locale) is now spoken by \(chosen).")
        } catch {
            output.error(error)
        }
    }

    private func setRate(_ argument: String) {
        let locale = dictating ? conversation.speakerLocale : conversation.listenerLocale
        guard let rate = Double(argument) else { output.note("Write :rate 1.5 (0.5 to 3, 1 is normal)."); return }
        do {
            try speech.setRate(rate, for: locale)
            output.line("\(locale) now speaks at \(rate)×.")
        } catch {
            output.error(error)
        }
    }

    private func listenToRecording(_ path: String) {
        guard !path.isEmpty else { output.note("Write :listen FILE.wav"); return }
        guard let recognition else {
            output.error(VoskLibrary.shared.failureOrNil ?? ParleyError(.recognition, "No recognizer."))
            return
        }
        do {
            let (segments, _) = try FileTranscriber(recognition: recognition)
                .transcribe(URL(fileURLWithPath: path), locale: conversation.speakerLocale, maxAlternatives: 3)
            guard !segments.isEmpty else {
                output.note("No speech in \(path); it is still \(conversation.speakerLocale)'s turn.")
                return
            }
            let text = segments.map(\.result.text).joined(separator: " ")
            let alternatives = segments.count == 1 ? segments[0].result.alternatives.map(\.text) : []
            takeTurn(text: text, alternatives: alternatives, mode: "recording")
        } catch {
            output.error(error)
        }
    }

    private func showHistory() {
        if records.isEmpty { output.line("No turns yet.") }
        for record in records {
            output.line("\(record.side). \(record.from): \(record.heard)")
            output.line("   \(record.to): \(record.translation)")
        }
    }

    private func save(_ path: String) {
        guard !path.isEmpty else { output.note("Write :save conversation.md or :save conversation.json"); return }
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        do {
            let data: Data
            switch url.pathExtension.lowercased() {
            case "json":
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                data = try encoder.encode(records)
            case "md", "markdown":
                data = Data(TranscriptMarkdown.render(records).utf8)
            default:
                throw ParleyError(.conversation, "Save as .md (Markdown) or .json: \(url.lastPathComponent) has neither.")
            }
            try AtomicFile.write(data, to: url, permissions: 0o600)
            output.line("Saved \(records.count) turn(s) to \(url.path).")
        } catch {
            output.error(error)
        }
    }

    private func addEntry(_ argument: String) {
        guard argument.hasPrefix("add "), let equals = argument.firstIndex(of: "=") else {
            output.note("Write it as :dict add good morning = buenos días")
            return
        }
        let phrase = argument[argument.index(argument.startIndex, offsetBy: 4)..<equals].trimmingCharacters(in: .whitespaces)
        let translation = argument[argument.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        let pair = LanguagePair(conversation.speakerLocale, conversation.listenerLocale)
        do {
            try library.addUserEntry(DictionaryEntry(source: phrase, target: translation), for: pair)
            output.line("Added for \(pair): \(phrase) → \(translation)")
        } catch {
            output.error(error)
        }
    }

    private func switchTranslator(_ name: String?) {
        guard let name else {
            output.line("Translating with \(translator.name). Choose with :translator "
                + TranslatorKind.allCases.map(\.rawValue).joined(separator: "|"))
            return
        }
        do {
            translator = try CommandLineParser.translatorKind(name).make(library: library)
            output.line("Translating with \(translator.name).")
        } catch {
            output.error(error)
        }
    }

    private func switchDevice(_ words: [String]) {
        guard words.count == 2, ["in", "out"].contains(words[0]) else {
            output.note("Write :device in NAME or :device out NAME (:devices lists them).")
            return
        }
        var changed = options
        if words[0] == "in" { changed.input = words[1] } else { changed.output = words[1] }
        changed.inputWAV = nil
        changed.outputWAV = nil
        (audio as? ALSAAudioSession)?.close()
        audio = nil
        streams = [:]
        let previous = options
        options = changed
        do {
            let session = try openAudio()
            audio = session
            output.line("Audio: \(session.summary).")
        } catch {
            output.error(error)
            options = previous
            audio = try? openAudio()
            output.note(audio.map { "Back to \($0.summary)." } ?? "Continuing in typed mode.")
        }
    }
}
