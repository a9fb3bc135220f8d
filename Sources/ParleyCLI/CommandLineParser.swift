import ParleyKit

/// Parses parley's command line into a `Command`; every mistake becomes a `UsageError`
/// that names the bad word and what would work.
public enum CommandLineParser {
    /// Parses `arguments` (without the program name). Bare languages (`en`) resolve through
    /// `preferences`: pass the config file's, so `[locales] en = GB` makes `parley en es` mean
    /// en-GB.
    public static func parse(_ arguments: [String], preferences: PreferredLocales = .standard) throws -> Command {
        var words = arguments[...]
        if words.contains("--help") || words.contains("-h") {
            let topic = words.first { !$0.hasPrefix("-") }
            return .help(topic.flatMap { subcommands.contains($0) ? $0 : nil })
        }
        if words.contains("--version") { return .version }
        guard let first = words.first else { return .conversation(try parseConversation([], preferences: preferences)) }
        switch first {
        case "help":
            words.removeFirst()
            if words.first == "--man" { return .manPage }
            return .help(words.first)
        case "completions":
            words.removeFirst()
            return .completions(try parseCompletions(words))
        case "doctor":
            words.removeFirst()
            try expectEnd(words, after: "doctor")
            return .doctor
        case "translate":
            words.removeFirst()
            return .translate(try parseTranslate(words))
        case "dict":
            words.removeFirst()
            return try parseDict(words)
        case "say":
            words.removeFirst()
            return .say(try parseSay(words, preferences: preferences))
        case "transcribe":
            words.removeFirst()
            return .transcribe(try parseTranscribe(words))
        case "interpret":
            words.removeFirst()
            return .interpret(try parseInterpret(words, preferences: preferences))
        case "check-model":
            guard words.count == 3 else { throw UsageError("Use parley check-model LOCALE FOLDER.") }
            return .checkModel(locale: try locale(words[words.startIndex + 1]), folder: words[words.startIndex + 2])
        case "devices":
            words.removeFirst()
            try expectEnd(words, after: "devices")
            return .devices
        case "translators":
            words.removeFirst()
            let first = try words.popFirst().map(locale)
            let second = try words.popFirst().map(locale)
            guard (first == nil) == (second == nil) else {
                throw UsageError("Name two languages (parley translators en es), or none for every direction.")
            }
            try expectEnd(words, after: "translators")
            return .translators(first, second)
        case "voices":
            words.removeFirst()
            let language = try words.popFirst().map(locale)
            try expectEnd(words, after: "voices")
            return .voices(language)
        case "install":
            words.removeFirst()
            return .install(try parseInstall(words, preferences: preferences))
        case "lexicon":
            words.removeFirst()
            guard words.popFirst() == "add", words.count == 3 else {
                throw UsageError("Use parley lexicon add LANG WORD PRONUNCIATION, e.g. "
                    + "parley lexicon add en tomato \"[[t@m'A:toU]]\" (espeak-ng phonemes) or a respelling.")
            }
            let rest = Array(words)
            return .lexiconAdd(language: try locale(rest[0]), word: rest[1], pronunciation: rest[2])
        default:
            try rejectMistypedCommand(first)
            return .conversation(try parseConversation(words, preferences: preferences))
        }
    }

    /// A first word that is no language but one or two edits from a command (`transalte`) is
    /// a mistyped command: name it rather than call the word a bad language tag.
    static func rejectMistypedCommand(_ word: String) throws {
        guard !word.hasPrefix("-"), !word.contains(":"), (try? locale(word)) == nil,
              let command = ConfigSchema.closest(to: word.lowercased(), among: subcommands) else { return }
        throw UsageError("Unknown command '\(word)'. Did you mean parley \(command)? Run parley --help for the commands.")
    }

