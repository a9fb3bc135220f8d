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
        #expect(Date().timeIntervalSince(start) < 40, "before, it never ended; this leaves room for a loaded machine")
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

/// Past `ulimit -f` the kernel's SIGXFSZ ended parley at once (exit 153), leaving a
/// temporary file beside the dictionary; the write now fails, is named, and is cleaned up.
@Suite("parley binary: file size limit")
struct FileSizeLimitEndToEndTests {
    @Test func aWritePastTheLimitIsReportedAndLeavesNoTemporaryFile() throws {
        let parley = try ParleyProcess()
        let folder = parley.home.appendingPathComponent(".local/share/parley/dictionaries/user")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let entries = (0..<10_000).map { "word\($0)\tpalabra\($0)\n" }.joined()
        try Data(entries.utf8).write(to: folder.appendingPathComponent("en-es.tsv"))
        // dash counts `ulimit -f` in 512-byte blocks: 100 KiB, below the 200 KiB file.
        let outcome = try parley.shell("ulimit -f 200; \"$0\" dict add en es hello hola")
        #expect(outcome.status == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("larger than the file size limit"), "\(outcome.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(Set(left) == ["en-es.tsv", ".en-es.tsv.lock"])
        #expect(try Data(contentsOf: folder.appendingPathComponent("en-es.tsv")) == Data(entries.utf8))
    }
}
