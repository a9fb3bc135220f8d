import CSentencePiece
import Foundation

/// A SentencePiece model (`source.spm`, `target.spm`) loaded through libsentencepiece: text to
/// pieces and pieces back to text, exactly as SentencePiece segments them (parley has no
/// tokenizer of its own). The only file that touches the CSentencePiece module.
///
/// `@unchecked Sendable` because the handle is a C pointer, which Swift cannot see into. Sharing
/// it is safe: after `Load` (in `init`) parley only calls `SentencePieceProcessor::Encode` and
/// `Decode`, which are `const` and keep no state between calls (libsentencepiece 0.1.97,
/// src/sentencepiece_processor.cc: each call builds its own `SentencePieceText`, normalises with
/// the `const` `Normalizer::Normalize` and segments with the `const` `Model::Encode`; the class
/// has no `mutable` members, and only sampling, which parley never asks for, touches the
/// thread-local random generator). Nothing calls the mutating setters (`SetVocabulary`,
/// `SetEncodeExtraOptions`) after load. A `Mutex` would only serialise work that is already
/// thread-safe.
final class SentencePieceModel: @unchecked Sendable {
    /// The `parley_sp_model`, owned: freed in deinit.
    private let handle: OpaquePointer
    /// The file the model was loaded from, for messages.
    let file: URL
    /// The number of pieces in the model's own vocabulary (not Marian's `vocab.json`).
    let pieceCount: Int

    /// Loads the model in `file`. Throws `.modelMissing` when the file does not exist and
    /// `.modelBroken` when it is not a readable regular file or not a SentencePiece model;
    /// each message names the file and says to install the translation model again.
    init(file: URL) throws {
        do {
            try RegularFile.check(file, what: "the SentencePiece model", stage: .translation)
        } catch let error as ParleyError {
            let code: ParleyError.Code = error.code == .notFound ? .modelMissing : .modelBroken
            throw ParleyError(.translation, code, "\(error.message) \(translationModelFix(for: file.deletingLastPathComponent()))",
                              cause: error.cause)
        }
        var loaded: OpaquePointer?
        var message: UnsafeMutablePointer<CChar>?
        let status = parley_sp_load(file.path, &loaded, &message)
        guard status == PARLEY_SP_OK, let loaded else {
            let words = Self.take(message)
            throw ParleyError(.translation, .modelBroken,
                              "\(file.path) is not a SentencePiece model parley can load. "
                                  + translationModelFix(for: file.deletingLastPathComponent()),
                              cause: .library(name: "sentencepiece", status: status, text: words))
        }
        handle = loaded
        self.file = file
        pieceCount = Int(parley_sp_piece_count(loaded))
    }

    deinit {
        parley_sp_free(handle)
    }

    /// The pieces SentencePiece splits `text` into (`"▁"` marks a word's start), as Python's
    /// `SentencePieceProcessor.encode(text, out_type=str)` gives them.
    func pieces(_ text: String) -> [String] {
        var text = text
        var pieces = parley_sp_pieces()
        var message: UnsafeMutablePointer<CChar>?
        let status = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                parley_sp_encode(handle, chars.baseAddress, chars.count, &pieces, &message)
            }
        }
        // Encode fails only on a model that did not load (init refused it) or when memory runs
        // out, where Swift itself would stop too; no caller could do better than stop.
        guard status == PARLEY_SP_OK else { fatalError(failure("encode", status, message)) }
        defer { parley_sp_pieces_free(&pieces) }
        var found: [String] = []
        found.reserveCapacity(pieces.count)
        var start = 0
        for index in 0..<pieces.count {
            let end = pieces.ends[index]
            let bytes = UnsafeRawBufferPointer(start: pieces.bytes + start, count: end - start)
            found.append(String(decoding: bytes, as: UTF8.self))
            start = end
        }
        return found
    }

    /// The text `pieces` stand for, as Python's `SentencePieceProcessor.decode_pieces` gives it
    /// (a leading `"▁"` dropped, the others as spaces; `<unk>` as " ⁇ "; an unknown piece as itself).
    func decode(pieces: [String]) -> String {
        // One buffer with end offsets, the layout parley_sp_encode answers in.
        var bytes: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(pieces.count)
        for piece in pieces {
            bytes.append(contentsOf: piece.utf8)
            ends.append(bytes.count)
        }
        var text: UnsafeMutablePointer<CChar>?
        var length = 0
        var message: UnsafeMutablePointer<CChar>?
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                parley_sp_decode(handle, chars.baseAddress, ends, ends.count, &text, &length, &message)
            }
        }
        // As in pieces(_:): only an unloaded model or exhausted memory make Decode fail.
        guard status == PARLEY_SP_OK, let text else { fatalError(failure("decode", status, message)) }
        defer { parley_sp_string_free(text) }
        return String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
    }

    /// The words for a call that failed, with SentencePiece's own.
    private func failure(_ call: String, _ status: Int32, _ message: UnsafeMutablePointer<CChar>?) -> String {
        "SentencePiece \(call) failed on \(file.path) (status \(status)): \(Self.take(message))"
    }

    /// The C string's text, freed.
    private static func take(_ message: UnsafeMutablePointer<CChar>?) -> String {
        guard let message else { return "" }
        defer { parley_sp_string_free(message) }
        return String(cString: message)
    }
}
