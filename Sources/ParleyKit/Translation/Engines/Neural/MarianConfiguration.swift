import Foundation

/// What a Marian model's `config.json` says about its shape and its special tokens: what the
/// decoder's key/value cache looks like and which ids start, end and pad a translation.
struct MarianConfiguration: Sendable, Equatable {
    /// Decoder layers: one cache entry of four tensors each.
    let decoderLayers: Int
    /// Attention heads of the decoder: the cache's second dimension.
    let decoderHeads: Int
    /// The model width; `dModel / decoderHeads` is the cache's last dimension.
    let dModel: Int
    /// Logits per step: the target vocabulary's size.
    let vocabularySize: Int
    /// The longest source the model's positions cover (`max_position_embeddings`).
    var maxPositions = 512

    /// Each head's width: the cache's last dimension.
    var headSize: Int { dModel / decoderHeads }

    /// Reads `config.json` in `folder`; throws `.modelBroken` naming the file and the field when
    /// one is missing or out of range (every number is checked before it is used).
    static func load(folder: URL) throws -> MarianConfiguration {
        let file = folder.appendingPathComponent("config.json")
        let fields = try ModelJSON.object(in: file)
        let read = ModelJSON.Reader(fields: fields, file: file)
        let dModel = try read.integer("d_model", in: 1...65_536)
        let heads = try read.integer("decoder_attention_heads", in: 1...1_024)
        guard dModel % heads == 0 else {
            throw ModelJSON.broken(file, "d_model \(dModel) is not a multiple of decoder_attention_heads \(heads)")
        }
        // A model with separate vocabularies scores its target vocabulary (`decoder_vocab_size`).
        let vocabulary = try read.integer("vocab_size", in: 2...4_000_000)
        return MarianConfiguration(decoderLayers: try read.integer("decoder_layers", in: 1...256),
                                   decoderHeads: heads, dModel: dModel,
                                   vocabularySize: try read.integer("decoder_vocab_size", in: 2...4_000_000, default: vocabulary),
                                   maxPositions: try read.integer("max_position_embeddings", in: 2...65_536, default: 512))
    }
}

/// How transformers' `generate()` is told to decode, from `generation_config.json` (or, for
/// models saved before it existed, the same fields in `config.json`), with transformers'
/// defaults for what neither says.
struct GenerationSettings: Sendable, Equatable {
    /// When `generate()` stops before `maxLength` with beams.
    enum EarlyStopping: Sendable, Equatable {
        /// Stop when the best finished hypotheses cannot be beaten, judged at the current length.
        case heuristic
        /// Stop as soon as `numBeams` hypotheses are finished.
        case always
        /// Stop only when no running beam can beat the finished ones, at any length.
        case never
    }

    /// The token the decoder starts from (Marian: pad).
    var decoderStartID: Int
    /// The tokens that end a hypothesis.
    var eosIDs: [Int]
    /// The padding token.
    var padID: Int
    /// The most tokens in an output, the start token included.
    var maxLength: Int
    /// The fewest tokens before an end token may come, the start token included.
    var minLength: Int
    /// 1 decodes greedily; more searches that many beams.
    var numBeams: Int
    /// Finished hypotheses are scored by sum of log probabilities / length^lengthPenalty.
    var lengthPenalty: Double
    /// When beam search stops.
    var earlyStopping: EarlyStopping
    /// Token sequences never produced (Marian: `[[pad]]`).
    var badWordsIDs: [[Int]]
    /// The tokens forced when the output reaches `maxLength` (Marian: `</s>`), or empty.
    var forcedEOSIDs: [Int]
    /// Whether the processed scores are turned back into log-probabilities.
    var renormalizeLogits: Bool

    /// The most beams parley searches: the cost grows with each, and published models use 4–6.
    static let beamLimit = 16
    /// The longest output parley generates, whatever the model's config says.
    static let lengthLimit = 1_024

    /// Reads `generation_config.json` in `folder`, else the generation fields of its
    /// `config.json`; every id must be a token of a `vocabularySize` vocabulary.
    static func load(folder: URL, vocabularySize: Int) throws -> GenerationSettings {
        let generationFile = folder.appendingPathComponent("generation_config.json")
        let file = FileManager.default.fileExists(atPath: generationFile.path)
            ? generationFile : folder.appendingPathComponent("config.json")
        let read = ModelJSON.Reader(fields: try ModelJSON.object(in: file), file: file)
        let tokens = 0...(vocabularySize - 1)
        let pad = try read.integer("pad_token_id", in: tokens)
        let eos = try read.integers("eos_token_id", in: tokens)
        guard !eos.isEmpty else { throw ModelJSON.broken(file, "eos_token_id is empty") }
        let maxLength: Int
        if read.has("max_new_tokens") {
            // The decoder start token is the only prompt an encoder-decoder's output has.
            maxLength = try read.integer("max_new_tokens", in: 1...(lengthLimit - 1)) + 1
        } else {
            maxLength = try read.integer("max_length", in: 1...Int(Int32.max), default: 20)
        }
        let earlyStopping: EarlyStopping
        switch read.fields["early_stopping"] {
        case nil, is NSNull: earlyStopping = .heuristic
        case let text as String where text == "never": earlyStopping = .never
        case let flag as NSNumber where ModelJSON.isBoolean(flag): earlyStopping = flag.boolValue ? .always : .heuristic
        default: throw ModelJSON.broken(file, "early_stopping must be true, false or \"never\"")
        }
        let settings = GenerationSettings(
            decoderStartID: try read.integer("decoder_start_token_id", in: tokens, default: pad),
            eosIDs: eos, padID: pad,
            maxLength: min(maxLength, lengthLimit),
            minLength: try read.integer("min_length", in: 0...Int(Int32.max), default: 0),
            numBeams: try read.integer("num_beams", in: 1...beamLimit, default: 1),
            lengthPenalty: try read.number("length_penalty", in: -100...100, default: 1),
            earlyStopping: earlyStopping,
            badWordsIDs: try read.integerLists("bad_words_ids", in: tokens),
            forcedEOSIDs: read.has("forced_eos_token_id") ? try read.integers("forced_eos_token_id", in: tokens) : [],
            renormalizeLogits: try read.flag("renormalize_logits"))
        try settings.refuseUnsupported(read)
        return settings
    }

