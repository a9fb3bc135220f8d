import Foundation
import Testing

/// A recording through a pipe (`transcribe -`, a shell's `<(…)`) is transcribed like a file;
/// what is wrong with it names where it came from, not a temporary file.
@Suite("parley binary: transcribe from a pipe")
struct PipedTranscribeEndToEndTests {
    static let fixture = ParleyProcess.checkout
        .appendingPathComponent("Tests/IntegrationTests/Fixtures/ko-byeongwon-eodiyeyo-16k-mono.wav").path

    @Test func standardInputAndAProcessSubstitutionAreTranscribed() throws {
        let parley = try ParleyProcess()
        let piped = try parley.shell("cat '\(Self.fixture)' | \"$0\" transcribe - --lang ko")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.contains("[00:00.03 – 00:01.41]"), "\(piped.stdout)")
        let substituted = try parley.shell("exec bash -c '\"$0\" transcribe <(cat \"$1\") --lang ko --json' \"$0\" '\(Self.fixture)'")
        #expect(substituted.status == 0, "\(substituted.stderr)")
        #expect(substituted.stdout.contains("\"file\" : \"/dev/fd/"), "\(substituted.stdout)")
        // Nothing is left in the temporary folder.
        let left = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("parley-recording-") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test func somethingThatIsNoWAVIsNamedAsStandardInput() throws {
        let outcome = try ParleyProcess().shell("echo garbage | \"$0\" transcribe - --lang ko")
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("standard input is not a WAV file"), "\(outcome.stderr)")
    }
}
