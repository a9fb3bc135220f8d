import Testing
@testable import ParleyKit

/// A verb after `like`, `want`, `know`… is said with `to` (`how to`).
@Suite("English to before a verb that needs it", .enabled(if: LttoolboxLemmatizer.shared(for: "en") != nil, "needs lt-proc and apertium-eng-spa"))
struct InfinitiveMarkerTests {
    @Test(arguments: [
        ("I do not know swim.", "I do not know how to swim."),
        ("I would like change these shoes", "I would like to change these shoes"),
        ("We want go home", "We want to go home"),
    ])
    func theVerbGetsItsTo(_ apertium: String, _ expected: String) {
        #expect(InfinitiveMarker.apply(to: apertium, language: "en") == expected)
    }

    @Test(arguments: [
        // Already with to; a noun; a word that may be a noun with no object after it; a clause.
        "I want to go", "I want a coffee", "I need help.", "I want change", "I know it is late",
    ])
    func anythingElseStays(_ apertium: String) {
        #expect(InfinitiveMarker.apply(to: apertium, language: "en") == apertium)
    }
}
