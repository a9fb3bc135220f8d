import Foundation
@testable import ParleyKit
import Testing

/// A broken or missing tokenizer file is refused with an error that names it and says what to do.
@Suite struct MarianTokenizerFileTests {
    /// Loads a copy of the fixture in which `name` holds `text` (nil: `name` is removed), and
    /// so do the files of `others`.
    static func load(_ name: String, _ text: String?, _ others: [String: String?] = [:]) throws -> MarianTokenizer {
        let folder = try MarianTokenizerTests.folder()
        for (name, text) in others.merging([name: text], uniquingKeysWith: { $1 }) {
            let file = folder.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: file)
            if let text { try Data(text.utf8).write(to: file) }
        }
        return try MarianTokenizer(folder: folder, sourceLanguage: "en")
    }

    static func error(_ body: () throws -> Void) -> ParleyError? {
        do {
            try body()
            return nil
        } catch {
            return error as? ParleyError
        }
    }

    @Test(arguments: [
        ("vocab.json", #"{"</s>": 0, "<unk>": -1, "<pad>": 2}"#, "negative id", "vocab.json"),
        ("vocab.json", #"{"</s>": 0, "<unk>": 1, "<pad>": 1}"#, "share the id 1", "vocab.json"),
        ("vocab.json", #"{"</s>": 0, "<unk>": 1.0, "<pad>": 2}"#, "whole number", "vocab.json"),
        ("vocab.json", #"{"</s>": 0, "<unk>": 1e3, "<pad>": 2}"#, "whole number", "vocab.json"),
        ("vocab.json", #"{"</s>": 0, "<unk>": 9223372036854775808, "<pad>": 2}"#, "64 bits", "vocab.json"),
        ("vocab.json", #"{"</s>": 0, "<unk>": "1", "<pad>": 2}"#, "whole number", "vocab.json"),
        ("vocab.json", #"{"</s>": 0, "<unk>": 1, "<pad>": 2, "<unk>": 3}"#, "listed twice", "vocab.json"),
        ("vocab.json", #"{"</s>": 0, "<unk>": 1, "<pad>": 2} x"#, "more follows", "vocab.json"),
        ("vocab.json", #"["</s>", "<unk>"]"#, "one JSON object", "vocab.json"),
        ("vocab.json", #"{"</s>": 0, "<unk>": 1, "<pad>": 2"#, "expected ','", "vocab.json"),
        ("vocab.json", #"{"a\ud800": 0}"#, "lone surrogate", "vocab.json"),
        ("vocab.json", "{}", "lists no pieces", "vocab.json"),
        ("vocab.json", #"{"</s>": 0, "<pad>": 2}"#, "no <unk>", "vocab.json"),
        ("vocab.json", #"{"</s>": 0, "<unk>": 1}"#, "no <pad>", "vocab.json"),
        ("vocab.json", "", "one JSON object", "vocab.json"),
        ("tokenizer_config.json", "not json", "tokenizer configuration", "tokenizer_config.json"),
        ("tokenizer_config.json", #"{"added_tokens_decoder": {"x": {"content": "</s>"}}}"#, "token id", "tokenizer_config.json"),
        ("tokenizer_config.json", #"{"model_max_length": 1.5}"#, "model_max_length", "tokenizer_config.json"),
        ("tokenizer_config.json", #"{"unk_token": "<nothing>"}"#, "no <nothing>", "vocab.json"),
        ("tokenizer_config.json", #"{"separate_vocabs": "yes"}"#, "tokenizer configuration", "tokenizer_config.json"),
    ])
    func malformedFilesAreBroken(name: String, text: String, problem: String, blamed: String) throws {
        // Without added_tokens_decoder, special_tokens_map.json would name the special tokens.
        let legacy: [String: String?] = ["special_tokens_map.json": nil]
        let error = try #require(Self.error { _ = try Self.load(name, text, name == "vocab.json" ? [:] : legacy) })
        #expect(error.stage == .translation)
        #expect(error.code == .modelBroken)
        #expect(error.message.contains("/\(blamed) "), "\(error.message)")
        #expect(error.message.contains(problem), "\(error.message)")
        #expect(error.message.contains("Install this translation model again."), "\(error.message)")
    }

    /// Where added_tokens_decoder does not give </s> an id, vocab.json must.
    @Test func theEndTokenMustHaveAnId() throws {
        let error = try #require(Self.error {
            _ = try Self.load("vocab.json", #"{"<unk>": 1, "<pad>": 2}"#, ["tokenizer_config.json": "{}"])
        })
        #expect(error.code == .modelBroken)
        #expect(error.message.contains("vocab.json is broken: it has no </s>"), "\(error.message)")
    }

    /// The legacy special_tokens_map.json names the special tokens when the config has no
    /// added_tokens_decoder, as in transformers.
    @Test func theLegacyMapWins() throws {
        let expected = try MarianTokenizerTests.expected()
        let tokenizer = try Self.load("tokenizer_config.json", #"{"unk_token": "<nothing>", "eos_token": "<pad>"}"#)
        #expect([tokenizer.eosID, tokenizer.unkID] == [expected.eos, expected.unk])
    }

    @Test(arguments: ["source.spm", "target.spm", "vocab.json"])
    func missingFilesAreMissing(name: String) throws {
        let error = try #require(Self.error { _ = try Self.load(name, nil) })
        #expect(error.code == .modelMissing)
        #expect(error.message.contains(name) && error.message.contains("does not exist"), "\(error.message)")
    }

    @Test func separateVocabulariesNeedTheTargetVocabulary() throws {
        let error = try #require(Self.error { _ = try Self.load("tokenizer_config.json", #"{"separate_vocabs": true}"#) })
        #expect(error.code == .modelMissing)
        #expect(error.message.contains("target_vocab.json"), "\(error.message)")
    }

    @Test(arguments: ["", "not a model", String(repeating: "\u{7}", count: 300)])
    func sentencePieceGarbageIsBroken(text: String) throws {
        let error = try #require(Self.error { _ = try Self.load("source.spm", text) })
        #expect(error.code == .modelBroken)
        #expect(error.message.contains("source.spm is not a SentencePiece model"), "\(error.message)")
        guard case .library(name: "sentencepiece", status: _, text: let words)? = error.cause else {
            Issue.record("no SentencePiece cause: \(String(describing: error.cause))")
            return
        }
        #expect(!words.isEmpty)
    }

    @Test func aFolderIsNotAModel() throws {
        let folder = try MarianTokenizerTests.folder()
        let model = folder.appendingPathComponent("target.spm")
        try FileManager.default.removeItem(at: model)
        try FileManager.default.createDirectory(at: model, withIntermediateDirectories: false)
        let error = try #require(Self.error { _ = try MarianTokenizer(folder: folder, sourceLanguage: "en") })
        #expect(error.code == .modelBroken)
        #expect(error.message.contains("target.spm is a folder"), "\(error.message)")
    }

    @Test func theFixNamesSetupsCommandForAnInstalledFolder() {
        #expect(translationModelFix(for: URL(fileURLWithPath: "/m/translation/en-es"))
            == "Install this translation model again: parley install translation en-es.")
        #expect(translationModelFix(for: URL(fileURLWithPath: "/tmp/my-model-x")) == "Install this translation model again.")
    }

    @Test func theConfigIsOptional() throws {
        let tokenizer = try Self.load("tokenizer_config.json", nil)
        #expect(tokenizer.modelMaxLength == 512)
        for entry in try MarianTokenizerTests.expected().encode.prefix(10) {
            #expect(tokenizer.encode(entry.text) == entry.ids, "encode(\(entry.text.debugDescription))")
        }
    }

    /// transformers writes "no limit" as int(1e30).
    @Test func anUnlimitedLengthIsIntMax() throws {
        let tokenizer = try Self.load("tokenizer_config.json", #"{"model_max_length": 1000000000000000019884624838656}"#)
        #expect(tokenizer.modelMaxLength == Int.max)
    }

    /// Python tells "é" from "e\u{301}"; a Swift dictionary keyed by String would not.
    @Test func piecesAreComparedScalarForScalar() throws {
        let entries = try PieceTable.parse(Data(#"{"\u00e9": 0, "e\u0301": 1, "\ud83d\ude00": 2, "\"\\\/\t": 3}"#.utf8))
        #expect(entries.map(\.piece) == ["\u{E9}", "e\u{301}", "😀", "\"\\/\t"])
        let table = Dictionary(uniqueKeysWithValues: entries.map { (ExactText($0.piece), $0.id) })
        #expect(table[ExactText("\u{E9}")] == 0)
        #expect(table[ExactText("e\u{301}")] == 1)
    }

    @Test(arguments: [
        (">>es<< hi", ">>es<<", " hi"), (">>es<<", ">>es<<", ""), (">><<x", ">><<", "x"),
        (">>es", nil, ">>es"), (" >>es<<", nil, " >>es<<"), (">>a<<b<<", ">>a<<", "b<<"),
    ] as [(String, String?, String)])
    func languageCodesAreSplitAsTransformersDoes(text: String, code: String?, rest: String) {
        let split = MarianTokenizer.splitLanguageCode(text)
        #expect(split.code == code)
        #expect(split.rest == rest)
    }
}
