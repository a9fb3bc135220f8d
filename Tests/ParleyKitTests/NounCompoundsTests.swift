import Testing
@testable import ParleyKit

/// Two nouns Spanish joins with `de` are one English compound, the qualifying noun first.
@Suite("English noun compounds")
struct NounCompoundsTests {
    let rule = NounCompounds.of("en")

    @Test(arguments: [
        ("Where is the stop of the bus?", "Where is the bus stop?"),
        ("The number of emergencies is one one two.", "The emergency number is one one two."),
        ("I have not heard the number of the platform.", "I have not heard the platform number."),
        ("What is the number of your room?", "What is your room number?"),
        ("The password of the *wifi is on the card.", "The *wifi password is on the card."),
        ("Station of metro", "Metro station"),
    ])
    func theQualifyingNounComesFirst(_ apertium: String, _ expected: String) throws {
        #expect(try #require(rule).apply(to: apertium) == expected)
    }

    @Test(arguments: [
        // Only named heads and qualifiers: the end of a street, the top of a bus are no compounds;
        // a qualifier of another head (`bus stop`) is left; a possessive with no article to take.
        "The end of the street.", "The top of the bus.", "The number of the bus stop.", "Number of my room",
        "A cup of tea.",
    ])
    func otherNounsWithOfStay(_ apertium: String) throws {
        #expect(try #require(rule).apply(to: apertium) == apertium)
    }

    @Test func aLanguageWithoutTheListsHasNoRule() {
        #expect(NounCompounds.of("es") == nil)
    }
}
