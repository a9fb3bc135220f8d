import Testing
@testable import ParleyKit

/// After a Spanish question word the verb comes before its subject.
@Suite("Spanish questions: the verb before its subject",
       .enabled(if: LttoolboxLemmatizer.shared(for: "es") != nil, "needs lt-proc and apertium-eng-spa"))
struct QuestionSubjectOrderTests {
    @Test(arguments: [
        ("¿Cuándo el museo cierra?", "¿Cuándo cierra el museo?"),
        ("¿A qué hora la tienda abre el domingo?", "¿A qué hora abre la tienda el domingo?"),
        ("dónde los niños duermen", "dónde duermen los niños"),
    ])
    func theVerbGoesBeforeTheSubject(_ apertium: String, _ expected: String) {
        #expect(QuestionSubjectOrder.apply(to: apertium, language: "es") == expected)
    }

    @Test(arguments: [
        // Already in order; a word that may be a preposition (`para`); no question word.
        "¿Cuándo cierra el museo?", "¿Dónde el autobús para Madrid?", "El museo cierra a las seis.",
    ])
    func anythingElseStays(_ apertium: String) {
        #expect(QuestionSubjectOrder.apply(to: apertium, language: "es") == apertium)
    }

    @Test func aLanguageWithoutTheFeatureIsLeftAlone() {
        #expect(QuestionSubjectOrder.apply(to: "when the museum closes", language: "en") == "when the museum closes")
    }
}
