import Foundation
import Testing
@testable import ParleyKit

@Suite("The real C libraries")
struct LibrariesIntegrationTests {
    @Test func libvoskLoadsWithItsVersionFromTheInstalledFile() throws {
        let library = try VoskLibrary.shared.get()
        #expect(library.version == "0.3.45")
        #expect(library.path.hasSuffix("libvosk.so.0.3.45"))
    }

    @Test func aMissingLibvoskIsAClearErrorNotACrash() {
        #expect {
            try VoskLibrary.load(environment: ["PARLEY_LIBVOSK": "/nonexistent/libvosk.so"])
        } throws: { error in
            let parley = error as? ParleyError
            return parley?.stage == .recognition && parley?.message.contains("Run scripts/setup") == true
                && parley?.cause?.contains("/nonexistent/libvosk.so") == true
        }
    }

    @Test func espeakReportsItsVersionAndAmericanAndSpanishVoices() throws {
        let info = try EspeakRuntime.shared.info()
        #expect(info.version.hasPrefix("1."))
        let catalog = try VoiceCatalog.load()
        #expect(catalog.voices.count > 50)
        let american = try #require(catalog.voices.first { $0.identifier == "gmw/en-US" })
        #expect(american.locales.contains(try LocaleTag(parsing: "en-US")))
        #expect(!catalog.voices(speaking: "es").isEmpty)
        #expect(!catalog.voices(speaking: "ko").isEmpty)
    }

    @Test func alsaWithoutADeviceFailsInParleysWords() {
        let probe = ALSADevices.probe("no_such_pcm_\(getpid())", .playback)
        #expect(!probe.opens)
        #expect(probe.failure?.isEmpty == false)
    }
}
