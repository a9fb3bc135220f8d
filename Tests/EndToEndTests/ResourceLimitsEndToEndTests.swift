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
