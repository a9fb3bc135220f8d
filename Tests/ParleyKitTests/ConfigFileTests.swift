import Foundation
import Testing
@testable import ParleyKit

@Suite("The config file")
struct ConfigFileTests {
    func config(_ text: String) -> ConfigFile { ConfigFile(parsing: text, path: "config") }

    @Test("a bad line is one problem, with its line, what is accepted, and the default kept", arguments: [
        ("[es]\ngender = robot", 2, "gender = robot in [es]: use female or male; using the voice's own."),
        ("[es]\nvoice = +", 2, "voice = + in [es]: name an espeak-ng voice"),
        ("[es]\nratee = 1.2", 2, "'ratee' is not a setting of [es]. Did you mean rate? The settings are: voice, gender, rate"),
        ("[es]\nrate = fast", 2, "rate = fast in [es]: use a number from 0.5 to 3 (1 is normal speed); using the default."),
        ("[es]\n\nrate = 9", 3, "rate = 9 in [es]: use a number from 0.5 to 3"),
        ("[en]\npitch = 50.5", 2, "pitch = 50.5 in [en]: use a whole number from 0 to 100"),
        ("[en]\nvolume = 300", 2, "use a whole number from 0 to 200"),
        ("[en]\npause-after = -1", 2, "use seconds from 0 to 10"),
        ("[locales]\nen = Great Britain", 2, "en = Great Britain in [locales]: give a region such as GB or 419"),
        ("[locales]\nenglish = GB", 2, "the key must be a language code such as en or pt"),
        ("[klingon-speak]\nrate = 2", 1, "[klingon-speak] is not a section parley knows"),
        ("rate = 2", 1, "rate = 2 is not under a section; put it under [LANG]"),
        ("[es]\njust some words", 2, "expected 'key = value' or a [section] header"),
        ("[es\nrate = 2", 1, "'[es' is missing its closing ']'"),
        ("[conversation]\nendpoint = 5", 2, "endpoint = 5 in [conversation]: use seconds of silence from 0.3 to 3, or off"),
        ("[conversation]\nendpont = 1", 2, "'endpont' is not a setting of [conversation]. Did you mean endpoint?"),
    ])
    func problems(text: String, line: Int, message: String) {
        let config = config(text)
        #expect(config.problems.count == 1, "\(config.problems)")
        #expect(config.problems.first?.line == line)
        #expect(config.problems.first?.description.hasPrefix("config:\(line): ") == true)
        #expect(config.problems.first?.message.contains(message) == true, "\(config.problems)")
        #expect(config.sections.values.allSatisfy { $0.isEmpty })
    }

    /// One Latin-1 byte used to make the whole file silently ignored.
    @Test func aLineThatIsNotUTF8CostsOnlyThatLine() {
        let bytes = Array("[es]\ngender = female\nvoice = caf".utf8) + [0xE9] + Array("\nrate = 1.5\n".utf8)
        let config = ConfigFile(parsing: bytes, path: "config")
        #expect(config.problems.map(\.line) == [3])
        #expect(config.problems.first?.message.contains("not UTF-8 text (byte 0xE9 at column 12)") == true)
        #expect(config.value("gender", in: "es") == "female")
        #expect(config.value("rate", in: "es") == "1.5")
    }

    @Test func goodSettingsAreKeptAndAcceptedInAnySpelling() {
        let config = config("""
            # voices
            [es]
            gender = Female   # spoken by a woman
            rate = 1.2
            [es_mx]
            pitch = 60
            [locales]
            en = gb
            pt = pt-PT
            """)
        #expect(config.problems.isEmpty)
        #expect(config.value("gender", in: "es") == "female")
        #expect(config.value("pitch", in: "es-MX") == "60")
        let preferred = config.preferredLocales
        #expect(preferred.preferred(for: LocaleTag(language: "en")).identifier == "en-GB")
        #expect(preferred.preferred(for: LocaleTag(language: "pt")).identifier == "pt-PT")
        #expect(preferred.preferred(for: LocaleTag(language: "es")).identifier == "es-ES")
    }

    /// The conversation front end reads `[conversation] endpoint`.
    @Test("the conversation's endpoint", arguments: [
        ("", nil), ("endpoint = 0.6", EndpointSetting.after(seconds: 0.6)), ("endpoint = OFF", .off),
        ("endpoint = 0.1", nil), ("endpoint = soon", nil),
    ])
    func endpoint(line: String, expected: EndpointSetting?) {
        let config = config("[conversation]\n\(line)")
        #expect(config.endpoint == expected)
        #expect(config.problems.isEmpty == (expected != nil || line.isEmpty))
    }

    @Test func aSettingGivenTwiceSaysWhichWins() {
        let config = config("[es]\nrate = 1.2\nrate = 1.5")
        #expect(config.problems.map(\.line) == [3])
        #expect(config.value("rate", in: "es") == "1.5")
    }

    @Test func speechPreferencesUseTheLocalesSectionOverItsLanguages() throws {
        let preferences = SpeechPreferences(config: config("[es]\ngender = female\nrate = 1.2\n[es-MX]\nrate = 0.8\n[en]\ngender = robot"))
        let mexican = try LocaleTag(parsing: "es-MX")
        #expect(preferences.voice(for: mexican).gender == .female)
        #expect(preferences.settings(for: mexican).rate == 0.8)
        #expect(preferences.settings(for: try LocaleTag(parsing: "es-ES")).rate == 1.2)
        // A bad value leaves the default: no gender, rather than no speech.
        #expect(preferences.voice(for: try LocaleTag(parsing: "en-US")).gender == nil)
    }

    @Test func aMissingFileIsEmptyAndAnUnreadableOneIsOneProblem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-config-\(UUID())")
        #expect(ConfigFile.load(folder.appendingPathComponent("config")) == ConfigFile())
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let unreadable = ConfigFile.load(folder)   // a folder where the file should be
        #expect(unreadable.problems.count == 1)
        #expect(unreadable.problems.first?.message == "is a folder; the config must be a file in it. parley uses its defaults.")
    }

    @Test func unknownKeysSuggestTheClosestOne() {
        #expect(ConfigSchema.closest(to: "ratee", among: ConfigSchema.speechKeys) == "rate")
        #expect(ConfigSchema.closest(to: "gendre", among: ConfigSchema.speechKeys) == "gender")
        #expect(ConfigSchema.closest(to: "loudness", among: ConfigSchema.speechKeys) == nil)
    }
}

/// Thousands of bad lines are said as a few and a count, not one warning each at every start.
@Suite("config problems at start")
struct ConfigProblemSummaryTests {
    @Test func manyProblemsAreSummarisedAfterAFew() {
        let text = (1...10_000).map { "[unknown\($0)]\nkey = value" }.joined(separator: "\n")
        let config = ConfigFile(parsing: Array(text.utf8), path: "/home/ana/.config/parley/config")
        #expect(config.problems.count >= 10_000)
        let summary = config.problemSummary()
        #expect(summary.count == 6)
        #expect(summary.last!.hasPrefix("…and \(config.problems.count - 5) more problems in /home/ana/.config/parley/config (lines "))
    }

    @Test func aFewProblemsAreEachSaid() {
        let config = ConfigFile(parsing: Array("[nope]\n[nada]\n".utf8), path: "c")
        #expect(config.problemSummary() == config.problems.map(\.description))
        #expect(config.problems.count == 2)
    }
}
