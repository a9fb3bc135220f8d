// The part of the Vosk C API (libvosk 0.3.45) that parley uses, declared as
// function-pointer types: libvosk is opened with dlopen at run time, not linked,
// so that parley starts (in typed mode) on a machine where it is missing.
// The wheel that ships libvosk has no header; these follow vosk_api.h upstream.
#ifndef PARLEY_VOSK_API_H
#define PARLEY_VOSK_API_H

typedef struct VoskModel VoskModel;
typedef struct VoskRecognizer VoskRecognizer;

typedef VoskModel *(*vosk_model_new_fn)(const char *model_path);
typedef void (*vosk_model_free_fn)(VoskModel *model);
typedef int (*vosk_model_find_word_fn)(VoskModel *model, const char *word);
typedef VoskRecognizer *(*vosk_recognizer_new_fn)(VoskModel *model, float sample_rate);
typedef void (*vosk_recognizer_set_max_alternatives_fn)(VoskRecognizer *recognizer, int max_alternatives);
typedef void (*vosk_recognizer_set_words_fn)(VoskRecognizer *recognizer, int words);
typedef void (*vosk_recognizer_set_partial_words_fn)(VoskRecognizer *recognizer, int partial_words);
typedef int (*vosk_recognizer_accept_waveform_s_fn)(VoskRecognizer *recognizer, const short *data, int length);
typedef const char *(*vosk_recognizer_result_fn)(VoskRecognizer *recognizer);
typedef void (*vosk_recognizer_reset_fn)(VoskRecognizer *recognizer);
typedef void (*vosk_recognizer_free_fn)(VoskRecognizer *recognizer);
typedef void (*vosk_set_log_level_fn)(int log_level);

#endif