    /// `install model LOCALE`, `install voice NAME` or `install translation A-B` (or `A B`).
    static func parseInstall(_ words: ArraySlice<String>, preferences: PreferredLocales) throws -> InstallRequest {
        let usage = "Use parley install model LOCALE, parley install voice NAME or parley install translation A-B."
        var words = words
        guard let kind = words.popFirst() else { throw UsageError("install needs what to install. " + usage) }
        switch kind {
        case "model":
            guard let word = words.popFirst() else { throw UsageError("install model needs a locale, like en-US or ko. " + usage) }
            try expectEnd(words, after: "install model \(word)")
            return .model(preferences.preferred(for: try locale(word)))
        case "voice":
            guard let name = words.popFirst() else {
                throw UsageError("install voice needs a voice name, like es_ES-davefx-medium (the Piper voice collection's names).")
            }
            try expectEnd(words, after: "install voice \(name)")
            guard name.wholeMatch(of: /[A-Za-z0-9][A-Za-z0-9_.+-]*/) != nil, name.count <= 100 else {
                throw UsageError("'\(VisibleText.of(name))' is not a voice name: names look like es_ES-davefx-medium.")
            }
            return .voice(name)
        case "translation":
            let languages = words.count == 1 ? words[words.startIndex].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
                                             : Array(words)
            guard languages.count == 2 else {
                throw UsageError("install translation needs a direction, like en-es (English to Spanish).")
            }
            let source = try locale(languages[0]), target = try locale(languages[1])
            guard source.region == nil, target.region == nil else {
                throw UsageError("A translation model is for two languages, not locales: use \(source.language)-\(target.language).")
            }
            guard source.language != target.language else {
                throw UsageError("A translation model translates between two languages; \(source.language)-\(target.language) names one.")
            }
            return .translation(source: source.language, target: target.language)
        default:
            throw UsageError("Unknown thing to install '\(VisibleText.of(kind))'. " + usage)
        }
    }

    /// The subcommands `--help` knows about.
    static let subcommands = CommandReference.commandNames

    static func parseCompletions(_ words: ArraySlice<String>) throws -> CompletionRequest {
        let shells = Shell.allCases.map(\.rawValue).joined(separator: ", ")
        guard let word = words.first else { throw UsageError("completions needs a shell: one of \(shells).") }
        try expectEnd(words.dropFirst(), after: "completions \(word)")
        if word == "--voices" { return .voices }
        guard let shell = Shell(rawValue: word) else {
            throw UsageError("No completions for '\(word)'. parley writes them for \(shells).")
        }
        return .script(shell)
    }

    /// The pair parley starts with when none is named: English and Spanish in their
    /// preferred regions (en-US and es-ES unless the config says otherwise).
    public static func defaultPair(_ preferences: PreferredLocales) -> (first: LocaleTag, second: LocaleTag) {
        (preferences.preferred(for: LocaleTag(language: ConversationOptions.defaultPair.first.language)),
         preferences.preferred(for: LocaleTag(language: ConversationOptions.defaultPair.second.language)))
    }

    /// A conversation's options; bare languages resolve through `preferences` (the config's).
    static func parseConversation(_ arguments: ArraySlice<String>,
                                  preferences: PreferredLocales = .standard) throws -> ConversationOptions {
        var options = ConversationOptions.defaultPair
        (options.first, options.second) = defaultPair(preferences)
        var locales: [LocaleTag] = []
        var voiceNames: [String] = []
        var words = arguments
        while let word = words.popFirst() {
            switch word {
            case "--verbose", "-v":
                options.verbose = true
            case "--translator":
                options.translator = try translatorKind(try value(of: word, in: &words))
            case "--input": options.input = try value(of: word, in: &words)
            case "--output": options.output = try value(of: word, in: &words)
            case "--input-wav": options.inputWAV = try value(of: word, in: &words)
            case "--output-wav": options.outputWAV = try value(of: word, in: &words)
            case "--mute": options.mute = true
            case "--json": options.json = true
            case "--voice": voiceNames.append(try value(of: word, in: &words))
            case "--endpoint":
                let text = try value(of: word, in: &words)
                guard let setting = EndpointSetting(parsing: text) else {
                    throw UsageError("--endpoint takes seconds of silence from 0.3 to 3, or off (got '\(text)').")
                }
                options.endpoint = setting
            case let flag where flag.hasPrefix("-"):
                throw UsageError("Unknown option '\(flag)'. Run parley --help for the options.")
            case let pair where pair.contains(":"):
                let sides = pair.split(separator: ":", omittingEmptySubsequences: false)
                guard sides.count == 2 else {
                    throw UsageError("'\(pair)' is not a pair. Write it as en:es.")
                }
                locales += try sides.map { try locale(String($0)) }
            default:
                locales.append(try locale(word))
            }
        }
        if !locales.isEmpty {
            (options.first, options.second) = try usage { try LanguageArguments.sides(locales, preferences: preferences) }
        }
        options.voices = try voiceNames.flatMap { try voiceRequests(named: $0, sides: [options.first, options.second]) }
        return options
    }

