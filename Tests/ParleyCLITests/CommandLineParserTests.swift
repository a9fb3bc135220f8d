import Testing
import ParleyKit
@testable import ParleyCLI

@Suite("Command line")
struct CommandLineParserTests {
    func tag(_ text: String) -> LocaleTag { try! LocaleTag(parsing: text) }

    func conversation(_ arguments: [String], preferences: PreferredLocales = .standard) throws -> ConversationOptions? {
        guard case .conversation(let options) = try CommandLineParser.parse(arguments, preferences: preferences) else { return nil }
        return options
    }

    @Test func noArgumentsIsEnglishAndSpanishInTheirPreferredRegions() throws {
        let standard = try #require(try conversation([]))
        #expect([standard.first.identifier, standard.second.identifier] == ["en-US", "es-ES"])
        let british = try #require(try conversation([], preferences: PreferredLocales.standard.merging(["en": "GB"])))
        #expect([british.first.identifier, british.second.identifier] == ["en-GB", "es-ES"])
    }

    /// The config's [locales] is applied when the command line is read, for every bare language.
    @Test func bareLanguagesResolveThroughTheGivenPreferences() throws {
        let preferences = PreferredLocales.standard.merging(["en": "GB", "es": "MX"])
        let options = try #require(try conversation(["en", "es"], preferences: preferences))
        #expect([options.first.identifier, options.second.identifier] == ["en-GB", "es-MX"])
        guard case .say(let say) = try CommandLineParser.parse(["say", "hi", "--lang", "en"], preferences: preferences) else {
            Issue.record("not say"); return
        }
        #expect(say.locale.identifier == "en-GB")
    }

    @Test("pairs resolve bare languages to preferred locales", arguments: [
        (["en", "ko"], "en-US", "ko-KR"), (["ko:en"], "ko-KR", "en-US"), (["pt_BR", "es"], "pt-BR", "es-ES"),
        (["en-GB", "es-MX"], "en-GB", "es-MX"),
    ])
    func conversationPairs(arguments: [String], first: String, second: String) throws {
        guard case .conversation(let options) = try CommandLineParser.parse(arguments) else {
            Issue.record("not a conversation"); return
        }
        #expect(options.first.identifier == first)
        #expect(options.second.identifier == second)
    }

    @Test func theDefaultTranslatorIsAutoAndTranslatorForcesOne() throws {
        #expect(try conversation([])?.translator == .auto)
        #expect(try conversation(["--translator", "dictionary"])?.translator == .dictionary)
        guard case .translate(let plain) = try CommandLineParser.parse(["translate", "--from", "en", "--to", "es", "hi"]),
              case .translate(let forced) = try CommandLineParser.parse(["translate", "--from", "en", "--to", "es",
                                                                          "--translator", "apertium", "hi"]) else {
            Issue.record("not translate"); return
        }
        #expect(plain.translator == .auto)
        #expect(forced.translator == .apertium)
        #expect(throws: UsageError("Unknown translator 'best'. Choose one of: auto, dictionary, apertium, neural.")) {
            try CommandLineParser.parse(["--translator", "best"])
        }
        #expect(try conversation(["--translator", "neural"])?.translator == .neural)
    }

    @Test func translatorsListsAPairOrEverything() throws {
        #expect(try CommandLineParser.parse(["translators"]) == .translators(nil, nil))
        #expect(try CommandLineParser.parse(["translators", "en", "ko"])
                == .translators(try LocaleTag(parsing: "en"), try LocaleTag(parsing: "ko")))
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["translators", "en"]) }
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["translators", "en", "es", "fr"]) }
    }

    @Test func subcommands() throws {
        #expect(try CommandLineParser.parse(["doctor"]) == .doctor)
        #expect(try CommandLineParser.parse(["--version"]) == .version)
        #expect(try CommandLineParser.parse(["--help"]) == .help(nil))
        #expect(try CommandLineParser.parse(["translate", "--help"]) == .help("translate"))
        #expect(try CommandLineParser.parse(["dict", "list"]) == .dictList)
        #expect(try CommandLineParser.parse(["dict", "add", "en", "es", "good morning", "buenos días"])
                == .dictAdd(source: tag("en"), target: tag("es"), phrase: "good morning", translation: "buenos días"))
        #expect(try CommandLineParser.parse(["translate", "--from", "en", "--to", "es", "--json", "where", "is", "it"])
                == .translate(TranslateOptions(source: tag("en"), target: tag("es"), text: "where is it", json: true)))
        #expect(try CommandLineParser.parse(["translate", "--to", "es", "--from", "en"])
                == .translate(TranslateOptions(source: tag("en"), target: tag("es"), text: nil)))
    }

    @Test("bad command lines give a usage error that says what to do", arguments: [
        (["--frobnicate"], "Unknown option '--frobnicate'"),
        (["en"], "needs two languages"),
        (["en", "es", "ko"], "needs two languages"),
        (["en", "en-GB"], "Both sides speak en"),
        (["qq", "es"], "Unknown language 'qq'"),
        (["english", "es"], "is not a language tag"),
        (["en:es:ko"], "is not a pair"),
        (["doctor", "now"], "Unexpected 'now' after doctor"),
        (["translate", "hello"], "translate needs both languages"),
        (["translate", "--from"], "--from needs a value"),
        (["translate", "--from", "en", "--to", "es", "--loud"], "Unknown option '--loud' for translate"),
        (["dict"], "dict needs an action"),
        (["dict", "add", "en", "es", "hello"], "dict add takes four words"),
        (["dict", "burn"], "Unknown dict action 'burn'"),
        (["transalte", "--from", "en", "--to", "es", "hi"], "Did you mean parley translate?"),
        (["trnascribe", "x.wav"], "Did you mean parley transcribe?"),
        (["Doctr"], "Did you mean parley doctor?"),
        (["xyzzy"], "'xyzzy' is not a language tag"),
    ])
    func usageErrors(arguments: [String], message: String) {
        #expect {
            try CommandLineParser.parse(arguments)
        } throws: { error in
            (error as? UsageError)?.message.contains(message) == true
        }
    }

    @Test func unknownFlagExitsWithStatusTwo() {
        #expect(ParleyApp.run(["--no-such-flag"]) == 2)
        #expect(ParleyApp.run(["--version"]) == 0)
    }
}

@Suite("--voice in a conversation")
struct ConversationVoiceOptionTests {
    @Test func aVoiceGoesToTheSideOfItsLanguage() throws {
        guard case .conversation(let options) = try CommandLineParser.parse(["en", "es", "--voice", "es_ES-davefx-medium"]) else {
            Issue.record("not a conversation")
            return
        }
        #expect(options.voices == [VoiceRequest(locale: LocaleTag(language: "es", region: "ES"), name: "es_ES-davefx-medium")])
    }

    @Test func espeakGoesToBothSides() throws {
        guard case .conversation(let options) = try CommandLineParser.parse(["ko", "en", "--voice", "espeak"]) else {
            Issue.record("not a conversation")
            return
        }
        #expect(options.voices.map(\.locale.language) == ["ko", "en"])
        #expect(options.voices.allSatisfy { $0.name == "espeak" })
    }

    @Test func aVoiceOfNeitherSideIsRefused() {
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["en", "es", "--voice", "fr_FR-siwis-medium"]) }
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["en", "es", "--voice", "English_(America)"]) }
    }
}
