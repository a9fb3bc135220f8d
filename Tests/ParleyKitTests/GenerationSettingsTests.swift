import Foundation
import Testing
@testable import ParleyKit

/// A model's config.json and generation_config.json, read as transformers reads them, with
/// every number checked before it is used.
@Suite("Marian model configuration")
struct GenerationSettingsTests {
    /// A model folder holding `config` and, when given, `generation`.
    func folder(config: String = #"{"d_model": 32, "decoder_attention_heads": 4, "decoder_layers": 2, "vocab_size": 100}"#,
                generation: String?) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-generation-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try config.write(to: folder.appendingPathComponent("config.json"), atomically: true, encoding: .utf8)
        if let generation {
            try generation.write(to: folder.appendingPathComponent("generation_config.json"), atomically: true, encoding: .utf8)
        }
        return folder
    }

    func settings(_ generation: String) throws -> GenerationSettings {
        let folder = try folder(generation: generation)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try GenerationSettings.load(folder: folder, vocabularySize: 100)
    }

    func refusal(_ generation: String) -> String? {
        do {
            _ = try settings(generation)
            return nil
        } catch let error as ParleyError {
            return error.code == .modelBroken ? error.message : "code \(error.code)"
        } catch {
            return "\(error)"
        }
    }

    @Test func opusMTsConfigIsReadWithTransformersDefaults() throws {
        let read = try settings(#"""
            {"bad_words_ids": [[99]], "decoder_start_token_id": 99, "eos_token_id": 0, "forced_eos_token_id": 0,
             "max_length": 512, "num_beams": 4, "pad_token_id": 99, "renormalize_logits": true}
            """#)
        #expect(read == GenerationSettings(decoderStartID: 99, eosIDs: [0], padID: 99, maxLength: 512, minLength: 0,
                                           numBeams: 4, lengthPenalty: 1, earlyStopping: .heuristic, badWordsIDs: [[99]],
                                           forcedEOSIDs: [0], renormalizeLogits: true))
    }

    @Test func earlyStoppingAndMaxNewTokensAreReadAsTransformersDoes() throws {
        let base = #""eos_token_id": [0, 1], "pad_token_id": 99"#
        #expect(try settings("{\(base), \"early_stopping\": true}").earlyStopping == .always)
        #expect(try settings("{\(base), \"early_stopping\": \"never\"}").earlyStopping == .never)
        #expect(try settings("{\(base), \"early_stopping\": false}").earlyStopping == .heuristic)
        #expect(try settings("{\(base), \"max_new_tokens\": 30, \"max_length\": 5}").maxLength == 31)
        #expect(try settings("{\(base)}").maxLength == 20)
        #expect(try settings("{\(base)}").eosIDs == [0, 1])
        #expect(try settings("{\(base), \"max_length\": 100000}").maxLength == GenerationSettings.lengthLimit)
    }

    @Test(arguments: [
        (#"{"eos_token_id": 0, "pad_token_id": 100}"#, "pad_token_id must be a whole number from 0 to 99"),
        (#"{"eos_token_id": true, "pad_token_id": 1}"#, "eos_token_id must be a whole number"),
        (#"{"eos_token_id": 0, "pad_token_id": 1, "num_beams": 1e300}"#, "num_beams must be a whole number from 1 to 16"),
        (#"{"eos_token_id": 0, "pad_token_id": 1, "num_beams": 2.5}"#, "num_beams must be a whole number"),
        (#"{"eos_token_id": 0, "pad_token_id": 1, "length_penalty": "long"}"#, "length_penalty must be a number"),
        (#"{"eos_token_id": 0, "pad_token_id": 1, "early_stopping": 1}"#, "early_stopping must be true, false or \"never\""),
        (#"{"eos_token_id": 0, "pad_token_id": 1, "bad_words_ids": [[]]}"#, "bad_words_ids must be a list"),
        (#"{"eos_token_id": 0, "pad_token_id": 1, "do_sample": true}"#, "do_sample is true"),
        (#"{"eos_token_id": 0, "pad_token_id": 1, "repetition_penalty": 1.2}"#, "repetition_penalty is set"),
        (#"{"eos_token_id": 0, "pad_token_id": 1, "renormalize_logits": 1}"#, "renormalize_logits must be true or false"),
        (#"{"pad_token_id": 1}"#, "eos_token_id is missing"),
        (#"[1, 2]"#, "it is not a JSON object"),
    ])
    func badValuesAreRefusedNamingTheFileAndTheField(generation: String, reason: String) {
        let message = refusal(generation)
        #expect(message?.contains(reason) == true, "\(message ?? "accepted")")
        #expect(message?.contains("generation_config.json") == true)
    }

    @Test func neutralValuesOfUnsupportedSettingsAreAccepted() throws {
        #expect(try settings(#"{"eos_token_id": 0, "pad_token_id": 1, "repetition_penalty": 1.0, "no_repeat_ngram_size": 0, "do_sample": false}"#).numBeams == 1)
    }

    @Test func theShapeComesFromConfigJSONAndTheDecodersVocabularyWins() throws {
        let folder = try folder(config: #"{"d_model": 512, "decoder_attention_heads": 8, "decoder_layers": 6, "vocab_size": 58101, "decoder_vocab_size": 60000}"#,
                                generation: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shape = try MarianConfiguration.load(folder: folder)
        #expect(shape == MarianConfiguration(decoderLayers: 6, decoderHeads: 8, dModel: 512, vocabularySize: 60000))
        #expect(shape.headSize == 64)
        let uneven = try self.folder(config: #"{"d_model": 30, "decoder_attention_heads": 4, "decoder_layers": 2, "vocab_size": 10}"#,
                                     generation: nil)
        defer { try? FileManager.default.removeItem(at: uneven) }
        #expect(throws: ParleyError.self) { try MarianConfiguration.load(folder: uneven) }
    }

    @Test func withoutAGenerationConfigTheModelConfigSays() throws {
        let folder = try folder(config: #"{"d_model": 32, "decoder_attention_heads": 4, "decoder_layers": 2, "vocab_size": 100, "eos_token_id": 0, "pad_token_id": 99, "num_beams": 6, "max_length": 512}"#,
                                generation: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        let read = try GenerationSettings.load(folder: folder, vocabularySize: 100)
        #expect(read.numBeams == 6 && read.decoderStartID == 99 && read.maxLength == 512)
    }
}