    /// `--voice NAME` for the sides it speaks: both for `espeak`, else the side of the
    /// voice's language.
    static func voiceRequests(named name: String, sides: [LocaleTag]) throws -> [VoiceRequest] {
        guard name.lowercased() != VoiceRouter.espeakName else {
            return sides.map { VoiceRequest(locale: $0, name: name) }
        }
        guard let language = VoiceRouter.language(ofVoiceNamed: name) else {
            throw UsageError("--voice \(name): parley cannot tell which side it is for. Use a voice named by its "
                + "language (parley voices LANG lists them), or espeak.")
        }
        let matching = sides.filter { $0.language == language }
        guard !matching.isEmpty else {
            throw UsageError("--voice \(name) speaks \(language); this conversation is "
                + sides.map(\.identifier).joined(separator: " ↔ ") + ".")
        }
        return matching.map { VoiceRequest(locale: $0, name: name) }
    }

    static func parseTranslate(_ arguments: ArraySlice<String>) throws -> TranslateOptions {
        var source: LocaleTag?
        var target: LocaleTag?
        var json = false
        var translator = TranslatorKind.auto
        var detect = false
        var textWords: [String] = []
        var words = arguments
        while let word = words.popFirst() {
            switch word {
            case "--detect": detect = true
            case "--from": source = try locale(try value(of: word, in: &words))
            case "--to": target = try locale(try value(of: word, in: &words))
            case "--json": json = true
            case "--translator": translator = try translatorKind(try value(of: word, in: &words))
            case "--": textWords += words; words = []
            case let flag where flag.hasPrefix("--"):
                throw UsageError("Unknown option '\(flag)' for translate. It takes --from, --to, --json, --translator and --detect.")
            default: textWords.append(word)
            }
        }
        guard let source, let target else {
            throw UsageError("translate needs both languages: parley translate --from en --to es \"where is the bathroom\"")
        }
        return TranslateOptions(source: source, target: target,
                                text: textWords.isEmpty ? nil : textWords.joined(separator: " "), json: json,
                                translator: translator, detect: detect)
    }

    static func parseSay(_ arguments: ArraySlice<String>, preferences: PreferredLocales) throws -> SayOptions {
        var options = SayOptions(text: "", locale: ConversationOptions.defaultPair.first)
        var language: LocaleTag?
        var textWords: [String] = []
        var words = arguments
        func number<T: LosslessStringConvertible>(_ flag: String, _ type: T.Type) throws -> T {
            let text = try value(of: flag, in: &words)
            guard let parsed = T(text) else { throw UsageError("\(flag) needs a number (got '\(text)').") }
            return parsed
        }
        while let word = words.popFirst() {
            switch word {
            case "--lang": language = try locale(try value(of: word, in: &words))
            case "--wav": options.wavPath = try value(of: word, in: &words)
            case "--voice": options.voice = try value(of: word, in: &words)
            case "--gender":
                let text = try value(of: word, in: &words)
                guard let gender = VoiceGender(rawValue: text.lowercased()), gender != .unspecified else {
                    throw UsageError("--gender takes female or male (got '\(text)').")
                }
                options.gender = gender
            case "--rate": options.rate = try number(word, Double.self)
            case "--pitch": options.pitch = try number(word, Int.self)
            case "--volume": options.volume = try number(word, Int.self)
            case "--pause-before": options.pauseBefore = try number(word, Double.self)
            case "--pause-after": options.pauseAfter = try number(word, Double.self)
            case "--": textWords += words; words = []
            case let flag where flag.hasPrefix("--"):
                throw UsageError("Unknown option '\(flag)' for say. Run parley say --help.")
            default: textWords.append(word)
            }
        }
        guard let language else {
            throw UsageError("say needs a language: parley say \"¿dónde está el baño?\" --lang es")
        }
        guard !textWords.isEmpty else { throw UsageError("say needs text: parley say \"hello\" --lang en") }
        options.locale = preferences.preferred(for: language)
        options.text = textWords.joined(separator: " ")
        return options
    }

