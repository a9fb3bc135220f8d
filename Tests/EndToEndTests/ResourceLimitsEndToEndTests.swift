import Foundation
import Testing

/// Too few file descriptors is said as that, once; a low soft limit is raised and works.
@Suite("parley binary: resource limits")
struct ResourceLimitsEndToEndTests {
    func run(_ limit: String) throws -> ParleyProcess.Outcome {
        try ParleyProcess().shell("ulimit \(limit) 12; echo 'where is the station' | \"$0\" translate --from en --to es")
    }

    @Test func aHardLimitTooLowIsSaidInThoseWords() throws {
        let outcome = try run("-n")
        #expect(outcome.stderr.contains("Only 12 open files are allowed (ulimit -n)"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("No dictionary for en→es"))
    }

    @Test func aLowSoftLimitIsRaisedAndTheTranslationWorks() throws {
        let outcome = try run("-S -n")
        #expect(!outcome.stderr.contains("open files are allowed"), "\(outcome.stderr)")
        #expect(outcome.stdout.contains("estación"), "\(outcome.stdout) \(outcome.stderr)")
    }
}

/// Under a memory limit too small for a speech model, Kaldi's load waited in a thread join
/// forever; now it is refused at once with the limit named.
@Suite("parley binary: memory limit")
struct MemoryLimitEndToEndTests {
    @Test func aSpeechModelIsRefusedAtOnceUnderATooSmallAddressSpace() throws {
        let fixture = ParleyProcess.checkout
            .appendingPathComponent("Tests/IntegrationTests/Fixtures/ko-byeongwon-eodiyeyo-16k-mono.wav")
        let start = Date()
        let outcome = try ParleyProcess().shell("ulimit -v 1500000; \"$0\" transcribe '\(fixture.path)' --lang ko")
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("The speech model for ko-KR was not loaded: the memory limit (ulimit -v 1500000)"),
                "\(outcome.stderr)")
    }

    /// At 200 MB a conversation crashed in the Swift runtime; it now says why it cannot start.
    @Test func aConversationUnderATinyLimitSaysItCannotStart() throws {
        let outcome = try ParleyProcess().shell("ulimit -v 200000; printf 'good morning\\n' | \"$0\" en es --mute")
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("parley cannot start: the memory limit (ulimit -v 200000) is below the 512 MiB"),
                "\(outcome.stderr)")
    }
}
