import Testing
@testable import ParleyKit
import ParleyKitTesting

/// A command to a stranger is said to usted, its form from Apertium's generator.
@Suite("Spanish commands said to usted")
struct FormalCommandsTests {
    /// What Apertium's analyser and generator say of the words these tests use (as lt-proc
    /// answered), so the rule is tested without Apertium installed.
    static let morphology = InMemoryMorphology(
        analyses: [
            "es": [
                "ayuda": ["ayuda<n><f><sg>", "ayudar<vblex><pri><p3><sg>", "ayudar<vblex><imp><p2><sg>"],
                "ayúdame": ["ayudar<vblex><imp><p2><sg>+prpers<prn><enc><p1><mf><sg>"],
                "cierre": ["cierre<n><m><sg>", "cerrar<vblex><prs><p3><sg>", "cerrar<vblex><prs><p1><sg>", "cerrar<vblex><imp><p3><sg>"],
                "cuenta": ["cuenta<n><f><sg>", "contar<vblex><pri><p3><sg>", "contar<vblex><imp><p2><sg>"],
                "la": ["el<det><def><f><sg>", "prpers<prn><pro><p3><f><sg>"], "les": ["prpers<prn><pro><p3><mf><pl>"],
                "llama": ["llama<n><f><sg>", "llamar<vblex><pri><p3><sg>", "llamar<vblex><imp><p2><sg>"],
                "lo": ["lo<prn><pro><p3><nt>", "lo<det><def><nt><sg>", "prpers<prn><pro><p3><m><sg>"],
                "mantiene": ["mantener<vblex><pri><p3><sg>", "mantenerse<vblex><pron><pri><p3><sg>"],
                "me": ["prpers<prn><pro><p1><mf><sg>"],
                "repite": ["repetir<vblex><pri><p3><sg>", "repetir<vblex><imp><p2><sg>"],
                "siéntate": ["sentar<vblex><imp><p2><sg>+prpers<prn><enc><p2><mf><sg>", "sentir<vblex><imp><p3><sg>+prpers<prn><enc><p2><mf><sg>"],
                "te": ["prpers<prn><pro><p2><mf><sg>"], "ten": ["tener<vblex><imp><p2><sg>"],
                "toca": ["tocar<vblex><pri><p3><sg>", "tocar<vblex><imp><p2><sg>"],
            ],
        ],
        forms: [
            "es": [
                "ayudar<vblex><imp><p3><sg>+prpers<prn><enc><p1><mf><sg>": "ayúdeme",
                "ayudar<vblex><imp><p3><sg>+prpers<prn><enc><p3><mf><pl>": "ayúdeles",
                "llamar<vblex><prs><p3><sg>": "llame",
                "mantener<vblex><imp><p3><sg>+prpers<prn><enc><p3><m><sg>": "manténgalo",
                "repetir<vblex><imp><p3><sg>": "repita",
                "tener<vblex><imp><p3><sg>": "tenga",
                "tocar<vblex><prs><p3><sg>": "toque",
            ],
        ])

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
        #expect(FormalCommands.apply(to: apertium, language: "es", morphology: Self.morphology) == expected)
    }

    @Test(arguments: [
        // Already formal; the listener's own pronoun (`te`) is left as written; no verb opens it.
        "Cierre la ventana.", "No te preocupes.", "Siéntate", "La cuenta, por favor.",
    ])
    func whatIsNotAFamiliarCommandStays(_ apertium: String) {
        #expect(FormalCommands.apply(to: apertium, language: "es", morphology: Self.morphology) == apertium)
    }

    @Test func aPackWithoutTheFeatureIsLeftAlone() {
        #expect(FormalCommands.apply(to: "Repite aquello", language: "en", morphology: Self.morphology) == "Repite aquello")
    }
}
