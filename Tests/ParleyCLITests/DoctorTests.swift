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
        #expect(english.fix == "scripts/setup --model en-US")
        #expect(report.rendered.contains("→ scripts/setup --model es-ES"))
        #expect(!report.checks.contains { $0.component.hasPrefix("speech model ko") })
    }

    @Test func installedKoreanModelIsReported() throws {
        let home = try temporaryFolder()
        let report = Doctor(paths: paths(models: Self.checkout.appendingPathComponent("Models"), home: home)).run()
        let korean = try #require(report.checks.first { $0.component == "speech model ko-KR" })
        #expect(korean.status == .ok)
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
        #expect(status("readline") == .ok)
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
}
