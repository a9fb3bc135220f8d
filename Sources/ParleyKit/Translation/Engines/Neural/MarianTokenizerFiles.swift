import Foundation

/// What a Marian tokenizer folder says, read and checked: the vocabularies, the special tokens
/// and the settings of `tokenizer_config.json`, resolved as transformers' `from_pretrained`
/// resolves them (4.57). A missing file is a `.modelMissing` error, any other failure a
/// `.modelBroken` one; each names the file and the fix.
struct MarianTokenizerFiles: Sendable {
    /// Piece → id for encoding (`vocab.json`).
    let sourceVocabulary: [ExactText: Int64]
    /// Id → piece for decoding (`target_vocab.json` with `separate_vocabs`, else `vocab.json`).
    let targetPieces: [Int64: String]
    /// The added tokens (`added_tokens_decoder`, and the special tokens).
    let addedTokens: AddedTokens
    /// `all_special_tokens`: eos, unk, pad and `additional_special_tokens`, in that order.
    let specialTokens: [String]
    /// The names of the three special tokens.
    let eos: String, unk: String, pad: String
    /// `clean_up_tokenization_spaces` (this transformers version's default: false).
    let cleansUpSpaces: Bool
    /// `model_max_length` (MarianTokenizer's default: 512); `Int.max` for "no limit" values.
    let modelMaxLength: Int

    /// Reads `folder`'s vocab.json, target_vocab.json (when separate), tokenizer_config.json
    /// and special_tokens_map.json (both optional).
    init(folder: URL) throws {
        let configFile = folder.appendingPathComponent("tokenizer_config.json")
        let config = try Self.decode(TokenizerConfig.self, configFile, optional: true) ?? TokenizerConfig()
        var names = (eos: config.eosToken ?? .init("</s>"), unk: config.unkToken ?? .init("<unk>"),
                     pad: config.padToken ?? .init("<pad>"), extra: config.additionalSpecialTokens ?? [])
        if config.addedTokensDecoder == nil {
            // Without added_tokens_decoder, transformers lets the legacy special_tokens_map.json win.
            let mapFile = folder.appendingPathComponent("special_tokens_map.json")
            if let map = try Self.decode(TokenizerConfig.self, mapFile, optional: true) {
                names = (map.eosToken ?? names.eos, map.unkToken ?? names.unk, map.padToken ?? names.pad,
                         names.extra + (map.additionalSpecialTokens ?? []).filter { token in
                             !names.extra.contains { ExactText($0.content) == ExactText(token.content) } })
            }
        }
        let vocabularyFile = folder.appendingPathComponent("vocab.json")
        sourceVocabulary = try Self.vocabulary(vocabularyFile)
        if config.separateVocabs ?? false {
            let targetFile = folder.appendingPathComponent("target_vocab.json")
            targetPieces = try Self.pieces(of: Self.vocabulary(targetFile))
        } else {
            targetPieces = Self.pieces(of: sourceVocabulary)
        }

        var tokens: [AddedTokens.Token] = []
        for (key, entry) in config.addedTokensDecoder ?? [:] {
            guard let id = Int64(key), id >= 0 else {
                throw Self.broken(configFile, "its added_tokens_decoder has \"\(key)\" where a token id (0 or more) belongs")
            }
            tokens.append(entry.token(id: id))
        }
        tokens.sort { $0.id < $1.id }
        let special = [names.eos, names.unk, names.pad] + names.extra
        for name in special where !tokens.contains(where: { ExactText($0.content) == ExactText(name.content) }) {
            // transformers adds a special token under its vocabulary id; one that is in
            // neither place would get an id past the vocabulary, which no Marian model has.
            guard let id = sourceVocabulary[ExactText(name.content)] else {
                throw Self.broken(vocabularyFile, "it has no \(name.content), a special token of this tokenizer")
            }
            tokens.append(name.token(id: id))
        }
        // MarianTokenizer itself insists on these two in vocab.json (`encoder[unk_token]` is
        // every unknown piece's id).
        for name in [names.unk, names.pad] where sourceVocabulary[ExactText(name.content)] == nil {
            throw Self.broken(vocabularyFile, "it has no \(name.content), a special token of this tokenizer")
        }
        addedTokens = AddedTokens(tokens)
        specialTokens = special.map(\.content)
        (eos, unk, pad) = (names.eos.content, names.unk.content, names.pad.content)
        cleansUpSpaces = config.cleanUpTokenizationSpaces ?? false
        modelMaxLength = try Self.length(config.modelMaxLength, configFile)
    }

    /// A vocabulary file's pieces, with ids checked: whole numbers, 0 or more, each used once.
    private static func vocabulary(_ file: URL) throws -> [ExactText: Int64] {
        let data = try read(file)
        let entries: [(piece: String, id: Int64)]
        do {
            entries = try PieceTable.parse(data)
        } catch {
            throw broken(file, "it is not a vocabulary (at byte \(error.offset): \(error.reason))")
        }
        var table: [ExactText: Int64] = [:]
        var owners: [Int64: String] = [:]
        for (piece, id) in entries {
            guard id >= 0 else { throw broken(file, "piece \"\(piece)\" has the negative id \(id)") }
            if let other = owners[id] { throw broken(file, "pieces \"\(other)\" and \"\(piece)\" share the id \(id)") }
            guard table.updateValue(id, forKey: ExactText(piece)) == nil else {
                throw broken(file, "piece \"\(piece)\" is listed twice")
            }
            owners[id] = piece
        }
        guard !table.isEmpty else { throw broken(file, "it lists no pieces") }
        return table
    }

