import Testing
@testable import ParleyKit
import ParleyKitTesting

/// A second clause's verb that cannot be the first subject's gets the pronoun for a thing.
@Suite("English subject after and")
struct SubjectAfterConjunctionTests {
    /// What Apertium's analyser says of the words these tests use (as lt-proc
    /// answered), so the rule is tested without Apertium installed.
    static let morphology = InMemoryMorphology(
        analyses: [
            "en": [
                "I": ["i<num><mf><sg>", "prpers<prn><subj><p1><mf><sg>"], "a": ["a<det><ind><sg>"],
                "and": ["and<cnjcoo>"], "arrived": ["arrive<vblex><past>", "arrive<vblex><pp>"],
                "big": ["big<adj><sint>"], "but": ["but<cnjcoo>", "but<pr>"], "car": ["car<adj>", "car<n><sg>"],
                "doctor": ["doctor<n><sg>"],
                "have": ["have<vbhaver><inf>", "have<vbhaver><pres>", "have<vblex><inf>", "have<vblex><pres>"],
                "is": ["be<vbser><pri><p3><sg>"],
                "it": ["prpers<prn><subj><p3><nt><sg>", "prpers<prn><obj><p3><nt><sg>"],
                "late": ["late<adv>", "late<adj><sint>"], "museum": ["museum<n><sg>"],
                "ordered": ["order<vblex><past>", "order<vblex><pp>"], "soup": ["soup<n><sg>"],
                "the": ["the<det><def><sp>"], "there": ["there<adv>"], "they": ["prpers<prn><subj><p3><mf><pl>"],
                "to": ["to<pr>"], "was": ["be<vbser><past><p3><sg>", "be<vbser><past><p1><sg>"],
                "we": ["prpers<prn><subj><p1><mf><pl>"], "went": ["go<vblex><past>"], "were": ["be<vbser><past>"],
                "yesterday": ["yesterday<adv>"],
            ],
        ])

    @Test(arguments: [
        ("Yesterday we went to the museum and was closed.", "Yesterday we went to the museum and it was closed."),
        ("We ordered the soup but was cold", "We ordered the soup but it was cold"),
        ("We have a car and is red.", "We have a car and it is red."),
    ])
    func theVerbGetsASubject(_ apertium: String, _ expected: String) {
        #expect(SubjectAfterConjunction.apply(to: apertium, language: "en", morphology: Self.morphology) == expected)
    }

    @Test(arguments: [
        // The verb may be the subject's; a plural verb; a noun subject; it already has one.
        "I went to the doctor and was tired.", "They arrived late and were tired.",
        "The museum is big and is old.", "We went there and it was closed.",
    ])
    func anythingElseStays(_ apertium: String) {
        #expect(SubjectAfterConjunction.apply(to: apertium, language: "en", morphology: Self.morphology) == apertium)
    }
}
