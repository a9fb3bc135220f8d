import Foundation
@testable import ParleyKit
import Testing

/// Every command parley suggests for a missing speech model works: the installer knows the model, or
/// parley says what to do instead.
@Suite("Suggested fixes lead somewhere")
struct InstallableModelsTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The locales in scripts/install-engine's `official_model` table (plus its Korean model).
    static func setupLocales() throws -> Set<String> {
        let script = try String(contentsOf: checkout.appendingPathComponent("scripts/install-engine"), encoding: .utf8)
        let start = try #require(script.range(of: "official_model() {"))
        let end = try #require(script.range(of: "*) return 1;;", range: start.upperBound..<script.endIndex))
        let table = script[start.upperBound..<end.lowerBound]
        let regex = /([a-z]{2}-[A-Z]{2})\) echo vosk-model/
        return Set(table.matches(of: regex).map { String($0.output.1) } + ["ko-KR"])
    }

    @Test func theListIsTheInstallersOwn() throws {
        #expect(InstallableModels.locales == (try Self.setupLocales()))
    }

    @Test func aRegionSetupHasNoModelForIsHeardWithItsLanguagesModel() throws {
        let british = try LocaleTag(parsing: "en-GB")
        #expect(InstallableModels.fix(for: british).hasPrefix("parley install model en-US "))
        let store = ModelStore(roots: [], preferences: PreferredLocales.standard.merging(["en": "GB"]))
        let error = try #require(throws: ParleyError.self) { try store.model(for: LocaleTag(parsing: "en")) }
        #expect(error.message.hasPrefix("No speech model for en-GB. Installed: none. Run parley install model en-US "),
                "\(error.message)")
        #expect(!error.message.contains("--model en-GB"))
    }

    @Test func aLanguageSetupHasNoModelForSaysWhereToPutOne() throws {
        let greek = try LocaleTag(parsing: "el-GR")
        let advice = InstallableModels.advice(for: greek)
        #expect(!advice.contains("parley install model"))
        #expect(advice.contains("~/.local/share/parley/models/el-GR/"))
        #expect(InstallableModels.advice(for: greek, reinstall: true).hasPrefix("Replace it with a working Vosk model for el-GR"))
        #expect(InstallableModels.advice(for: try LocaleTag(parsing: "ko-KR"), reinstall: true) == "Reinstall it with parley install model ko-KR.")
    }

    /// Setup installs libvosk where parley looks, but `$PARLEY_LIBVOSK` replaces those places.
    @Test func aBadLibvoskPathNamesTheVariableNotSetup() throws {
        let error = try #require(throws: ParleyError.self) {
            try VoskLibrary.load(environment: ["PARLEY_LIBVOSK": "/nonexistent/libvosk.so"])
        }
        #expect(error.message.contains("PARLEY_LIBVOSK is set to /nonexistent/libvosk.so"), "\(error.message)")
        #expect(!error.message.contains(VoskLibrary.installHint))
        #expect(VoskLibrary.fix(environment: [:]) == "scripts/setup")
    }
}
