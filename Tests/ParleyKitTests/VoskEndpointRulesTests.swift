import Foundation
@testable import ParleyKit
import Testing

/// Vosk's endpoint rules deferred to parley's endpointer: the rewritten `conf/model.conf`
/// and the shadow model folder it is loaded from.
@Suite("Vosk endpoint rules")
struct VoskEndpointRulesTests {
    static let koreanConf = """
        --min-active=200
        --beam=10.0
        --endpoint.silence-phones=1:2:3:4:5:6:7:8:9:10
        --endpoint.rule2.min-trailing-silence=0.5
        --endpoint.rule3.min-trailing-silence=1.0
        --endpoint.rule4.min-trailing-silence=2.0

        """

    @Test func everySilenceRuleWaitsLongerThanTheLongestSetting() {
        let rewritten = VoskEndpointRules.rewrite(Self.koreanConf, minimumTrailingSilence: 4)
        let lines = rewritten.split(separator: "\n").map(String.init)
        #expect(lines.contains("--min-active=200"))
        #expect(lines.contains("--endpoint.silence-phones=1:2:3:4:5:6:7:8:9:10"))
        for rule in 2...4 { #expect(lines.contains("--endpoint.rule\(rule).min-trailing-silence=4")) }
        // Rule 1 (silence alone, 5 s by default) was not named: it is added, never shorter.
        #expect(lines.contains("--endpoint.rule1.min-trailing-silence=5"))
        #expect(!rewritten.contains("=0.5") && !rewritten.contains("=1.0") && !rewritten.contains("=2.0"))
        #expect(VoskEndpointRules.deferredTrailingSilence > Endpointer.allowedSilence.upperBound)
    }

    @Test func aConfWithoutRulesGetsThemAndLongerOnesStay() {
        let rewritten = VoskEndpointRules.rewrite("--beam=13.0\n--endpoint.rule4.min-trailing-silence=6.5\n",
                                                  minimumTrailingSilence: 4)
        #expect(rewritten == """
            --beam=13.0
            --endpoint.rule4.min-trailing-silence=6.5
            --endpoint.rule1.min-trailing-silence=5
            --endpoint.rule2.min-trailing-silence=4
            --endpoint.rule3.min-trailing-silence=4

            """)
    }

    @Test func theShadowLinksTheModelAndHasItsOwnConf() throws {
        let fileManager = FileManager.default
        let root = fileManager.temporaryDirectory.appendingPathComponent("parley-rules-test-\(UUID())")
        defer { try? fileManager.removeItem(at: root) }
        let model = root.appendingPathComponent("ko-KR")
        for folder in ["am", "conf", "graph", "ivector"] {
            try fileManager.createDirectory(at: model.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data("mdl".utf8).write(to: model.appendingPathComponent("am/final.mdl"))
        try Data("--sample-frequency=16000\n".utf8).write(to: model.appendingPathComponent("conf/mfcc.conf"))
        try Data(Self.koreanConf.utf8).write(to: model.appendingPathComponent("conf/model.conf"))
        let temporary = root.appendingPathComponent("tmp")
        try fileManager.createDirectory(at: temporary, withIntermediateDirectories: true)
        // A shadow left by a parley that is gone is cleaned up; the process's own are not.
        let abandoned = temporary.appendingPathComponent("parley-endpoint-model-999999999-abcdef12")
        try fileManager.createDirectory(at: abandoned, withIntermediateDirectories: true)

        let shadow = try VoskEndpointRules.shadow(of: model, minimumTrailingSilence: 4, in: temporary)
        #expect(!fileManager.fileExists(atPath: abandoned.path))
        #expect(try fileManager.destinationOfSymbolicLink(atPath: shadow.appendingPathComponent("am").path)
            == model.appendingPathComponent("am").path)
        #expect(try String(contentsOf: shadow.appendingPathComponent("conf/mfcc.conf"), encoding: .utf8)
            == "--sample-frequency=16000\n")
        let conf = try String(contentsOf: shadow.appendingPathComponent("conf/model.conf"), encoding: .utf8)
        #expect(conf.contains("--endpoint.rule2.min-trailing-silence=4"))
        // The user's model is untouched, and the shadow is a complete model folder.
        #expect(try String(contentsOf: model.appendingPathComponent("conf/model.conf"), encoding: .utf8) == Self.koreanConf)
        #expect(ModelStore.isComplete(shadow))
    }
}
