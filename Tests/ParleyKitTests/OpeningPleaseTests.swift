import Testing
@testable import ParleyKit

/// An opening `please` is said last, where the phrasebook has it as a closer.
@Suite("An opening please said last")
struct OpeningPleaseTests {
    @Test(arguments: [
        ("please wait here", "wait here please"),
        ("Please sit down.", "Sit down please."),
        ("please, can you help me?", "can you help me please?"),
    ])
    func theOpeningWordGoesBeforeTheClosingMark(_ said: String, _ expected: String) {
        #expect(OpeningPlease.saidLast(said, pack: .named("en")) == expected)
    }

    @Test(arguments: [
        // Alone; in the middle; a sentence after it; a language whose pack moves nothing.
        "please", "could you please wait", "please. wait here", "please wait. i will be back",
    ])
    func anythingElseStays(_ said: String) {
        #expect(OpeningPlease.saidLast(said, pack: .named("en")) == said)
    }

    @Test func aPackWithoutTheListMovesNothing() {
        #expect(OpeningPlease.saidLast("por favor espere", pack: .named("es")) == "por favor espere")
    }
}
