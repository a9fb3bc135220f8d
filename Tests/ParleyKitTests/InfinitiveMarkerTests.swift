import Testing
@testable import ParleyKit
import ParleyKitTesting

/// A verb after `like`, `want`, `know`… is said with `to` (`how to`).
@Suite("English to before a verb that needs it")
struct InfinitiveMarkerTests {
    /// What Apertium's analyser says of the words these tests use (as lt-proc
    /// answered), so the rule is tested without Apertium installed.
    static let morphology = InMemoryMorphology(
        analyses: [
            "en": [
                "a": ["a<det><ind><sg>"], "change": ["change<n><sg>", "change<vblex><inf>", "change<vblex><pres>"],
                "go": ["go<vblex><inf>", "go<vblex><pres>"],
                "help": ["help<n><sg>", "help<vblex><inf>", "help<vblex><pres>"],
                "it": ["prpers<prn><subj><p3><nt><sg>", "prpers<prn><obj><p3><nt><sg>"],
                "swim": ["swim<vblex><inf>", "swim<vblex><pres>"], "to": ["to<pr>"],
            ],
        ])

    @Test(arguments: [
        ("I do not know swim.", "I do not know how to swim."),
        ("I would like change these shoes", "I would like to change these shoes"),
        ("We want go home", "We want to go home"),
    ])
    func theVerbGetsItsTo(_ apertium: String, _ expected: String) {
        #expect(InfinitiveMarker.apply(to: apertium, language: "en", morphology: Self.morphology) == expected)
    }

    @Test(arguments: [
        // Already with to; a noun; a word that may be a noun with no object after it; a clause.
        "I want to go", "I want a coffee", "I need help.", "I want change", "I know it is late",
    ])
    func anythingElseStays(_ apertium: String) {
        #expect(InfinitiveMarker.apply(to: apertium, language: "en", morphology: Self.morphology) == apertium)
    }
}