    /// The id → piece table (`{v: k for k, v in encoder.items()}`).
    private static func pieces(of vocabulary: [ExactText: Int64]) -> [Int64: String] {
        Dictionary(uniqueKeysWithValues: vocabulary.map { ($0.value, $0.key.text) })
    }

    /// model_max_length as a count; transformers writes "no limit" as int(1e30).
    private static func length(_ value: Double?, _ file: URL) throws -> Int {
        guard let value else { return 512 }
        guard value >= 0, value.rounded() == value else {
            throw broken(file, "its model_max_length, \(value), is not a whole number of tokens")
        }
        return value < 0x1p63 ? Int(value) : Int.max
    }

    /// The bytes of `file`, after checking it is a readable regular file.
    private static func read(_ file: URL) throws -> Data {
        do {
            return try RegularFile.contents(of: file, what: "the translation model's tokenizer file", stage: .translation)
        } catch let error as ParleyError {
            let code: ParleyError.Code = error.code == .notFound ? .modelMissing : .modelBroken
            throw ParleyError(.translation, code, "\(error.message) \(fix(file))", cause: error.cause)
        } catch {
            throw ParleyError(.translation, .modelBroken, "Cannot read \(file.path). \(fix(file))", cause: .from(error))
        }
    }

    /// `file` decoded as JSON, or nil when `optional` and there is no such file.
    private static func decode<Value: Decodable>(_ type: Value.Type, _ file: URL, optional: Bool) throws -> Value? {
        if optional && !FileManager.default.fileExists(atPath: file.path) { return nil }
        let data = try read(file)
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw ParleyError(.translation, .modelBroken, "\(file.path) is not a tokenizer configuration transformers "
                + "would read. \(fix(file))", cause: .from(error))
        }
    }

    /// The error for a `file` that is malformed in the way `problem` says.
    static func broken(_ file: URL, _ problem: String) -> ParleyError {
        ParleyError(.translation, .modelBroken, "\(file.path) is broken: \(problem). \(fix(file))")
    }

    /// What to do about `file`: install its model again.
    private static func fix(_ file: URL) -> String {
        translationModelFix(for: file.deletingLastPathComponent())
    }

}

/// What to do about a broken or missing file of the translation model in `folder`: install it
/// again, with setup's command when the folder is named for its direction, as installed ones are.
func translationModelFix(for folder: URL) -> String {
    let name = folder.lastPathComponent
    let direction = name.split(separator: "-")
    guard direction.count == 2, direction.allSatisfy({ (2...3).contains($0.count) && $0.allSatisfy(\.isLowercase) }) else {
        return "Install this translation model again."
    }
    return "Install this translation model again: parley install translation \(name)."
}

/// The fields of tokenizer_config.json (and special_tokens_map.json) that shape tokenization.
private struct TokenizerConfig: Decodable {
    // Each field is the key of the same name in snake case; nil when absent.
    var separateVocabs: Bool?
    var eosToken: TokenName?, unkToken: TokenName?, padToken: TokenName?
    var additionalSpecialTokens: [TokenName]?
    var addedTokensDecoder: [String: TokenName]?
    var cleanUpTokenizationSpaces: Bool?
    var modelMaxLength: Double?

    enum CodingKeys: String, CodingKey {
        case separateVocabs = "separate_vocabs", eosToken = "eos_token", unkToken = "unk_token"
        case padToken = "pad_token", additionalSpecialTokens = "additional_special_tokens"
        case addedTokensDecoder = "added_tokens_decoder", cleanUpTokenizationSpaces = "clean_up_tokenization_spaces"
        case modelMaxLength = "model_max_length"
    }
}

/// A token as configs write it: a bare string, or an `AddedToken` object with its flags.
private struct TokenName: Decodable {
    /// The token's text.
    var content: String
    /// `AddedToken`'s flags: swallows spaces on its left / right, only counts as a whole word.
    var lstrip = false, rstrip = false, singleWord = false

    /// A token with no flags, as a bare string in a config gives it.
    init(_ content: String) {
        self.content = content
    }

    enum CodingKeys: String, CodingKey {
        case content, lstrip, rstrip, singleWord = "single_word"
    }

    /// A string, or an object with `content` and optional flags.
    init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            content = text
            return
        }
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        content = try fields.decode(String.self, forKey: .content)
        lstrip = try fields.decodeIfPresent(Bool.self, forKey: .lstrip) ?? false
        rstrip = try fields.decodeIfPresent(Bool.self, forKey: .rstrip) ?? false
        singleWord = try fields.decodeIfPresent(Bool.self, forKey: .singleWord) ?? false
    }

    /// The added token this names, with `id`.
    func token(id: Int64) -> AddedTokens.Token {
        AddedTokens.Token(content: content, id: id, stripsLeft: lstrip, stripsRight: rstrip, singleWord: singleWord)
    }
}