    /// Settings that would change the output in ways parley does not reproduce are refused,
    /// rather than translated differently from the model's own implementation.
    private func refuseUnsupported(_ read: ModelJSON.Reader) throws {
        if try read.flag("do_sample") {
            throw ModelJSON.broken(read.file, "do_sample is true; parley decodes greedily or with beams only")
        }
        for (field, neutral) in [("repetition_penalty", 1.0), ("no_repeat_ngram_size", 0), ("encoder_no_repeat_ngram_size", 0),
                                 ("num_beam_groups", 1), ("diversity_penalty", 0), ("exponential_decay_length_penalty", 0)]
        where read.has(field) {
            guard let value = read.fields[field] as? NSNumber, !ModelJSON.isBoolean(value), value.doubleValue == neutral else {
                throw ModelJSON.broken(read.file, "\(field) is set; parley does not apply it")
            }
        }
        for field in ["forced_bos_token_id", "suppress_tokens", "begin_suppress_tokens", "sequence_bias", "min_new_tokens"]
        where read.has(field) {
            throw ModelJSON.broken(read.file, "\(field) is set; parley does not apply it")
        }
    }
}

/// Reading a model's JSON files: every value is checked for its type and range before use,
/// and a problem names the file and the field.
enum ModelJSON {
    /// The top-level object of `file`.
    static func object(in file: URL) throws -> [String: Any] {
        let data = try RegularFile.contents(of: file, what: "the translation model's \(file.lastPathComponent)",
                                            stage: .translation, limit: 1 << 20)
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw broken(file, "it is not a JSON object")
        }
        return object
    }

    /// Whether a JSON value is `true` or `false`: Foundation reads them as numbers that also
    /// cast to `Bool` (so does every 0 and 1), told apart only by their C type.
    static func isBoolean(_ value: Any?) -> Bool {
        (value as? NSNumber).map { String(cString: $0.objCType) == "c" } ?? false
    }

    /// The error for a file whose contents are wrong.
    static func broken(_ file: URL, _ reason: String) -> ParleyError {
        ParleyError(.translation, .modelBroken,
                    "The translation model file \(file.path) is broken: \(reason). "
                    + "Install the model again (parley install translation \(file.deletingLastPathComponent().lastPathComponent)).")
    }

    /// Typed, range-checked access to one JSON object's fields.
    struct Reader {
        let fields: [String: Any]
        let file: URL

        func has(_ key: String) -> Bool {
            guard let value = fields[key] else { return false }
            return !(value is NSNull)
        }

        func integer(_ key: String, in range: ClosedRange<Int>, default fallback: Int? = nil) throws -> Int {
            guard has(key) else {
                if let fallback { return fallback }
                throw ModelJSON.broken(file, "\(key) is missing")
            }
            return try checked(fields[key], key, in: range)
        }

        func flag(_ key: String) throws -> Bool {
            guard has(key) else { return false }
            guard ModelJSON.isBoolean(fields[key]), let value = fields[key] as? NSNumber else {
                throw ModelJSON.broken(file, "\(key) must be true or false")
            }
            return value.boolValue
        }

        func number(_ key: String, in range: ClosedRange<Double>, default fallback: Double) throws -> Double {
            guard has(key) else { return fallback }
            guard let number = fields[key] as? NSNumber, !ModelJSON.isBoolean(number),
                  number.doubleValue.isFinite, range.contains(number.doubleValue) else {
                throw ModelJSON.broken(file, "\(key) must be a number from \(range.lowerBound) to \(range.upperBound)")
            }
            return number.doubleValue
        }

        /// One id or a list of ids (`eos_token_id` may be either).
        func integers(_ key: String, in range: ClosedRange<Int>) throws -> [Int] {
            guard has(key) else { throw ModelJSON.broken(file, "\(key) is missing") }
            if let list = fields[key] as? [Any] { return try list.map { try checked($0, key, in: range) } }
            return [try checked(fields[key], key, in: range)]
        }

        func integerLists(_ key: String, in range: ClosedRange<Int>) throws -> [[Int]] {
            guard has(key) else { return [] }
            guard let lists = fields[key] as? [[Any]], lists.allSatisfy({ !$0.isEmpty }) else {
                throw ModelJSON.broken(file, "\(key) must be a list of non-empty lists of token ids")
            }
            return try lists.map { try $0.map { try checked($0, key, in: range) } }
        }

        private func checked(_ value: Any?, _ key: String, in range: ClosedRange<Int>) throws -> Int {
            guard let number = value as? NSNumber, !ModelJSON.isBoolean(number), number.doubleValue.rounded() == number.doubleValue,
                  number.doubleValue >= Double(range.lowerBound), number.doubleValue <= Double(range.upperBound) else {
                throw ModelJSON.broken(file, "\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return number.intValue
        }
    }
}
