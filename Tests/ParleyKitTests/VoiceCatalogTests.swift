import Testing
@testable import ParleyKit

/// Choosing an espeak-ng voice by name, without espeak-ng: the catalog is given.
@Suite("espeak-ng voices by name")
struct VoiceCatalogTests {
    let catalog = VoiceCatalog(
        voices: [Voice(name: "English_(America)", identifier: "gmw/en-US", languages: [("en-us", 2)], gender: .male)],
        variants: [Voice(name: "f3", identifier: "!v/f3", languages: [("variant", 5)], gender: .female)])
    let english = LocaleTag(language: "en", region: "US")

    /// `say --voice ""`, `:voice +` and a config's `voice = +` once indexed past the end of
    /// the name's parts and killed the process (every Spanish conversation, for the config).
    @Test("a name with no voice in it", arguments: ["", "+", " + ", "+f3", "++"])
    func anEmptyNameIsRefusedByName(name: String) {
        #expect { try catalog.choose(VoiceRequest(locale: english, name: name)) } throws: { error in
            (error as? ParleyError)?.code == .invalidInput && (error as? ParleyError)?.message.contains("names no voice") == true
        }
    }

    @Test func aNameAndAVariantStillChoose() throws {
        #expect(try catalog.choose(VoiceRequest(locale: english, name: "gmw/en-US+f3")) == "gmw/en-US+f3")
        #expect { try catalog.choose(VoiceRequest(locale: english, name: "gmw/en-US+")) } throws: { error in
            (error as? ParleyError)?.message.contains("No espeak-ng variant ''") == true
        }
    }
}
