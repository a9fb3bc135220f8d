import Testing
@testable import ParleyKit
import ParleyKitTesting

/// `mejor` and `peor` go before their noun, and the place of the superlative takes `de`.
@Suite("Spanish adjectives said before their noun")
struct PreposedAdjectivesTests {
    /// What Apertium's analyser says of the words these tests use (as lt-proc
    /// answered), so the rule is tested without Apertium installed.
    static let morphology = InMemoryMorphology(
        analyses: [
            "es": [
                "café": ["café<n><m><sg>"], "playas": ["playa<n><f><pl>"],
            ],
        ])

    @Test(arguments: [
        ("El café mejor en la ciudad.", "El mejor café de la ciudad."),
        ("Las playas mejores en España", "Las mejores playas de España"),
        ("Es el peor hotel en Madrid.", "Es el peor hotel de Madrid."),
    ])
    func theAdjectiveGoesFirstAndThePlaceTakesDe(_ apertium: String, _ expected: String) {
        #expect(PreposedAdjectives.apply(to: apertium, language: "es", morphology: Self.morphology) == expected)
    }

    @Test(arguments: [
        // A predicate, not after its noun; `en` after no superlative.
        "La habitación es mejor.", "El café en la ciudad es caro.",
    ])
    func anythingElseStays(_ apertium: String) {
        #expect(PreposedAdjectives.apply(to: apertium, language: "es", morphology: Self.morphology) == apertium)
    }
}
