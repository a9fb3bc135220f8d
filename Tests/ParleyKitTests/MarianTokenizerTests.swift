import Foundation
@testable import ParleyKit
import Testing

/// Parity with transformers' MarianTokenizer and sacremoses, string for string and id for id,
/// on the fixture scripts/make-tokenizer-fixtures made (its expected.json holds their answers).
@Suite struct MarianTokenizerTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/marian-tokenizer")

    /// expected.json, as the script writes it.
    struct Expected: Decodable {
        struct Encoding: Decodable {
            let text: String, ids: [Int64]
            let normalized: String?, normalized_ids: [Int64]?, pieces: [String]?
        }
        struct Decoding: Decodable {
            let ids: [Int64], text: String, cleaned: String?
        }
        struct PieceDecoding: Decodable {
            let pieces: [String], text: String
        }
        struct Separate: Decodable {
            let eos: Int64, unk: Int64, pad: Int64, target_vocab_size: Int
            let encode: [Encoding], decode: [Decoding]
        }
        struct Normalisation: Decodable {
            let lang: String?, text: String, normalized: String
        }
        let model_max_length: Int, clean_up_tokenization_spaces: Bool
        let eos: Int64, unk: Int64, pad: Int64, vocab_size: Int
        let encode: [Encoding], decode: [Decoding], decode_pieces: [PieceDecoding]
        let separate: Separate, flags: [Encoding], moses: [Normalisation]
    }

    static func expected() throws -> Expected {
        try JSONDecoder().decode(Expected.self, from: Data(contentsOf: fixture.appendingPathComponent("expected.json")))
    }

    /// A copy of the fixture's models with `files` (name → contents or a fixture file) beside them.
    static func folder(_ files: [String: String] = [:], copying extra: [String] = []) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marian-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["source.spm", "target.spm", "vocab.json", "tokenizer_config.json", "special_tokens_map.json"] + extra {
            let destination = folder.appendingPathComponent(URL(fileURLWithPath: name).lastPathComponent)
            try? FileManager.default.removeItem(at: destination)
            try FileManager.default.copyItem(at: fixture.appendingPathComponent(name), to: destination)
        }
        for (name, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    @Test func specialIdsAndSizesMatchTransformers() throws {
        let expected = try Self.expected()
        let tokenizer = try MarianTokenizer(folder: Self.fixture, sourceLanguage: "en")
        #expect(tokenizer.eosID == expected.eos)
        #expect(tokenizer.unkID == expected.unk)
        #expect(tokenizer.padID == expected.pad)
        #expect(tokenizer.vocabularySize == expected.vocab_size)
        #expect(tokenizer.modelMaxLength == expected.model_max_length)
        #expect(expected.clean_up_tokenization_spaces == false)
    }

    @Test func encodeGivesTransformersInputIds() throws {
        let expected = try Self.expected()
        let tokenizer = try MarianTokenizer(folder: Self.fixture, sourceLanguage: "en")
        #expect(expected.encode.count >= 80)
        for entry in expected.encode {
            #expect(tokenizer.encode(entry.text) == entry.ids, "encode(\(entry.text.debugDescription))")
        }
    }

    @Test func longTextIsNotTruncated() throws {
        let expected = try Self.expected()
        let tokenizer = try MarianTokenizer(folder: Self.fixture, sourceLanguage: "en")
        let long = try #require(expected.encode.max { $0.ids.count < $1.ids.count })
        #expect(long.ids.count > tokenizer.modelMaxLength)
        #expect(tokenizer.encode(long.text) == long.ids)
    }

    @Test func normalizedEncodingMatchesTransformersNormalize() throws {
        let expected = try Self.expected()
        let tokenizer = try MarianTokenizer(folder: Self.fixture, sourceLanguage: "en")
        for entry in expected.encode {
            let normalized = tokenizer.normalize(entry.text)
            #expect(normalized == entry.normalized, "normalize(\(entry.text.debugDescription))")
            #expect(tokenizer.encode(normalized) == entry.normalized_ids, "encode(normalize(\(entry.text.debugDescription)))")
        }
    }

    @Test func sourcePiecesMatchPythonSentencePiece() throws {
        let expected = try Self.expected()
        let model = try SentencePieceModel(file: Self.fixture.appendingPathComponent("source.spm"))
        #expect(model.pieceCount == 300)
        for entry in expected.encode {
            #expect(model.pieces(entry.text) == entry.pieces, "pieces(\(entry.text.debugDescription))")
        }
    }

    @Test func targetDecodeMatchesPythonSentencePiece() throws {
        let expected = try Self.expected()
        let model = try SentencePieceModel(file: Self.fixture.appendingPathComponent("target.spm"))
        for entry in expected.decode_pieces {
            #expect(model.decode(pieces: entry.pieces) == entry.text, "decode(pieces: \(entry.pieces))")
        }
    }

    @Test func decodeGivesTransformersBatchDecode() throws {
        let expected = try Self.expected()
        let tokenizer = try MarianTokenizer(folder: Self.fixture, sourceLanguage: "en")
        for entry in expected.decode {
            #expect(tokenizer.decode(entry.ids) == entry.text, "decode(\(entry.ids))")
        }
    }

    @Test func decodeCleansUpSpacesWhenTheConfigAsks() throws {
        let expected = try Self.expected()
        let config = try String(contentsOf: Self.fixture.appendingPathComponent("tokenizer_config.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"clean_up_tokenization_spaces\": false", with: "\"clean_up_tokenization_spaces\": true")
        let tokenizer = try MarianTokenizer(folder: Self.folder(["tokenizer_config.json": config]), sourceLanguage: "en")
        #expect(expected.decode.contains { $0.text != $0.cleaned })
        for entry in expected.decode {
            #expect(tokenizer.decode(entry.ids) == entry.cleaned, "decode(\(entry.ids)) with clean-up")
        }
    }

    @Test func separateVocabulariesMatchTransformers() throws {
        let expected = try Self.expected().separate
        let folder = try Self.folder(copying: ["separate/vocab.json", "separate/target_vocab.json",
                                               "separate/tokenizer_config.json"])
        let tokenizer = try MarianTokenizer(folder: folder, sourceLanguage: "en")
        #expect([tokenizer.eosID, tokenizer.unkID, tokenizer.padID] == [expected.eos, expected.unk, expected.pad])
        #expect(tokenizer.vocabularySize == expected.target_vocab_size)
        for entry in expected.encode {
            #expect(tokenizer.encode(entry.text) == entry.ids, "encode(\(entry.text.debugDescription))")
        }
        for entry in expected.decode {
            #expect(tokenizer.decode(entry.ids) == entry.text, "decode(\(entry.ids))")
        }
    }

    @Test func stripAndSingleWordFlagsMatchTransformers() throws {
        let expected = try Self.expected()
        let folder = try Self.folder(copying: ["flags/tokenizer_config.json"])
        let tokenizer = try MarianTokenizer(folder: folder, sourceLanguage: "en")
        for entry in expected.flags {
            #expect(tokenizer.encode(entry.text) == entry.ids, "encode(\(entry.text.debugDescription)) with flags")
        }
    }

    /// Helsinki-NLP's published folders predate added_tokens_decoder: a two-line config and a
    /// special_tokens_map.json. They must tokenize as the saved config does.
    @Test func legacyConfigTokenizesTheSame() throws {
        let expected = try Self.expected()
        let folder = try Self.folder(["tokenizer_config.json": #"{"target_lang": "es", "source_lang": "en"}"#])
        let tokenizer = try MarianTokenizer(folder: folder, sourceLanguage: "en")
        #expect([tokenizer.eosID, tokenizer.unkID, tokenizer.padID] == [expected.eos, expected.unk, expected.pad])
        for entry in expected.encode {
            #expect(tokenizer.encode(entry.text) == entry.ids, "encode(\(entry.text.debugDescription))")
        }
        for entry in expected.decode {
            #expect(tokenizer.decode(entry.ids) == entry.text, "decode(\(entry.ids))")
        }
    }

    @Test func mosesPunctuationMatchesSacremoses() throws {
        let expected = try Self.expected()
        #expect(expected.moses.count >= 40)
        #expect(Set(expected.moses.map(\.lang)).isSuperset(of: ["en", "es", "de", "fr", "ko"]))
        for entry in expected.moses {
            let normalizer = MosesPunctuation(language: entry.lang)
            #expect(normalizer.normalize(entry.text) == entry.normalized,
                    "\(entry.lang ?? "nil"): normalize(\(entry.text.debugDescription))")
        }
    }

    @Test(arguments: [
        ("a \u{301}“b”", "a \u{301}\"b\""),       // a combining mark does not hide a quote
        ("\u{1C}x\u{1F}", "x"),                   // Python strips the information separators
        ("\u{0663}\u{A0}\u{0664}", "\u{0663}.\u{0664}"), // \d is any script's decimal digit
    ])
    func mosesWorksOnScalarsAsPythonDoes(text: String, normalized: String) {
        #expect(MosesPunctuation(language: "en").normalize(text) == normalized)
    }

    @Test func encodingFromManyThreadsAgrees() async throws {
        let expected = try Self.expected()
        let tokenizer = try MarianTokenizer(folder: Self.fixture, sourceLanguage: "en")
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    expected.encode.filter { tokenizer.encode($0.text) != $0.ids }.count
                        + expected.decode.filter { tokenizer.decode($0.ids) != $0.text }.count
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
