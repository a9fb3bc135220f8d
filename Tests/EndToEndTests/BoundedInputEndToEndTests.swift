import Foundation
import Testing

/// A line without end is skipped and said; the conversation goes on with the next line, in
/// both front ends.
@Suite("parley binary: bounded input lines")
struct BoundedInputEndToEndTests {
    static let longLine = String(repeating: "a", count: 200_000)

    @Test func theREPLSkipsAnEndlessLineAndTranslatesTheNext() throws {
        let parley = try ParleyProcess()
        let outcome = try parley.run(["en", "es", "--mute"], input: Self.longLine + "\ngood morning\n")
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("A line of 200000 bytes was skipped: a line is at most 64 KiB."), "\(outcome.stderr)")
        #expect(outcome.stdout.contains("es-ES: Buenos días"))
    }

    @Test func theJSONFrontEndSaysItAsAnErrorEventAndGoesOn() throws {
        let parley = try ParleyProcess()
        let outcome = try parley.run(["en", "es", "--mute", "--json"], input: Self.longLine + "\ngood morning\n")
        let events = outcome.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(events.count == outcome.stdout.split(separator: "\n").count, "every line is JSON")
        #expect(events.contains { ($0["message"] as? String)?.contains("A line of 200000 bytes was skipped") == true })
        #expect(events.contains { ($0["text"] as? String) == "Buenos días" || ($0["translation"] as? String) == "Buenos días" },
                "\(outcome.stdout.prefix(2000))")
    }
}
