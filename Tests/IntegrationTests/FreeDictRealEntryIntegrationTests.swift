import Foundation
import Testing
@testable import ParleyKit

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
        let index = try Self.dictd(Self.entries)
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

    /// A dictd index and dictionary of `entries` in a new temporary folder.
    static func dictd(_ entries: [(String, String)], name: String = "freedict-eng-spa") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-senses-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var data = Data()
        var index = ""
        for (word, body) in entries {
            let bytes = Data(body.utf8)
            index += "\(word)\t\(encode(data.count))\t\(encode(bytes.count))\n"
            data += bytes
        }
        try data.write(to: folder.appendingPathComponent("\(name).dict"))
        let url = folder.appendingPathComponent("\(name).index")
        try index.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    static func encode(_ number: Int) -> String {
        let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var value = number
        var text = ""
        repeat {
            text = String(digits[value % 64]) + text
            value /= 64
        } while value > 0
        return text
    }
}
