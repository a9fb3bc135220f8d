// The C API of include/sentencepiece_shim.h over libsentencepiece's C++ classes. Every entry
// point catches all exceptions: one unwinding into Swift would abort the process.

#include "sentencepiece_shim.h"

#include <sentencepiece_processor.h>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <vector>

struct parley_sp_model {
    sentencepiece::SentencePieceProcessor processor;
};

namespace {

// A malloc'd copy, so that Swift frees it with parley_sp_string_free whatever allocator C++ uses.
char *copy_string(const std::string &text) {
    char *copy = static_cast<char *>(std::malloc(text.size() + 1));
    if (copy == nullptr) return nullptr;
    std::memcpy(copy, text.data(), text.size());
    copy[text.size()] = '\0';
    return copy;
}

parley_sp_status report(const sentencepiece::util::Status &status, char **message) {
    if (message != nullptr) *message = copy_string(status.error_message());
    return static_cast<parley_sp_status>(status.code());
}

parley_sp_status report_exception(char **message) {
    const char *what = "unknown C++ exception";
    try {
        throw;
    } catch (const std::exception &error) {
        what = error.what();
    } catch (...) {
    }
    if (message != nullptr) *message = copy_string(std::string("SentencePiece failed: ") + what);
    return PARLEY_SP_FAILED;
}

}  // namespace

extern "C" parley_sp_status parley_sp_load(const char *path, parley_sp_model **model, char **message) {
    *model = nullptr;
    try {
        auto loaded = new parley_sp_model();
        const auto status = loaded->processor.Load(path);
        if (!status.ok()) {
            delete loaded;
            return report(status, message);
        }
        *model = loaded;
        return PARLEY_SP_OK;
    } catch (...) {
        return report_exception(message);
    }
}

extern "C" void parley_sp_free(parley_sp_model *model) {
    delete model;
}

extern "C" int32_t parley_sp_piece_count(const parley_sp_model *model) {
    return model->processor.GetPieceSize();
}

extern "C" parley_sp_status parley_sp_encode(const parley_sp_model *model, const char *text, size_t length,
                                             parley_sp_pieces *pieces, char **message) {
    *pieces = parley_sp_pieces{nullptr, nullptr, 0};
    try {
        std::vector<std::string> found;
        const auto status = model->processor.Encode(absl::string_view(text, length), &found);
        if (!status.ok()) return report(status, message);
        size_t total = 0;
        for (const auto &piece : found) total += piece.size();
        // malloc(0) may answer NULL: ask for at least one byte so NULL always means failure.
        auto bytes = static_cast<char *>(std::malloc(total > 0 ? total : 1));
        auto ends = static_cast<size_t *>(std::malloc(found.empty() ? 1 : found.size() * sizeof(size_t)));
        if (bytes == nullptr || ends == nullptr) {
            std::free(bytes);
            std::free(ends);
            throw std::bad_alloc();
        }
        size_t end = 0;
        for (size_t i = 0; i < found.size(); ++i) {
            std::memcpy(bytes + end, found[i].data(), found[i].size());
            end += found[i].size();
            ends[i] = end;
        }
        *pieces = parley_sp_pieces{bytes, ends, found.size()};
        return PARLEY_SP_OK;
    } catch (...) {
        return report_exception(message);
    }
}

extern "C" void parley_sp_pieces_free(parley_sp_pieces *pieces) {
    std::free(pieces->bytes);
    std::free(pieces->ends);
    *pieces = parley_sp_pieces{nullptr, nullptr, 0};
}

extern "C" parley_sp_status parley_sp_decode(const parley_sp_model *model, const char *bytes,
                                             const size_t *ends, size_t count,
                                             char **text, size_t *text_length, char **message) {
    *text = nullptr;
    *text_length = 0;
    try {
        std::vector<std::string> given;
        given.reserve(count);
        size_t start = 0;
        for (size_t i = 0; i < count; ++i) {
            given.emplace_back(bytes + start, ends[i] - start);
            start = ends[i];
        }
        std::string decoded;
        const auto status = model->processor.Decode(given, &decoded);
        if (!status.ok()) return report(status, message);
        *text = copy_string(decoded);
        if (*text == nullptr) throw std::bad_alloc();
        *text_length = decoded.size();
        return PARLEY_SP_OK;
    } catch (...) {
        return report_exception(message);
    }
}

extern "C" void parley_sp_string_free(char *string) {
    std::free(string);
}
