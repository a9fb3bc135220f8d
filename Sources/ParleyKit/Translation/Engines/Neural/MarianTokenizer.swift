import Foundation

/// Text ↔ token ids as transformers' MarianTokenizer does it (transformers 4.57, the slow
/// SentencePiece tokenizer Opus-MT models use), so that a model exported from transformers sees
/// exactly the ids it saw there. Segmentation is SentencePiece's own (`SentencePieceModel`); this
/// type adds what transformers does around it: added tokens cut out of the text, a leading
/// language code (`>>es<<`) kept whole, pieces looked up in Marian's `vocab.json`, `</s>` at the
/// end, and the reverse on the way out.
///
/// `encode` does not normalise punctuation, because MarianTokenizer does not: it builds a Moses
/// normaliser but never calls it when tokenizing. Opus-MT's training data was normalised with
/// that script, so a caller that wants what the model learnt from encodes `normalize(text)`,
/// which equals `tokenizer([tokenizer.normalize(text)])`.
final class MarianTokenizer: Sendable {
    /// The id of `</s>`, which ends every encoded text and every generated translation.
    let eosID: Int64
    /// The id every piece outside the vocabulary becomes.
    let unkID: Int64
    /// The id of `<pad>`: Marian's decoder start token, and never generated.
    let padID: Int64
    /// The size of the vocabulary the decoder produces ids from (`target_vocab.json` when the
    /// model has separate vocabularies, else `vocab.json`), to check against the model's logits.
    let vocabularySize: Int
    /// `model_max_length` from `tokenizer_config.json` (512 when absent; `Int.max` for "no
    /// limit"). `encode` does not truncate to it, as transformers does not unless asked: a
    /// caller must not feed the model more positions than it has.
    let modelMaxLength: Int
    /// The punctuation normaliser for the source language (what `normalize` applies).
    let punctuation: MosesPunctuation

    /// `source.spm` splits input text, `target.spm` joins generated pieces.
    private let source: SentencePieceModel
    private let target: SentencePieceModel
    /// The vocabularies, added tokens and settings.
    private let files: MarianTokenizerFiles
    /// `encoder[unk_token]`: the id of a piece `vocab.json` lacks.
    private let unknownPieceID: Int64
    /// `all_special_ids` and `all_special_tokens`, which decode drops.
    private let specialIDs: Set<Int64>
    private let specialTokens: Set<ExactText>
    /// `legacy_added_tokens`, which decode writes as words of their own.
    private let standaloneTokens: Set<ExactText>

    /// Reads the tokenizer in `folder` (an Opus-MT model folder): `source.spm`, `target.spm`,
    /// `vocab.json`, `target_vocab.json` when `tokenizer_config.json` says `separate_vocabs`,
    /// and the special tokens and settings of `tokenizer_config.json` (and the legacy
    /// `special_tokens_map.json`) when present. `sourceLanguage` is the bare language code the
    /// punctuation normaliser picks its rules by ("en", "de", …; transformers uses the config's
    /// `source_lang`, which some models spell "eng"). Throws `.modelMissing` for a missing file
    /// and `.modelBroken` for one that is not a regular file, unreadable or malformed.
    init(folder: URL, sourceLanguage: String) throws {
        files = try MarianTokenizerFiles(folder: folder)
        source = try SentencePieceModel(file: folder.appendingPathComponent("source.spm"))
        target = try SentencePieceModel(file: folder.appendingPathComponent("target.spm"))
        punctuation = MosesPunctuation(language: sourceLanguage)
        vocabularySize = files.targetPieces.count
        modelMaxLength = files.modelMaxLength
        // Ids of special tokens as `convert_tokens_to_ids` finds them. MarianTokenizerFiles
        // made every special token an added token, so the -1 is never reached.
        let files = files
        func id(_ token: String) -> Int64 {
            files.addedTokens.token(token)?.id ?? -1
        }
        eosID = id(files.eos)
        unkID = id(files.unk)
        padID = id(files.pad)
        unknownPieceID = files.sourceVocabulary[ExactText(files.unk)] ?? unkID
        specialIDs = Set(files.specialTokens.map(id))
        specialTokens = Set(files.specialTokens.map(ExactText.init))
        // `legacy_added_tokens`: added tokens that are not special, and special ones past the
        // vocabulary; decode keeps them out of SentencePiece, each as a word of its own.
        let beyond = files.specialTokens.dropFirst(3).filter { id($0) >= Int64(files.sourceVocabulary.count) }
        standaloneTokens = files.addedTokens.contents.subtracting(specialTokens).union(beyond.map(ExactText.init))
    }

