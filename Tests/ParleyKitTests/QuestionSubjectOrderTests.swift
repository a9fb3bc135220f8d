import Testing
@testable import ParleyKit
import ParleyKitTesting

/// After a Spanish question word the verb comes before its subject.
@Suite("Spanish questions: the verb before its subject")
struct QuestionSubjectOrderTests {
    /// What Apertium's analyser says of the words these tests use (as lt-proc
    /// answered), so the rule is tested without Apertium installed.
    static let morphology = InMemoryMorphology(
        analyses: [
            "es": [
                "abre": ["abrir<vblex><pri><p3><sg>", "abrir<vblex><imp><p2><sg>"], "autobús": ["autobús<n><m><sg>"],
                "cierra": ["cerrar<vblex><pri><p3><sg>", "cerrar<vblex><imp><p2><sg>"],
                "duermen": ["dormir<vblex><pri><p3><pl>"], "hora": ["hora<n><f><sg>"], "museo": ["museo<n><m><sg>"],
                "niños": ["niño<n><m><pl>"],
                "para": ["para<pr>", "parar<vblex><pri><p3><sg>", "parar<vblex><imp><p2><sg>"],
                "tienda": ["tienda<n><f><sg>", "tender<vblex><prs><p3><sg>", "tender<vblex><prs><p1><sg>", "tender<vblex><imp><p3><sg>"],
            ],
        ])

    @Test(arguments: [
        ("¿Cuándo el museo cierra?", "¿Cuándo cierra el museo?"),
        ("¿A qué hora la tienda abre el domingo?", "¿A qué hora abre la tienda el domingo?"),
        ("dónde los niños duermen", "dónde duermen los niños"),
    ])
    func theVerbGoesBeforeTheSubject(_ apertium: String, _ expected: String) {
        #expect(QuestionSubjectOrder.apply(to: apertium, language: "es", morphology: Self.morphology) == expected)
    }

    @Test(arguments: [
        // Already in order; a word that may be a preposition (`para`); no question word.
        "¿Cuándo cierra el museo?", "¿Dónde el autobús para Madrid?", "El museo cierra a las seis.",
    ])
    func anythingElseStays(_ apertium: String) {
        #expect(QuestionSubjectOrder.apply(to: apertium, language: "es", morphology: Self.morphology) == apertium)
    }

    @Test func aLanguageWithoutTheFeatureIsLeftAlone() {
        #expect(QuestionSubjectOrder.apply(to: "when the museum closes", language: "en", morphology: Self.morphology) == "when the museum closes")
    }
}
