import Foundation
import Testing
import ParleyKit
@testable import ParleyCLI

@Suite("Doctor")
struct DoctorTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parley-doctor-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func paths(models: URL, home: URL) -> DataPaths {
        DataPaths(environment: ["HOME": home.path, "PARLEY_MODELS": models.path,
                                "PARLEY_DICTIONARIES": Self.checkout.appendingPathComponent("dictionaries").path])
    }

    @Test func emptyModelFolderMakesTheDefaultPairUnhealthyAndNamesTheFix() throws {
        let empty = try temporaryFolder()
        let report = Doctor(paths: paths(models: empty, home: empty)).run()
        #expect(!report.isHealthy)
        let english = try #require(report.checks.first { $0.component == "speech model en-US" })
        #expect(english.status == .missing)
        #expect(english.fix == "parley install model en-US")
        #expect(report.rendered.contains("→ parley install model es-ES"))
        #expect(!report.checks.contains { $0.component.hasPrefix("speech model ko") })
    }

    /// There may be no sound card to connect (a server): the fix names what works without one.
    @Test func aDeviceThatDoesNotOpenGetsAFixThatWorks() throws {
        let empty = try temporaryFolder()
        let doctor = Doctor(paths: paths(models: empty, home: empty), inputDevice: "nonexistent_pcm",
                            outputDevice: "nonexistent_pcm")
        let audio = doctor.checkAudio()
        #expect(audio.count == 2)
        for check in audio {
            #expect(check.status == .warning)
            #expect(check.fix?.contains("connect a sound card") == false)
            #expect(check.fix?.contains("parley devices") == true)
        }
        #expect(audio[0].fix?.contains("--input-wav FILE.wav") == true)
        #expect(audio[1].fix?.contains("--output-wav DIR") == true)
    }

    @Test func installedKoreanModelIsReported() throws {
        let home = try temporaryFolder()
        let report = Doctor(paths: paths(models: Self.checkout.appendingPathComponent("Models"), home: home)).run()
        let korean = try #require(report.checks.first { $0.component == "speech model ko-KR" })
        #expect(korean.status == .ok)
    }

    /// Readline itself is linked in; what the check can find wrong is the history's folder.
    @Test func readlineIsWarnedAboutWhenItsHistoryCannotBeKept() throws {
        let home = try temporaryFolder()
        let fine = Doctor(paths: paths(models: home, home: home)).checkReadline()
        #expect(fine.status == .ok)
        #expect(fine.detail.hasPrefix("GNU readline 8."))
        #expect(fine.detail.hasSuffix("history in \(home.path)/.local/share/parley/history"))
        // A file where the data folder should be.
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".local/share"), withIntermediateDirectories: true)
        try "not a folder".write(to: home.appendingPathComponent(".local/share/parley"), atomically: true, encoding: .utf8)
        let blocked = Doctor(paths: paths(models: home, home: home)).checkReadline()
        #expect(blocked.status == .warning)
        #expect(blocked.detail.contains("\(home.path)/.local/share/parley is a file, not a folder"))
    }

    @Test func configProblemsAreAWarningNamingTheirLines() throws {
        let home = try temporaryFolder()
        let config = ConfigFile(parsing: "[es]\ngender = robot\nrate = 2\nratee = 1\n", path: "/home/ana/.config/parley/config")
        let check = Doctor(paths: paths(models: home, home: home), config: config).checkConfig()
        #expect(check.status == .warning)
        #expect(check.detail.hasPrefix("2 problem(s), defaults used instead: /home/ana/.config/parley/config:2: gender = robot"))
        #expect(check.fix == "edit \(home.path)/.config/parley/config, lines 2, 4")
    }

    @Test func realLibrariesAreFoundAndDictionariesServeTheDefaultPair() throws {
        let home = try temporaryFolder()
        let report = Doctor(paths: paths(models: home, home: home)).run()
        func status(_ component: String) -> DoctorCheck.Status? {
            report.checks.first { $0.component == component }?.status
        }
        #expect(status("libvosk") == .ok)
        #expect(status("espeak-ng") == .ok)
        #expect(status("voice en-US") == .ok)
        #expect(status("dictionary en→es") == .ok)
        #expect(status("dictionary es→en") == .ok)
    }

    @Test func missingDictionariesNameTheCommandThatAddsThem() throws {
        let home = try temporaryFolder()
        let paths = DataPaths(environment: ["HOME": home.path, "PARLEY_MODELS": home.path,
                                            "PARLEY_DICTIONARIES": home.path])
        let report = Doctor(paths: paths, pair: (try LocaleTag(parsing: "en-US"), try LocaleTag(parsing: "fr-FR"))).run()
        let french = try #require(report.checks.first { $0.component == "dictionary en→fr" })
        #expect(french.status == .missing)
        #expect(french.fix?.contains("parley dict add en fr") == true)
    }

    @Test func theTranslationCheckNamesTheEngineOfEachDirection() throws {
        let home = try temporaryFolder()
        let doctor = Doctor(paths: paths(models: home, home: home))
        let installed = doctor.checkTranslators()
        #expect(installed.map(\.component) == ["translation en→es", "translation es→en"])
        #expect(installed.map(\.detail) == ["apertium eng-spa", "apertium spa-eng"])
        #expect(installed.allSatisfy { $0.status == .ok })
        let noModes = doctor.checkTranslators(modesFolder: home)
        #expect(noModes.map(\.status) == [.warning, .warning])
        #expect(noModes.first?.detail.hasPrefix("dictionary (no Apertium mode") == true)
        #expect(noModes.first?.fix?.contains("scripts/setup --pair en-es") == true)
    }

    @Test func languagePacksAreOneQuietLineWhenAllIsWell() throws {
        let home = try temporaryFolder()
        let checks = Doctor(paths: paths(models: home, home: home)).checkLanguagePacks()
        #expect(checks.count == 1)
        let summary = try #require(checks.first)
        #expect(summary.component == "language packs" && summary.status == .ok)
        for language in ["en", "es", "ko"] { #expect(summary.detail.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.contains(language)) }
    }

    @Test func aLanguagePackWithBadLinesIsAWarningNamingFileAndLine() throws {
        let home = try temporaryFolder()
        let packs = try temporaryFolder()
        for language in ["en", "xx"] {
            try FileManager.default.createDirectory(at: packs.appendingPathComponent(language), withIntermediateDirectories: true)
        }
        try "# words\nhello\n".write(to: packs.appendingPathComponent("en/greetings.txt"), atomically: true, encoding: .utf8)
        let table = packs.appendingPathComponent("xx/contractions.tsv")
        try "# word\tfull\nok\tfine\nbroken\n".write(to: table, atomically: true, encoding: .utf8)
        let paths = DataPaths(environment: ["HOME": home.path, "PARLEY_MODELS": home.path, "PARLEY_LANGUAGE_PACKS": packs.path])
        let checks = Doctor(paths: paths).checkLanguagePacks()
        #expect(checks.map(\.component) == ["language packs", "language pack xx"])
        #expect(checks[0].detail == "en")
        #expect(checks[1].status == .warning)
        #expect(checks[1].detail == "1 problem(s): \(table.path):3: 1 tab-separated fields where the file has 2; line skipped")
    }
}
