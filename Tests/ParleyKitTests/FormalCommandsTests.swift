import Testing
@testable import ParleyKit

/// A command to a stranger is said to usted, its form from Apertium's generator.
@Suite("Spanish commands said to usted",
       .enabled(if: LttoolboxGenerator.shared(for: "es") != nil && LttoolboxLemmatizer.shared(for: "es") != nil,
                "needs lt-proc and apertium-eng-spa"))
struct FormalCommandsTests {
    @Test(arguments: [
        ("Repite aquello", "Repita aquello"),
        ("Ten cuidado.", "Tenga cuidado."),
        ("Ayúdame con esto", "Ayúdeme con esto"),
        ("No toca aquello.", "No toque aquello."),
        ("No me llama", "No me llame"),
        ("Lo mantiene.", "Manténgalo."),
        ("Les ayuda", "Ayúdeles"),
    ])
    func theFamiliarCommandIsSaidToUsted(_ apertium: String, _ expected: String) {
        #expect(FormalCommands.apply(to: apertium, language: "es") == expected)
    }

    @Test(arguments: [
        // Already formal; the listener's own pronoun (`te`) is left as written; no verb opens it.
        "Cierre la ventana.", "No te preocupes.", "Siéntate", "La cuenta, por favor.",
    ])
    func whatIsNotAFamiliarCommandStays(_ apertium: String) {
        #expect(FormalCommands.apply(to: apertium, language: "es") == apertium)
    }

    @Test func aPackWithoutTheFeatureIsLeftAlone() {
        #expect(FormalCommands.apply(to: "Repite aquello", language: "en") == "Repite aquello")
    }

    @Test func theGeneratorJoinsPronounsToAVerb() throws {
        let generator = try #require(LttoolboxGenerator.shared(for: "es"))
        #expect(generator.form(of: "ayudar<vblex><imp><p3><sg>+prpers<prn><enc><p1><mf><sg>") == "ayúdeme")
        #expect(generator.form(of: "ayudar<vblex><imp><p3><sg>$^x") == nil)
    }
}
