import Foundation
import Testing
@testable import ParleyKit

/// The neural translator for real: ONNX Runtime (installed by scripts/setup beside
/// sherpa-onnx) running two tiny Marian models trained and exported by
/// scripts/make-translation-fixtures, against what transformers' `generate()` gave for them.
@Suite("Neural translation against transformers", .serialized)
struct NeuralTranslationIntegrationTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let models = fixtures.appendingPathComponent("translation")
    static let english = LocaleTag(language: "en", region: "US")
    static let spanish = LocaleTag(language: "es", region: "ES")

    /// transformers' outputs for one direction, as the fixture script wrote them.
    struct Expected: Decodable {
        struct Output: Decodable { let ids: [Int]; let text: String }
        struct Sentence: Decodable {
            let source: String
            // swiftlint:disable:next identifier_name
            let input_ids: [Int64]
            let outputs: [String: Output]
        }
        let configs: [String: [String: JSONValue]]
        let sentences: [Sentence]
    }

    /// A generation override: a number, a flag or `"never"`.
    enum JSONValue: Decodable {
        case number(Double), flag(Bool), text(String)
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) { self = .flag(flag) }
            else if let number = try? container.decode(Double.self) { self = .number(number) }
            else { self = .text(try container.decode(String.self)) }
        }
    }

    static func expected(_ direction: String) throws -> Expected {
        let file = fixtures.appendingPathComponent("translation-expected/\(direction).json")
        return try JSONDecoder().decode(Expected.self, from: Data(contentsOf: file))
    }

    static func engine(_ direction: LanguagePair) throws -> MarianEngine {
        let model = try TranslationModel.read(folder: models.appendingPathComponent("\(direction.source)-\(direction.target)"),
                                              direction: direction)
        return try MarianEngine(model: model, runtime: OnnxRuntime.shared.get(), threads: 1)
    }

    /// The model's settings with a configuration's overrides, as `generate(**overrides)` takes them.
    static func settings(_ base: GenerationSettings, _ overrides: [String: JSONValue]) -> GenerationSettings {
        var settings = base
        for (key, value) in overrides {
            switch (key, value) {
            case ("num_beams", .number(let beams)): settings.numBeams = Int(beams)
            case ("length_penalty", .number(let penalty)): settings.lengthPenalty = penalty
            case ("early_stopping", .flag(let flag)): settings.earlyStopping = flag ? .always : .heuristic
            case ("early_stopping", .text("never")): settings.earlyStopping = .never
            case ("max_length", .number(let length)): settings.maxLength = Int(length)
            case ("min_length", .number(let length)): settings.minLength = Int(length)
            default: Issue.record("the fixture asks for \(key), which this test does not know")
            }
        }
        return settings
    }

    @Test(arguments: ["en-es", "es-en"])
    func everySentenceAndConfigurationGivesTransformersOutput(direction: String) throws {
        let pair = try #require(LanguagePair(fileName: direction + ".tsv"))
        let expected = try Self.expected(direction)
        let engine = try Self.engine(pair)
        let base = engine.settings
        #expect(expected.sentences.count >= 60)
        var agreed = 0, compared = 0
        for sentence in expected.sentences {
            #expect(engine.tokenizer.encode(sentence.source) == sentence.input_ids, "\(sentence.source)")
        }
        for (name, overrides) in expected.configs.sorted(by: { $0.key < $1.key }) {
            engine.settings = Self.settings(base, overrides)
            for sentence in expected.sentences {
                guard let output = sentence.outputs[name] else { continue }
                let text = try engine.translate(sentence.source, stopped: { false })
                compared += 1
                if text == output.text { agreed += 1 }
                #expect(text == output.text, "\(direction) \(name): \(sentence.source)")
            }
        }
        #expect(agreed == compared)
        engine.settings = base
    }

    @Test func theSearchGivesTransformersTokenIDs() throws {
        let expected = try Self.expected("en-es")
        let engine = try Self.engine(LanguagePair("en", "es"))
        let base = engine.settings
        for (name, overrides) in expected.configs {
            let settings = Self.settings(base, overrides)
            for sentence in expected.sentences.prefix(20) {
                guard let output = sentence.outputs[name] else { continue }
                let hidden = try engine.graphs.encode(sentence.input_ids)
                let run = MarianDecoderRun(graphs: engine.graphs, hidden: hidden, sourceLength: sentence.input_ids.count)
                let ids = try MarianSearch(settings: settings, stopped: { false }).run(run)
                #expect(ids == output.ids, "\(name): \(sentence.source)")
            }
        }
    }

    @Test func theTranslatorAnswersWithTheModelsOwnOutputAndSaysWhereItCameFrom() throws {
        let expected = try Self.expected("en-es")
        let translator = NeuralTranslator(roots: [Self.models])
        #expect(translator.engine(from: Self.english, to: Self.spanish) == "neural en-es")
        #expect(translator.unavailableReason(from: Self.english, to: Self.spanish) == nil)
        for sentence in expected.sentences.prefix(10) {
            guard let beam = sentence.outputs["beam"], !sentence.source.allSatisfy(\.isWhitespace) else { continue }
            let translation = try translator.translate(sentence.source, from: Self.english, to: Self.spanish)
            #expect(translation.text == beam.text)
            #expect(translation.segments.map(\.origin) == [.neural])
        }
    }

    @Test func autoPrefersTheModelAndFallsBackWhereThereIsNone() throws {
        let auto = AutoTranslator(library: DictionaryLibrary(layers: []), translationRoots: [Self.models])
        #expect(auto.engine(from: Self.english, to: Self.spanish)?.hasPrefix("neural") == true)
        let translation = try auto.translate("good morning", from: Self.english, to: Self.spanish)
        #expect(translation.segments.first?.origin == .neural)
        // No model for en→ko: Apertium or nothing, never the neural engine.
        let korean = LocaleTag(language: "ko", region: "KR")
        #expect(auto.engine(from: Self.english, to: korean)?.hasPrefix("neural") != true)
        let none = AutoTranslator(library: DictionaryLibrary(layers: []), translationRoots: [])
        #expect(none.engine(from: Self.english, to: Self.spanish)?.hasPrefix("apertium") == true)
    }

    /// A copy of the en-es fixture in a temporary root, changed by `damage`.
    static func damagedCopy(_ damage: (URL) throws -> Void) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parley-neural-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: models.appendingPathComponent("en-es"), to: root.appendingPathComponent("en-es"))
        try damage(root.appendingPathComponent("en-es"))
        return root
    }

    @Test func aTruncatedModelIsNamedAndAutoFallsBackSayingSoOnce() throws {
        let root = try Self.damagedCopy { folder in
            let encoder = folder.appendingPathComponent("encoder_model.onnx")
            let data = try Data(contentsOf: encoder)
            try data.prefix(data.count / 3).write(to: encoder)
        }
        defer { try? FileManager.default.removeItem(at: root) }
        let neural = NeuralTranslator(roots: [root])
        #expect {
            try neural.translate("good morning", from: Self.english, to: Self.spanish)
        } throws: { error in
            guard let error = error as? ParleyError else { return false }
            return error.code == .modelBroken && error.message.contains(root.path)
        }
        #expect(neural.engine(from: Self.english, to: Self.spanish) == nil)
        #expect(neural.unavailableReason(from: Self.english, to: Self.spanish)?.code == .modelBroken)

        let library = DictionaryLibrary(layers: [])
        let auto = AutoTranslator(library: library, translationRoots: [root])
        let first = try auto.translate("good morning", from: Self.english, to: Self.spanish)
        #expect(first.segments.allSatisfy { $0.origin != .neural })
        _ = try auto.translate("thank you", from: Self.english, to: Self.spanish)
        let warnings = library.takeWarnings()
        #expect(warnings.count == 1 && warnings[0].contains("neural model for en→es cannot be used"), "\(warnings)")
        #expect(auto.engine(from: Self.english, to: Self.spanish)?.hasPrefix("apertium") == true)
    }

    @Test func aVocabularyThatDoesNotMatchTheLogitsIsRefused() throws {
        let root = try Self.damagedCopy { folder in
            let config = folder.appendingPathComponent("config.json")
            var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: config)) as? [String: Any])
            json["vocab_size"] = 1200
            json["decoder_vocab_size"] = 1200
            try JSONSerialization.data(withJSONObject: json).write(to: config)
        }
        defer { try? FileManager.default.removeItem(at: root) }
        #expect {
            try NeuralTranslator(roots: [root]).translate("hello", from: Self.english, to: Self.spanish)
        } throws: { error in
            guard let error = error as? ParleyError else { return false }
            return error.code == .modelBroken && error.message.contains("1200") && error.message.contains(root.path)
        }
    }

    @Test func aFolderWithoutGraphsIsAProblemOfTheCatalog() throws {
        let root = try Self.damagedCopy { folder in
            try FileManager.default.removeItem(at: folder.appendingPathComponent("decoder_model_merged.onnx"))
        }
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = TranslationModelCatalog.scan(roots: [root])
        #expect(catalog.models.isEmpty)
        #expect(catalog.problems[LanguagePair("en", "es")]?.message.contains("decoder_model_merged.onnx") == true)
    }

    @Test func quantizedGraphsArePreferredWhenPresent() throws {
        let root = try Self.damagedCopy { folder in
            for name in ["encoder_model", "decoder_model_merged"] {
                try FileManager.default.copyItem(at: folder.appendingPathComponent("\(name).onnx"),
                                                 to: folder.appendingPathComponent("\(name)_quantized.onnx"))
            }
        }
        defer { try? FileManager.default.removeItem(at: root) }
        let model = try #require(TranslationModelCatalog.scan(roots: [root]).models[LanguagePair("en", "es")])
        #expect(model.isQuantized)
        #expect(model.encoder.lastPathComponent == "encoder_model_quantized.onnx")
    }

    /// A temporary dictionary folder whose en-es.tsv holds `entries`.
    static func dictionaryFolder(_ entries: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-neural-entries-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try entries.write(to: folder.appendingPathComponent("en-es.tsv"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func wholeLineEntriesWinAndTheUsersTermsInsideALineAreKept() throws {
        let folder = try Self.dictionaryFolder("good morning\tbuenos días a todos\nthe dog\tel perrito\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = DictionaryLibrary(layers: [DictionaryLibrary.LayerFolder(origin: .user, folder: folder)])
        let translator = NeuralTranslator(roots: [Self.models], library: library)
        let whole = try translator.translate("Good morning!", from: Self.english, to: Self.spanish)
        #expect(whole.text == "¡Buenos días a todos!")
        #expect(whole.segments.map(\.origin) == [.user])
        let inside = try translator.translate("I see the dog in the park", from: Self.english, to: Self.spanish)
        #expect(inside.text.contains("el perrito"), "\(inside.text)")
        #expect(inside.segments.contains { $0.origin == .user && $0.target == "el perrito" })
        #expect(inside.segments.contains { $0.origin == .neural })
    }

    @Test func thePhrasebooksWholeLinesWinInAutoButNotInTheModelsOwnTranslator() throws {
        let folder = try Self.dictionaryFolder("where is the station\tdónde queda la estación\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = DictionaryLibrary(layers: [DictionaryLibrary.LayerFolder(origin: .phrasebook, folder: folder)])
        let auto = AutoTranslator(library: library, translationRoots: [Self.models])
        let fromBook = try auto.translate("where is the station", from: Self.english, to: Self.spanish)
        #expect(fromBook.segments.map(\.origin) == [.phrasebook])
        let model = try NeuralTranslator(roots: [Self.models], library: library)
            .translate("where is the station", from: Self.english, to: Self.spanish)
        #expect(model.segments.map(\.origin) == [.neural])
        let engine = try Self.engine(LanguagePair("en", "es"))
        #expect(model.text == (try engine.translate("where is the station", stopped: { false })))
    }

    @Test func cancelStopsALongTranslationWithinAStep() throws {
        let translator = NeuralTranslator(roots: [Self.models])
        translator.prepare(from: Self.english, to: Self.spanish)
        let long = Array(repeating: "the big dog eats the green apple in the house", count: 40).joined(separator: " and ")
        let started = DispatchSemaphore(value: 0)
        let outcome = OutcomeBox()
        let thread = Thread {
            started.signal()
            do { _ = try translator.translate(long, from: Self.english, to: Self.spanish); outcome.set(nil) } catch {
                outcome.set(error)
            }
        }
        thread.start()
        started.wait()
        // Until the stop lands on a running translation (the thread may not have begun it yet).
        for _ in 0..<200 where !outcome.isSet {
            translator.cancel()
            usleep(5_000)
        }
        while !outcome.isSet { usleep(1_000) }
        if let error = outcome.error as? ParleyError {
            #expect(error.code == .interrupted)
        }
    }
}

/// What a background translation ended with.
final class OutcomeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    private var stored: (any Error)?
    func set(_ error: (any Error)?) { lock.withLock { done = true; stored = error } }
    var isSet: Bool { lock.withLock { done } }
    var error: (any Error)? { lock.withLock { stored } }
}
