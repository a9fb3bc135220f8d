import Testing
@testable import ParleyKit

/// `mejor` and `peor` go before their noun, and the place of the superlative takes `de`.
@Suite("Spanish adjectives said before their noun", .enabled(if: LttoolboxLemmatizer.shared(for: "es") != nil, "needs lt-proc and apertium-eng-spa"))
struct PreposedAdjectivesTests {
    @Test(arguments: [
        ("El café mejor en la ciudad.", "El mejor café de la ciudad."),
        ("Las playas mejores en España", "Las mejores playas de España"),
        ("Es el peor hotel en Madrid.", "Es el peor hotel de Madrid."),
    ])
    func theAdjectiveGoesFirstAndThePlaceTakesDe(_ apertium: String, _ expected: String) {
        #expect(PreposedAdjectives.apply(to: apertium, language: "es") == expected)
    }

    @Test(arguments: [
        // A predicate, not after its noun; `en` after no superlative.
        "La habitación es mejor.", "El café en la ciudad es caro.",
    ])
    func anythingElseStays(_ apertium: String) {
        #expect(PreposedAdjectives.apply(to: apertium, language: "es") == apertium)
    }
}
