// The part of sherpa-onnx's C API (2.0.1, c-api.h) that parley uses for neural voices,
// declared as function-pointer types: libsherpa-onnx-c-api.so is opened with dlopen at
// run time, not linked, so parley starts and speaks with espeak-ng where it is missing.
// The structs are passed by pointer and read whole by the library: their layout must
// match c-api.h field for field, including the model families parley leaves zeroed.
#ifndef PARLEY_SHERPA_ONNX_TTS_H
#define PARLEY_SHERPA_ONNX_TTS_H

#include <stdint.h>

typedef struct SherpaOnnxOfflineTtsVitsModelConfig {
  const char *model;
  const char *lexicon;
  const char *tokens;
  const char *data_dir;  // ignored since 2.0: phonemes are passed in
  float noise_scale;
  float noise_scale_w;
  float length_scale;
  const char *dict_dir;
} SherpaOnnxOfflineTtsVitsModelConfig;

typedef struct SherpaOnnxOfflineTtsMatchaModelConfig {
  const char *acoustic_model;
  const char *vocoder;
  const char *lexicon;
  const char *tokens;
  const char *data_dir;
  float noise_scale;
  float length_scale;
  const char *dict_dir;
} SherpaOnnxOfflineTtsMatchaModelConfig;

typedef struct SherpaOnnxOfflineTtsKokoroModelConfig {
  const char *model;
  const char *voices;
  const char *tokens;
  const char *data_dir;
  float length_scale;
  const char *dict_dir;
  const char *lexicon;
  const char *lang;
} SherpaOnnxOfflineTtsKokoroModelConfig;

typedef struct SherpaOnnxOfflineTtsKittenModelConfig {
  const char *model;
  const char *voices;
  const char *tokens;
  const char *data_dir;
  float length_scale;
  const char *lexicon;
} SherpaOnnxOfflineTtsKittenModelConfig;

typedef struct SherpaOnnxOfflineTtsZipvoiceModelConfig {
  const char *tokens;
  const char *encoder;
  const char *decoder;
  const char *vocoder;
  const char *data_dir;
  const char *lexicon;
  float feat_scale;
  float t_shift;
  float target_rms;
  float guidance_scale;
} SherpaOnnxOfflineTtsZipvoiceModelConfig;

typedef struct SherpaOnnxOfflineTtsPocketModelConfig {
  const char *lm_flow;
  const char *lm_main;
  const char *encoder;
  const char *decoder;
  const char *text_conditioner;
  const char *vocab_json;
  const char *token_scores_json;
  int32_t voice_embedding_cache_capacity;
} SherpaOnnxOfflineTtsPocketModelConfig;

typedef struct SherpaOnnxOfflineTtsSupertonicModelConfig {
  const char *duration_predictor;
  const char *text_encoder;
  const char *vector_estimator;
  const char *vocoder;
  const char *tts_json;
  const char *unicode_indexer;
  const char *voice_style;
} SherpaOnnxOfflineTtsSupertonicModelConfig;

typedef struct SherpaOnnxOfflineTtsModelConfig {
  SherpaOnnxOfflineTtsVitsModelConfig vits;
  int32_t num_threads;
  int32_t debug;
  const char *provider;
  SherpaOnnxOfflineTtsMatchaModelConfig matcha;
  SherpaOnnxOfflineTtsKokoroModelConfig kokoro;
  SherpaOnnxOfflineTtsKittenModelConfig kitten;
  SherpaOnnxOfflineTtsZipvoiceModelConfig zipvoice;
  SherpaOnnxOfflineTtsPocketModelConfig pocket;
  SherpaOnnxOfflineTtsSupertonicModelConfig supertonic;
} SherpaOnnxOfflineTtsModelConfig;

typedef struct SherpaOnnxOfflineTtsConfig {
  SherpaOnnxOfflineTtsModelConfig model;
  const char *rule_fsts;
  int32_t max_num_sentences;
  const char *rule_fars;
  float silence_scale;
} SherpaOnnxOfflineTtsConfig;

typedef struct SherpaOnnxGeneratedAudio {
  const float *samples;  // mono, -1…1
  int32_t n;
  int32_t sample_rate;
} SherpaOnnxGeneratedAudio;

typedef struct SherpaOnnxGenerationConfig {
  float silence_scale;
  float speed;
  int32_t sid;
  const float *reference_audio;
  int32_t reference_audio_len;
  int32_t reference_sample_rate;
  const char *reference_text;
  int32_t num_steps;
  const char *extra;
  const int32_t *phoneme_codepoints;
  const int32_t *phoneme_codepoints_lens;
  int32_t phoneme_codepoints_num_sentences;
  const char *const *tokens;
  const int32_t *tokens_lens;
  int32_t tokens_num_sentences;
} SherpaOnnxGenerationConfig;

typedef struct SherpaOnnxOfflineTts SherpaOnnxOfflineTts;

// Returns 1 to go on generating, 0 to stop.
typedef int32_t (*SherpaOnnxGeneratedAudioProgressCallbackWithArg)(const float *samples, int32_t n,
                                                                   float progress, void *arg);

typedef const char *(*sherpa_onnx_get_version_str_fn)(void);
typedef const SherpaOnnxOfflineTts *(*sherpa_onnx_create_offline_tts_fn)(const SherpaOnnxOfflineTtsConfig *config);
typedef void (*sherpa_onnx_destroy_offline_tts_fn)(const SherpaOnnxOfflineTts *tts);
typedef int32_t (*sherpa_onnx_offline_tts_sample_rate_fn)(const SherpaOnnxOfflineTts *tts);
typedef const SherpaOnnxGeneratedAudio *(*sherpa_onnx_offline_tts_generate_with_config_fn)(
    const SherpaOnnxOfflineTts *tts, const char *text, const SherpaOnnxGenerationConfig *config,
    SherpaOnnxGeneratedAudioProgressCallbackWithArg callback, void *arg);
typedef void (*sherpa_onnx_destroy_offline_tts_generated_audio_fn)(const SherpaOnnxGeneratedAudio *audio);

#endif
