import Testing
@testable import ParleyKit
import ParleyKitTesting

/// English picks its preposition by the place where Spanish says `en` for every one.
@Suite("English prepositions before places")
struct PlacePrepositionsTests {
    /// What Apertium's analyser says of the words these tests use (as lt-proc
    /// answered), so the rule is tested without Apertium installed.
    static let morphology = InMemoryMorphology(
        analyses: [
            "en": [
                "everything": ["everything<prn><tn><m><sg>"], "next": ["next<adj>", "next<adv>"], "of": ["of<pr>"],
                "on": ["on<adv>", "on<pr>"],
                "second": ["second<adv>", "second<n><sg>", "second<vblex><inf>", "second<vblex><pres>", "second<det><ord><sp>"],
                "station": ["station<n><sg>"], "there": ["there<adv>"],
            ],
        ])

    let rule = PlacePrepositions.of("en", morphology: Self.morphology)

    @Test(arguments: [
        ("You can leave the suitcases in reception.", "You can leave the suitcases at reception."),
        ("You have to change in the next station.", "You have to change at the next station."),
        ("The pharmacy is in the second street on the left.", "The pharmacy is on the second street on the left."),
        ("The password is in the card", "The password is on the card"),
        ("The lift is in the end of the corridor.", "The lift is at the end of the corridor."),
        ("In the airport there are taxis.", "At the airport there are taxis."),
    ])
    func aPlaceTakesItsOwnPreposition(_ apertium: String, _ expected: String) throws {
        #expect(try #require(rule).apply(to: apertium) == expected)
    }

    @Test(arguments: [
        // Another noun after the place is the place (`bus station`); `in the end` alone is "finally";
        // a verb between is no adjective; places the table does not name keep `in`.
        "We are in the bus station.", "In the end everything went well.", "It is in the kitchen.",
        "I left it in, the card", "We live in Madrid.",
    ])
    func otherPlacesKeepIn(_ apertium: String) throws {
        #expect(try #require(rule).apply(to: apertium) == apertium)
    }

    @Test func aLanguageWithoutTheTableHasNoRule() {
        #expect(PlacePrepositions.of("es", morphology: Self.morphology) == nil)
        #expect(PlacePrepositions.of("ko", morphology: Self.morphology) == nil)
    }
}