    /// `text` with Moses punctuation normalisation for the source language, as MarianTokenizer's
    /// `normalize` gives it (an empty text stays empty).
    func normalize(_ text: String) -> String {
        text.isEmpty ? "" : punctuation.normalize(text)
    }

    /// The model's input ids for `text`, exactly `tokenizer([text])["input_ids"][0]`: added
    /// tokens written in the text keep their ids, a `>>xx<<` code at the start of a stretch of
    /// text is one token (its id, or the unknown id if the vocabulary lacks it), SentencePiece
    /// splits the rest, pieces outside `vocab.json` take `<unk>`'s id there, and `eosID` ends the
    /// list. Never truncated (see `modelMaxLength`).
    func encode(_ text: String) -> [Int64] {
        var ids: [Int64] = []
        for chunk in files.addedTokens.split(text) {
            switch chunk {
            case .token(let token):
                ids.append(id(of: token))
            case .text(let text):
                let (code, rest) = Self.splitLanguageCode(text)
                if let code { ids.append(id(of: code)) }
                ids += source.pieces(rest).map(id(of:))
            }
        }
        ids.append(eosID)
        return ids
    }

    /// The text of generated ids, exactly `tokenizer.batch_decode([ids],
    /// skip_special_tokens=True)[0]`: special tokens (and `<unk>`) dropped, ids outside the
    /// vocabulary ignored, pieces joined by `target.spm`, "▁" as spaces, trimmed, and the
    /// English clean-up of spaces before punctuation only when `tokenizer_config.json` asks
    /// for it (`clean_up_tokenization_spaces`, false by default in this transformers version).
    func decode(_ ids: [Int64]) -> String {
        var texts: [String] = []
        var pieces: [String] = []
        for id in ids where !specialIDs.contains(id) {
            let token = files.addedTokens.token(id: id)?.content ?? files.targetPieces[id] ?? files.unk
            let key = ExactText(token)
            if specialTokens.contains(key) { continue }
            if standaloneTokens.contains(key) {
                let text = joined(pieces)
                if !text.isEmpty { texts.append(text) }
                pieces = []
                texts.append(token)
            } else {
                pieces.append(token)
            }
        }
        if !pieces.isEmpty { texts.append(joined(pieces)) }
        let text = texts.joined(separator: " ")
        return files.cleansUpSpaces ? Self.cleanUp(text) : text
    }

    /// `convert_tokens_to_string`: SentencePiece's decode, then "▁" → " " and `strip()`.
    private func joined(_ pieces: [String]) -> String {
        guard !pieces.isEmpty else { return "" }
        let decoded = target.decode(pieces: pieces).unicodeScalars.map { $0 == "\u{2581}" ? " " : $0 }
        return PythonText.strip(decoded)
    }

    /// `_convert_token_to_id_with_added_voc`: an added token's id, else the vocabulary's, else unk.
    private func id(of token: String) -> Int64 {
        files.addedTokens.token(token)?.id ?? files.sourceVocabulary[ExactText(token)] ?? unknownPieceID
    }

    /// `remove_language_code`: a text starting with ">>" and holding a "<<" loses everything up
    /// to that "<<", which becomes one token.
    static func splitLanguageCode(_ text: String) -> (code: String?, rest: String) {
        let scalars = Array(text.unicodeScalars)
        guard scalars.starts(with: [">", ">"] as [Unicode.Scalar]),
              let end = scalars.indices.dropLast().first(where: { scalars[$0] == "<" && scalars[$0 + 1] == "<" })
        else { return (nil, text) }
        func string(_ part: ArraySlice<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(part)) }
        return (string(scalars[..<(end + 2)]), string(scalars[(end + 2)...]))
    }

    /// `clean_up_tokenization`: transformers' English clean-up, replacement by replacement.
    static func cleanUp(_ text: String) -> String {
        let replacements = [(" .", "."), (" ?", "?"), (" !", "!"), (" ,", ","), (" ' ", "'"), (" n't", "n't"),
                            (" 'm", "'m"), (" 's", "'s"), (" 've", "'ve"), (" 're", "'re")]
        var scalars = Array(text.unicodeScalars)
        for (pattern, replacement) in replacements {
            scalars = PythonText.replacingAll(Array(pattern.unicodeScalars), with: Array(replacement.unicodeScalars), in: scalars)
        }
        return String(String.UnicodeScalarView(scalars))
    }
}
