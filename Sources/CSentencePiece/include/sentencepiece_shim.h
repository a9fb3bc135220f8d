#ifndef PARLEY_SENTENCEPIECE_SHIM_H
#define PARLEY_SENTENCEPIECE_SHIM_H

// SentencePiece (libsentencepiece, C++) behind a plain C API, because Swift imports C and
// not this C++ library's classes. No C++ exception crosses this boundary: each call catches
// everything and answers with a status and a message. Text is UTF-8 with an explicit byte
// length, never NUL-terminated, because text and pieces may hold U+0000.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A loaded SentencePiece model (a `sentencepiece::SentencePieceProcessor`). After loading it
/// is only read, so one handle may encode and decode on several threads at once.
typedef struct parley_sp_model parley_sp_model;

/// Outcome of a call: `PARLEY_SP_OK`, a SentencePiece status code (1–16, as
/// `sentencepiece::util::StatusCode`), or `PARLEY_SP_FAILED` for a C++ exception (out of memory).
typedef int32_t parley_sp_status;
#define PARLEY_SP_OK 0
#define PARLEY_SP_FAILED -1

/// Pieces of one encoded text: every piece's UTF-8 back to back in `bytes`, piece `i` running
/// from `ends[i - 1]` (0 for the first) to `ends[i]`. Free with `parley_sp_pieces_free`.
typedef struct {
    char *bytes;
    size_t *ends;
    size_t count;
} parley_sp_pieces;

/// Loads the model at `path` (NUL-terminated). On success returns `PARLEY_SP_OK` and sets
/// `*model`; otherwise sets `*model` to NULL and `*message` to SentencePiece's words (free it
/// with `parley_sp_string_free`).
parley_sp_status parley_sp_load(const char *path, parley_sp_model **model, char **message);

/// Frees a model from `parley_sp_load` (NULL is allowed).
void parley_sp_free(parley_sp_model *model);

/// The number of pieces in the model's vocabulary.
int32_t parley_sp_piece_count(const parley_sp_model *model);

/// Splits `length` bytes of UTF-8 `text` into pieces, as `SentencePieceProcessor::Encode` does.
/// On success fills `*pieces`; otherwise sets `*message` (free with `parley_sp_string_free`).
parley_sp_status parley_sp_encode(const parley_sp_model *model, const char *text, size_t length,
                                  parley_sp_pieces *pieces, char **message);

/// Frees what `parley_sp_encode` put in `*pieces` and zeroes it.
void parley_sp_pieces_free(parley_sp_pieces *pieces);

/// Joins pieces back into text, as `SentencePieceProcessor::Decode` does. The pieces are laid
/// out as in `parley_sp_pieces`: `count` pieces back to back in `bytes`, piece `i` ending at
/// `ends[i]`. On success sets `*text` (also NUL-terminated; free with `parley_sp_string_free`)
/// and `*text_length`; otherwise sets `*message`.
parley_sp_status parley_sp_decode(const parley_sp_model *model, const char *bytes, const size_t *ends,
                                  size_t count, char **text, size_t *text_length, char **message);

/// Frees a string this API returned (NULL is allowed).
void parley_sp_string_free(char *string);

#ifdef __cplusplus
}
#endif

#endif
