import Foundation
import Testing
import ParleyKit
@testable import ParleyCLI

/// The doctor's verdict on an installed model whose files show it is broken (without a
/// child process: the test runner is not parley, so models are judged on their files).
@Suite("Doctor: broken speech models")
struct DoctorModelTests {
    @Test func aModelWithAMissingPartIsBrokenAndTheFixReinstallsIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parley-doctor-models-\(UUID())")
        let korean = DoctorTests.checkout.appendingPathComponent("Models/ko-KR").resolvingSymlinksInPath()
        let folder = root.appendingPathComponent("ko-KR")
        for part in ["am", "conf", "graph", "ivector"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(part), withIntermediateDirectories: true)
        }
        for file in ["am/final.mdl", "conf/model.conf", "conf/mfcc.conf", "graph/HCLr.fst", "graph/Gr.fst",
                     "ivector/final.dubm", "ivector/final.mat"] {
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(file),
                                                       withDestinationURL: korean.appendingPathComponent(file))
        }
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = DataPaths(environment: ["HOME": root.path, "PARLEY_MODELS": root.path,
                                            "PARLEY_DICTIONARIES": DoctorTests.checkout.appendingPathComponent("dictionaries").path])
        let report = Doctor(paths: paths, pair: (try LocaleTag(parsing: "ko"), try LocaleTag(parsing: "en"))).run()
        let check = try #require(report.checks.first { $0.component == "speech model ko-KR" })
        #expect(check.status == .broken)
        #expect(check.required)
        #expect(check.detail == "ivector/final.ie is missing (in \(folder.path))")
        #expect(check.fix == "parley install model ko-KR (reinstalls it)")
        #expect(report.rendered.contains("BROKEN  speech model ko-KR: ivector/final.ie is missing"))
        #expect(!report.isHealthy)
    }
}
