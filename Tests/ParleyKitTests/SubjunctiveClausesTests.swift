import Testing
@testable import ParleyKit
import ParleyKitTesting

/// After a wish, a purpose or a doubt the Spanish verb is subjunctive, its form from
/// Apertium's generator.
@Suite("Spanish subjunctive after its triggers")
struct SubjunctiveClausesTests {
    /// What Apertium's analyser and generator say of the words these tests use (as lt-proc
    /// answered), so the rule is tested without Apertium installed.
    static let morphology = InMemoryMorphology(
        analyses: [
            "es": [
                "cuenta": ["cuenta<n><f><sg>", "contar<vblex><pri><p3><sg>", "contar<vblex><imp><p2><sg>"],
                "descansas": ["descansar<vblex><pri><p2><sg>"], "el": ["el<det><def><m><sg>"],
                "es": ["ser<vbser><pri><p3><sg>"], "está": ["estar<vblex><pri><p3><sg>"],
                "gusta": ["gustar<vblex><pri><p3><sg>", "gustar<vblex><imp><p2><sg>"],
                "guste": ["gustar<vblex><prs><p3><sg>", "gustar<vblex><prs><p1><sg>", "gustar<vblex><imp><p3><sg>"],
                "la": ["el<det><def><f><sg>", "prpers<prn><pro><p3><f><sg>"], "le": ["prpers<prn><pro><p3><mf><sg>"],
                "llegó": ["llegar<vblex><ifi><p3><sg>"],
                "lo": ["lo<prn><pro><p3><nt>", "lo<det><def><nt><sg>", "prpers<prn><pro><p3><m><sg>"],
                "no": ["no<adv>"], "sí": ["sí<adv>", "sí<prn><tn><ref><p3><mf><sp>"], "tiempo": ["tiempo<n><m><sg>"],
                "tienes": ["tener<vblex><pri><p2><sg>"], "ves": ["ver<vblex><pri><p2><sg>"],
                "vienes": ["venir<vblex><pri><p2><sg>"],
            ],
        ],
        forms: [
            "es": [
                "descansar<vblex><prs><p2><sg>": "descanses",
                "estar<vblex><prs><p3><sg>": "esté",
                "gustar<vblex><prs><p3><sg>": "guste",
                "ser<vbser><prs><p3><sg>": "sea",
                "tener<vblex><prs><p2><sg>": "tengas",
                "venir<vblex><prs><p2><sg>": "vengas",
                "ver<vblex><prs><p2><sg>": "veas",
            ],
        ])

    @Test(arguments: [
        ("Espero que le gusta.", "Espero que le guste."),
        ("Es importante que descansas", "Es importante que descanses"),
        ("No creo que está abierto.", "No creo que esté abierto."),
        ("Espero que el tiempo no es malo", "Espero que el tiempo no sea malo"),
        // A trigger mid-sentence, after a comma; two triggers.
        ("Vale, espero que tienes razón.", "Vale, espero que tengas razón."),
        ("Quiero que vienes para que lo ves", "Quiero que vengas para que lo veas"),
    ])
    func thePresentAfterATriggerIsSubjunctive(_ apertium: String, _ expected: String) {
        #expect(SubjunctiveClauses.apply(to: apertium, language: "es", morphology: Self.morphology) == expected)
    }

    @Test(arguments: [
        // Already subjunctive; a past; no trigger; the clause ended before a verb; a word
        // that may be a noun (`cuenta`) is stepped over, and nothing follows it.
        "Espero que le guste.", "Esperé hasta que llegó.", "Creo que está abierto.",
        "Espero que sí, vale.", "Espero que la cuenta",
    ])
    func whatIsNotAPresentAfterATriggerStays(_ apertium: String) {
        #expect(SubjunctiveClauses.apply(to: apertium, language: "es", morphology: Self.morphology) == apertium)
    }

    @Test func aLanguageWithoutTriggersIsLeftAlone() {
        #expect(SubjunctiveClauses.apply(to: "i hope that it is fine", language: "en", morphology: Self.morphology) == "i hope that it is fine")
    }
}
