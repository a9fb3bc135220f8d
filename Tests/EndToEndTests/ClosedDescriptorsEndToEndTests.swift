import Foundation
import Testing

/// parley started with standard output or error closed (`>&-`, `2>&-`) keeps its transcript
/// clean: the journal never takes descriptor 1 or 2, so no screen line lands in it.
@Suite("parley binary: closed standard descriptors")
struct ClosedDescriptorsEndToEndTests {
    @Test(arguments: [">&-", "2>&-", ">&- 2>&-"])
    func theTranscriptStaysValidJSONLines(_ redirection: String) throws {
        let parley = try ParleyProcess()
        let outcome = try parley.shell("printf 'good morning\\nthank you\\n:history\\n' | \"$0\" en es --mute \(redirection)")
        #expect(outcome.status == 0)
        let transcripts = parley.home.appendingPathComponent(".local/share/parley/transcripts")
        let files = try FileManager.default.contentsOfDirectory(atPath: transcripts.path).filter { $0.hasSuffix(".jsonl") }
        #expect(files.count == 1)
        let lines = try String(contentsOf: transcripts.appendingPathComponent(files[0]), encoding: .utf8)
            .split(separator: "\n")
        #expect(lines.count == 2, "\(lines)")
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not JSON: \(line)")
        }
    }
}
