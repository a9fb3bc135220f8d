import Testing
@testable import ParleyKit
import ParleyKitTesting

/// What is wanted of someone is said with `que` and the subjunctive of that person.
@Suite("Spanish: wanting something of someone")
struct WantingOthersTests {
    /// What Apertium's analyser and generator say of the words these tests use (as lt-proc
    /// answered), so the rule is tested without Apertium installed.
    static let morphology = InMemoryMorphology(
        analyses: [
            "es": [
                "conocer": ["conocer<vblex><inf>"], "esperar": ["esperar<vblex><inf>"],
                "gustaría": ["gustar<vblex><cni><p3><sg>", "gustar<vblex><cni><p1><sg>"],
                "hacer": ["hacer<vblex><inf>"], "llamo": ["llamar<vblex><pri><p1><sg>"],
                "me": ["prpers<prn><pro><p1><mf><sg>"], "nos": ["prpers<prn><pro><p1><mf><pl>"],
                "quedarse": ["quedar<vblex><inf>+se<prn><enc><ref><p3><mf><sp>", "quedarse<vblex><pron><inf>+se<prn><enc><ref><p3><mf><sp>"],
                "queremos": ["querer<vbmod><pri><p1><pl>", "querer<vblex><pri><p1><pl>"],
                "quiere": ["querer<vbmod><pri><p3><sg>", "querer<vbmod><imp><p2><sg>", "querer<vblex><pri><p3><sg>", "querer<vblex><imp><p2><sg>"],
                "quiero": ["querer<vbmod><pri><p1><sg>", "querer<vblex><pri><p1><sg>"],
                "te": ["prpers<prn><pro><p2><mf><sg>"], "venir": ["venir<vblex><inf>"],
            ],
        ],
        forms: [
            "es": [
                "conocer<vblex><pis><p3><sg>": "conociera",
                "esperar<vblex><prs><p1><pl>": "esperemos",
                "hacer<vblex><prs><p1><sg>": "haga",
                "quedar<vblex><prs><p3><sg>": "quede",
                "se<prn><pro><ref><p3><mf><sp>": "se",
                "venir<vblex><prs><p3><sg>": "venga",
            ],
        ])

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
        #expect(WantingOthers.apply(to: apertium, language: "es", morphology: Self.morphology) == expected)
    }

    @Test(arguments: [
        // Wanting to do it oneself; a verb that is not wanting; a comma between.
        "Quiero venir contigo.", "Llamo te para decir hola.", "Quiero, te para venir",
    ])
    func anythingElseStays(_ apertium: String) {
        #expect(WantingOthers.apply(to: apertium, language: "es", morphology: Self.morphology) == apertium)
    }
}