    static func parseTranscribe(_ arguments: ArraySlice<String>) throws -> TranscribeOptions {
        var options = TranscribeOptions(path: "", locale: ConversationOptions.defaultPair.first)
        var path: String?
        var language: LocaleTag?
        var words = arguments
        while let word = words.popFirst() {
            switch word {
            case "--lang": language = try locale(try value(of: word, in: &words))
            case "--json": options.json = true
            case "--verbose", "-v": options.verbose = true
            case "--alternatives":
                let text = try value(of: word, in: &words)
                guard let count = Int(text), (1...10).contains(count) else {
                    throw UsageError("--alternatives takes a number from 1 to 10 (got '\(text)').")
                }
                options.alternatives = count
            case let flag where flag.hasPrefix("--"):
                throw UsageError("Unknown option '\(flag)' for transcribe. It takes --lang, --json, --alternatives and --verbose.")
            default:
                guard path == nil else { throw UsageError("transcribe takes one file (got '\(word)' too).") }
                path = word
            }
        }
        guard let path else { throw UsageError("transcribe needs a WAV file: parley transcribe FILE.wav --lang ko") }
        guard let language else { throw UsageError("transcribe needs the language spoken: --lang ko") }
        options.path = path
        options.locale = language
        return options
    }

    static func parseDict(_ arguments: ArraySlice<String>) throws -> Command {
        let usage = "Use parley dict add FROM TO PHRASE TRANSLATION, parley dict import FILE.index, or parley dict list."
        guard let action = arguments.first else { throw UsageError("dict needs an action. " + usage) }
        let rest = Array(arguments.dropFirst())
        switch action {
        case "add":
            guard rest.count == 4 else {
                throw UsageError("dict add takes four words (got \(rest.count)): "
                    + "parley dict add en es \"good morning\" \"buenos días\"")
            }
            return .dictAdd(source: try locale(rest[0]), target: try locale(rest[1]),
                            phrase: rest[2], translation: rest[3])
        case "list":
            try expectEnd(rest[...], after: "dict list")
            return .dictList
        case "import":
            var words = rest[...]
            var path: String?
            var source: LocaleTag?
            var target: LocaleTag?
            while let word = words.popFirst() {
                switch word {
                case "--from": source = try locale(try value(of: word, in: &words))
                case "--to": target = try locale(try value(of: word, in: &words))
                case let flag where flag.hasPrefix("--"):
                    throw UsageError("Unknown option '\(flag)' for dict import. It takes --from and --to.")
                default:
                    guard path == nil else { throw UsageError("dict import takes one .index file (got '\(word)' too).") }
                    path = word
                }
            }
            guard let path else {
                throw UsageError("dict import needs a dictd index: parley dict import /usr/share/dictd/freedict-eng-spa.index")
            }
            guard (source == nil) == (target == nil) else {
                throw UsageError("Give both --from and --to, or neither (the file name tells them).")
            }
            return .dictImport(path: path, source: source, target: target)
        default:
            throw UsageError("Unknown dict action '\(action)'. " + usage)
        }
    }

    static func locale(_ text: String) throws -> LocaleTag {
        try usage { try LanguageArguments.locale(text) }
    }

    static func translatorKind(_ name: String) throws -> TranslatorKind {
        try usage { try LanguageArguments.translatorKind(name) }
    }

    /// `body`'s mistake as a `UsageError` in the same words (ParleyKit reads languages and
    /// translators for the conversation's commands too).
    static func usage<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as ParleyError { throw UsageError(error.message) }
    }

    static func value(of flag: String, in words: inout ArraySlice<String>) throws -> String {
        guard let value = words.popFirst(), !value.hasPrefix("--") else {
            throw UsageError("\(flag) needs a value, like \(flag) es.")
        }
        return value
    }

    static func expectEnd(_ words: ArraySlice<String>, after command: String) throws {
        if let extra = words.first {
            throw UsageError("Unexpected '\(extra)' after \(command). Run parley --help for usage.")
        }
    }
}
