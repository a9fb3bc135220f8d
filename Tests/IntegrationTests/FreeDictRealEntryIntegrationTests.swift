import Foundation
import Testing
@testable import ParleyKit
import ParleyKitTesting

/// Entries exactly as Debian's dict-freedict-eng-spa ships them (copied from
/// /usr/share/dictd/freedict-eng-spa.dict.dz): multi-word translations without their
/// spaces, senses numbered in the body, the commonest not always first.
@Suite("FreeDict real entries",
       .enabled(if: LttoolboxLemmatizer.locate(.named("es")) != nil && LttoolboxLemmatizer.locate(.named("en")) != nil,
                "needs lt-proc and apertium-eng-spa"))
struct FreeDictRealEntryIntegrationTests {
    static let entries: [(String, String)] = [
        ("across", "across /əkrɔs/\natravésde\n"), ("across", "across /əkrɔsfrɔm/\ncontra\n"),
        ("agreed", "agreed /əgriːd/\ndeacuerdo, enorden, vale, conforme, convenido\n"),
        ("please", "please /pliːs/\n1. hazfavor, hazelfavor, porfavor\n2. agradar, gustar\n"),
        ("should", "should /shud/\ntenerque\n"),
        ("sometimes", "sometimes /səmetaimz/\naveces\n"),
        ("through", "through /θruː/\n1. acabado, terminado\n2. completamente\n3. por medio de\n4. listo\n5. a lo largo de, por\n"),
        ("water", "water /wˈɔːtə/\nacuarela\n"), ("water", "water /wɔːtər/\n1. agua\n2. regar\n"),
        ("anvil", "anvil /ænvil/\nyunque\n"),
    ]

    @Test func spacesComeBackAndTheOrdinarySenseIsChosen() throws {
        let index = try DictdFixture.write(Self.entries)
        let result = try FreeDictImporter.read(index: index)
        let translations = Dictionary(uniqueKeysWithValues: result.entries.map { ($0.source, $0.target) })
        #expect(translations["across"] == "a través de")
        #expect(translations["please"] == "por favor")
        #expect(translations["should"] == "tener que")
        #expect(translations["sometimes"] == "a veces")
        // The first clean word of the first sense: `deacuerdo` and `enorden` are glued.
        #expect(translations["agreed"] == "vale")
        // `acabado` is an adjective; `through` a preposition, like `por medio de`.
        #expect(translations["through"] == "por medio de")
        #expect(translations["water"] == "agua")
        // A rare word the analyser lacks is not cut into short words (`y un que`).
        #expect(translations["anvil"] == "yunque")
    }
}
