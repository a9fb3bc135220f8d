import Testing
@testable import ParleyKit

/// A second clause's verb that cannot be the first subject's gets the pronoun for a thing.
@Suite("English subject after and", .enabled(if: LttoolboxLemmatizer.shared(for: "en") != nil, "needs lt-proc and apertium-eng-spa"))
struct SubjectAfterConjunctionTests {
    @Test(arguments: [
        ("Yesterday we went to the museum and was closed.", "Yesterday we went to the museum and it was closed."),
        ("We ordered the soup but was cold", "We ordered the soup but it was cold"),
        ("We have a car and is red.", "We have a car and it is red."),
    ])
    func theVerbGetsASubject(_ apertium: String, _ expected: String) {
        #expect(SubjectAfterConjunction.apply(to: apertium, language: "en") == expected)
    }

    @Test(arguments: [
        // The verb may be the subject's; a plural verb; a noun subject; it already has one.
        "I went to the doctor and was tired.", "They arrived late and were tired.",
        "The museum is big and is old.", "We went there and it was closed.",
    ])
    func anythingElseStays(_ apertium: String) {
        #expect(SubjectAfterConjunction.apply(to: apertium, language: "en") == apertium)
    }
}
