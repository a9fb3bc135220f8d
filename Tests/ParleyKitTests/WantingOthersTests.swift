import Testing
@testable import ParleyKit

/// What is wanted of someone is said with `que` and the subjunctive of that person.
@Suite("Spanish: wanting something of someone",
       .enabled(if: LttoolboxGenerator.shared(for: "es") != nil && LttoolboxLemmatizer.shared(for: "es") != nil,
                "needs lt-proc and apertium-eng-spa"))
struct WantingOthersTests {
    @Test(arguments: [
        // The listener is usted; the speaker and the speakers are themselves.
        ("Quiero te para venir conmigo.", "Quiero que venga conmigo."),
        ("¿Quiere me para hacer una foto?", "¿Quiere que haga una foto?"),
        ("¿Quiere nos para esperar?", "¿Quiere que esperemos?"),
        // A conditional wants in the imperfect subjunctive; a reflexive verb keeps its pronoun before it.
        ("Me gustaría te para conocer a mi mujer.", "Me gustaría que conociera a mi mujer."),
        ("Queremos te para quedarse.", "Queremos que se quede."),
    ])
    func theWantedVerbIsSubjunctive(_ apertium: String, _ expected: String) {
        #expect(WantingOthers.apply(to: apertium, language: "es") == expected)
    }

    @Test(arguments: [
        // Wanting to do it oneself; a verb that is not wanting; a comma between.
        "Quiero venir contigo.", "Llamo te para decir hola.", "Quiero, te para venir",
    ])
    func anythingElseStays(_ apertium: String) {
        #expect(WantingOthers.apply(to: apertium, language: "es") == apertium)
    }
}
