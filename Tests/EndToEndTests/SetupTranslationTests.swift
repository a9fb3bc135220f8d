import Foundation
import Testing

/// `scripts/setup-translation` (what `scripts/setup --translation` runs): a model is fetched
/// from a hub laid out as Hugging Face's (here a file:// folder holding the tiny test model),
/// each file checked, and installed in one rename with its card; parley then translates with it.
@Suite("setup --translation: neural models", .serialized)
struct SetupTranslationTests {
    typealias Outcome = ProcessOutcome
    static let fixture = ParleyProcess.checkout.appendingPathComponent("Tests/IntegrationTests/Fixtures/translation/en-es")

    /// A hub folder serving the fixture as `Test/tiny-en-es`, the list naming it, and a models root.
    struct Hub {
        let folder: URL
        var base: URL { folder.appendingPathComponent("hub") }
        var list: URL { folder.appendingPathComponent("models.tsv") }
        var pinned: URL { folder.appendingPathComponent("pinned.sha256") }
        var root: URL { folder.appendingPathComponent("models") }
        var served: URL { base.appendingPathComponent("Test/tiny-en-es/resolve/main") }

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-hub-\(UUID())")
            let fileManager = FileManager.default
            try fileManager.createDirectory(at: served.appendingPathComponent("onnx"), withIntermediateDirectories: true)
            for name in ["config.json", "generation_config.json", "source.spm", "target.spm", "vocab.json", "tokenizer_config.json"] {
                try fileManager.copyItem(at: fixture.appendingPathComponent(name), to: served.appendingPathComponent(name))
            }
            for name in ["encoder_model", "decoder_model_merged"] {
                try fileManager.copyItem(at: fixture.appendingPathComponent("\(name).onnx"),
                                         to: served.appendingPathComponent("onnx/\(name)_quantized.onnx"))
            }
            try "en-es\tTest/tiny-en-es\tmain\tCC-BY-4.0 (test)\tnone published\n".write(to: list, atomically: true, encoding: .utf8)
            try "".write(to: pinned, atomically: true, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }

        func run(_ direction: String = "en-es") throws -> Outcome {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [ParleyProcess.checkout.appendingPathComponent("scripts/setup-translation").path, direction, root.path]
            var environment = ProcessInfo.processInfo.environment
            environment["PARLEY_TRANSLATION_BASE"] = base.absoluteString
            environment["PARLEY_TRANSLATION_LIST"] = list.path
            environment["PARLEY_TRANSLATION_PINNED"] = pinned.path
            process.environment = environment
            return try process.runCapturingOutput()
        }
    }

    @Test func aModelIsInstalledWithItsCardAndParleyTranslatesWithIt() throws {
        let hub = try Hub()
        defer { hub.remove() }
        let installed = try hub.run()
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installed.stdout.contains("Test/tiny-en-es: installed in"))
        let card = try JSONSerialization.jsonObject(with: Data(contentsOf: hub.root.appendingPathComponent("en-es/model.json")))
        #expect((card as? [String: Any])?["licence"] as? String == "CC-BY-4.0 (test)")
        #expect(try hub.run().stdout.contains("ready in"))
        let translated = try ParleyProcess().run(["translate", "--from", "en", "--to", "es", "--translator", "neural", "--json"],
                                                 input: "where is the station\n",
                                                 extraEnvironment: ["PARLEY_TRANSLATION_MODELS": hub.root.path])
        #expect(translated.status == 0, "\(translated.stderr)")
        #expect(translated.stdout.contains("\"origin\":\"neural\""))
        let listed = try ParleyProcess().run(["translators", "en", "es"],
                                             extraEnvironment: ["PARLEY_TRANSLATION_MODELS": hub.root.path])
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("neural      Test/tiny-en-es (quantized, 0.8 MB); licence CC-BY-4.0 (test); none published"),
                "\(listed.stdout)")
        #expect(listed.stdout.contains("es→en, in the order auto uses them:\n"))
        // A file altered since is noticed, and the model installed again.
        try Data("garbage".utf8).write(to: hub.root.appendingPathComponent("en-es/vocab.json"))
        let again = try hub.run()
        #expect(again.stdout.contains("reinstalled"), "\(again.stdout) \(again.stderr)")
    }

    @Test func aFileThatDoesNotMatchItsPinnedDigestIsNotInstalled() throws {
        let hub = try Hub()
        defer { hub.remove() }
        try "\(String(repeating: "0", count: 64))  Test/tiny-en-es/vocab.json\n".write(to: hub.pinned, atomically: true, encoding: .utf8)
        let outcome = try hub.run()
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("does not match its SHA-256"), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: hub.root.appendingPathComponent("en-es").path))
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: hub.root.path)) ?? []).isEmpty)
    }

    @Test func anUnlistedDirectionOrAnUnreachableHubSaysWhy() throws {
        let hub = try Hub()
        defer { hub.remove() }
        let unlisted = try hub.run("en-ko")
        #expect(unlisted.status == 1)
        #expect(unlisted.stderr.contains("no model is listed for en-ko") && unlisted.stderr.contains("convert-translation-model"))
        try FileManager.default.removeItem(at: hub.base)
        let unreachable = try hub.run()
        #expect(unreachable.status == 1)
        #expect(unreachable.stderr.contains("could not download"), "\(unreachable.stderr)")
    }
}
