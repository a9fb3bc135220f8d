// The part of ONNX Runtime's C API (include/onnxruntime/core/session/onnxruntime_c_api.h in
// microsoft/onnxruntime) that parley's neural translation uses. libonnxruntime.so is opened
// with dlopen at run time, not linked, so parley starts (and translates with its other
// engines) where it is missing; this header declares the API itself because the library
// ships without one.
//
// The whole API is one entry point, OrtGetApiBase, whose GetApi returns a table of function
// pointers (struct OrtApi). The table's order is ABI-stable: new versions only append. Every
// function parley calls is in version 1 of the table (ORT 1.0), so parley asks for version 1
// and this struct declares the first 101 entries of it, every one in its place: the entries
// parley calls with their real signatures, the others as unused pointer-sized slots under
// their real names so the order can be checked against the upstream header. ONNX Runtime
// itself asserts that version 1 ends with ReleaseCustomOpDomain at index 101
// (onnxruntime_c_api.cc: "Size of version 1 API cannot change"); the asserts at the end
// check this declaration against those numbers.
#ifndef PARLEY_ONNXRUNTIME_API_H
#define PARLEY_ONNXRUNTIME_API_H

#include <stddef.h>
#include <stdint.h>

typedef enum ONNXTensorElementDataType {
  ONNX_TENSOR_ELEMENT_DATA_TYPE_UNDEFINED,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT,   // float
  ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT8,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_INT8,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT16,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_INT16,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_INT32,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_INT64,   // int64_t
  ONNX_TENSOR_ELEMENT_DATA_TYPE_STRING,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_BOOL,    // one byte, 0 or 1
  ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT16,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_DOUBLE,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT32,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT64,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_COMPLEX64,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_COMPLEX128,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_BFLOAT16
} ONNXTensorElementDataType;

typedef enum OrtLoggingLevel {
  ORT_LOGGING_LEVEL_VERBOSE,
  ORT_LOGGING_LEVEL_INFO,
  ORT_LOGGING_LEVEL_WARNING,
  ORT_LOGGING_LEVEL_ERROR,
  ORT_LOGGING_LEVEL_FATAL
} OrtLoggingLevel;

typedef enum OrtErrorCode {
  ORT_OK,
  ORT_FAIL,
  ORT_INVALID_ARGUMENT,
  ORT_NO_SUCHFILE,
  ORT_NO_MODEL,
  ORT_ENGINE_ERROR,
  ORT_RUNTIME_EXCEPTION,
  ORT_INVALID_PROTOBUF,
  ORT_MODEL_LOADED,
  ORT_NOT_IMPLEMENTED,
  ORT_INVALID_GRAPH,
  ORT_EP_FAIL
} OrtErrorCode;

typedef enum GraphOptimizationLevel {
  ORT_DISABLE_ALL = 0,
  ORT_ENABLE_BASIC = 1,
  ORT_ENABLE_EXTENDED = 2,
  ORT_ENABLE_ALL = 99
} GraphOptimizationLevel;

typedef enum ExecutionMode {
  ORT_SEQUENTIAL = 0,
  ORT_PARALLEL = 1
} ExecutionMode;

// Handles: opaque to their users, each freed by its Release entry.
typedef struct OrtEnv OrtEnv;
typedef struct OrtStatus OrtStatus;  // NULL means success
typedef struct OrtSession OrtSession;
typedef struct OrtValue OrtValue;
typedef struct OrtRunOptions OrtRunOptions;
typedef struct OrtTypeInfo OrtTypeInfo;
typedef struct OrtTensorTypeAndShapeInfo OrtTensorTypeAndShapeInfo;
typedef struct OrtSessionOptions OrtSessionOptions;
// A struct of callbacks upstream; parley only passes ORT's own default allocator back to ORT,
// so its fields are not declared.
typedef struct OrtAllocator OrtAllocator;

// An entry of the table parley does not call: present only to keep the order.
typedef void (*OrtApiUnusedSlot)(void);

// The entries parley calls are non-null in every ORT build; the rest are left unannotated.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnullability-completeness"

typedef struct OrtApi {
  /* 0 */ OrtApiUnusedSlot CreateStatus;
  /* 1 */ OrtErrorCode (* _Nonnull GetErrorCode)(const OrtStatus *status);
  /* 2 */ const char *(* _Nonnull GetErrorMessage)(const OrtStatus *status);
  /* 3 */ OrtStatus *(* _Nonnull CreateEnv)(OrtLoggingLevel log_severity_level, const char *logid, OrtEnv **out);
  /* 4 */ OrtApiUnusedSlot CreateEnvWithCustomLogger;
  /* 5 */ OrtApiUnusedSlot EnableTelemetryEvents;
  /* 6 */ OrtStatus *(* _Nonnull DisableTelemetryEvents)(const OrtEnv *env);
  /* 7 */ OrtStatus *(* _Nonnull CreateSession)(const OrtEnv *env, const char *model_path,
                                                const OrtSessionOptions *options, OrtSession **out);
  /* 8 */ OrtApiUnusedSlot CreateSessionFromArray;
  /* 9 */ OrtStatus *(* _Nonnull Run)(OrtSession *session, const OrtRunOptions *run_options,
                                      const char *const *input_names, const OrtValue *const *inputs, size_t input_len,
                                      const char *const *output_names, size_t output_names_len, OrtValue **outputs);
  /* 10 */ OrtStatus *(* _Nonnull CreateSessionOptions)(OrtSessionOptions **options);
  /* 11 */ OrtApiUnusedSlot SetOptimizedModelFilePath;
  /* 12 */ OrtApiUnusedSlot CloneSessionOptions;
  /* 13 */ OrtStatus *(* _Nonnull SetSessionExecutionMode)(OrtSessionOptions *options, ExecutionMode execution_mode);
  /* 14 */ OrtApiUnusedSlot EnableProfiling;
  /* 15 */ OrtApiUnusedSlot DisableProfiling;
  /* 16 */ OrtApiUnusedSlot EnableMemPattern;
  /* 17 */ OrtApiUnusedSlot DisableMemPattern;
  /* 18 */ OrtApiUnusedSlot EnableCpuMemArena;
  /* 19 */ OrtStatus *(* _Nonnull DisableCpuMemArena)(OrtSessionOptions *options);
  /* 20 */ OrtApiUnusedSlot SetSessionLogId;
  /* 21 */ OrtApiUnusedSlot SetSessionLogVerbosityLevel;
  /* 22 */ OrtApiUnusedSlot SetSessionLogSeverityLevel;
  /* 23 */ OrtStatus *(* _Nonnull SetSessionGraphOptimizationLevel)(OrtSessionOptions *options,
                                                                    GraphOptimizationLevel graph_optimization_level);
  /* 24 */ OrtStatus *(* _Nonnull SetIntraOpNumThreads)(OrtSessionOptions *options, int intra_op_num_threads);
  /* 25 */ OrtStatus *(* _Nonnull SetInterOpNumThreads)(OrtSessionOptions *options, int inter_op_num_threads);
  /* 26 */ OrtApiUnusedSlot CreateCustomOpDomain;
  /* 27 */ OrtApiUnusedSlot CustomOpDomain_Add;
  /* 28 */ OrtApiUnusedSlot AddCustomOpDomain;
  /* 29 */ OrtApiUnusedSlot RegisterCustomOpsLibrary;
  /* 30 */ OrtStatus *(* _Nonnull SessionGetInputCount)(const OrtSession *session, size_t *out);
  /* 31 */ OrtStatus *(* _Nonnull SessionGetOutputCount)(const OrtSession *session, size_t *out);
  /* 32 */ OrtApiUnusedSlot SessionGetOverridableInitializerCount;
  /* 33 */ OrtStatus *(* _Nonnull SessionGetInputTypeInfo)(const OrtSession *session, size_t index,
                                                           OrtTypeInfo **type_info);
  /* 34 */ OrtStatus *(* _Nonnull SessionGetOutputTypeInfo)(const OrtSession *session, size_t index,
                                                            OrtTypeInfo **type_info);
  /* 35 */ OrtApiUnusedSlot SessionGetOverridableInitializerTypeInfo;
  /* 36 */ OrtStatus *(* _Nonnull SessionGetInputName)(const OrtSession *session, size_t index,
                                                       OrtAllocator *allocator, char **value);
  /* 37 */ OrtStatus *(* _Nonnull SessionGetOutputName)(const OrtSession *session, size_t index,
                                                        OrtAllocator *allocator, char **value);
  /* 38 */ OrtApiUnusedSlot SessionGetOverridableInitializerName;
  /* 39 */ OrtStatus *(* _Nonnull CreateRunOptions)(OrtRunOptions **out);
  /* 40 */ OrtApiUnusedSlot RunOptionsSetRunLogVerbosityLevel;
  /* 41 */ OrtApiUnusedSlot RunOptionsSetRunLogSeverityLevel;
  /* 42 */ OrtApiUnusedSlot RunOptionsSetRunTag;
  /* 43 */ OrtApiUnusedSlot RunOptionsGetRunLogVerbosityLevel;
  /* 44 */ OrtApiUnusedSlot RunOptionsGetRunLogSeverityLevel;
  /* 45 */ OrtApiUnusedSlot RunOptionsGetRunTag;
  /* 46 */ OrtStatus *(* _Nonnull RunOptionsSetTerminate)(OrtRunOptions *options);
  /* 47 */ OrtStatus *(* _Nonnull RunOptionsUnsetTerminate)(OrtRunOptions *options);
  /* 48 */ OrtStatus *(* _Nonnull CreateTensorAsOrtValue)(OrtAllocator *allocator, const int64_t *shape,
                                                          size_t shape_len, ONNXTensorElementDataType type,
                                                          OrtValue **out);
  /* 49 */ OrtApiUnusedSlot CreateTensorWithDataAsOrtValue;
  /* 50 */ OrtApiUnusedSlot IsTensor;
  /* 51 */ OrtStatus *(* _Nonnull GetTensorMutableData)(OrtValue *value, void **out);
  /* 52 */ OrtApiUnusedSlot FillStringTensor;
  /* 53 */ OrtApiUnusedSlot GetStringTensorDataLength;
  /* 54 */ OrtApiUnusedSlot GetStringTensorContent;
  // `out` is owned by `type_info` and NULL when the type is not a tensor (a sequence, a map).
  /* 55 */ OrtStatus *(* _Nonnull CastTypeInfoToTensorInfo)(const OrtTypeInfo *type_info,
                                                            const OrtTensorTypeAndShapeInfo **out);
  /* 56 */ OrtApiUnusedSlot GetOnnxTypeFromTypeInfo;
  /* 57 */ OrtApiUnusedSlot CreateTensorTypeAndShapeInfo;
  /* 58 */ OrtApiUnusedSlot SetTensorElementType;
  /* 59 */ OrtApiUnusedSlot SetDimensions;
  /* 60 */ OrtStatus *(* _Nonnull GetTensorElementType)(const OrtTensorTypeAndShapeInfo *info,
                                                        ONNXTensorElementDataType *out);
  /* 61 */ OrtStatus *(* _Nonnull GetDimensionsCount)(const OrtTensorTypeAndShapeInfo *info, size_t *out);
  /* 62 */ OrtStatus *(* _Nonnull GetDimensions)(const OrtTensorTypeAndShapeInfo *info, int64_t *dim_values,
                                                 size_t dim_values_length);
  /* 63 */ OrtApiUnusedSlot GetSymbolicDimensions;
  /* 64 */ OrtStatus *(* _Nonnull GetTensorShapeElementCount)(const OrtTensorTypeAndShapeInfo *info, size_t *out);
  /* 65 */ OrtStatus *(* _Nonnull GetTensorTypeAndShape)(const OrtValue *value, OrtTensorTypeAndShapeInfo **out);
  /* 66 */ OrtApiUnusedSlot GetTypeInfo;
  /* 67 */ OrtApiUnusedSlot GetValueType;
  /* 68 */ OrtApiUnusedSlot CreateMemoryInfo;
  /* 69 */ OrtApiUnusedSlot CreateCpuMemoryInfo;
  /* 70 */ OrtApiUnusedSlot CompareMemoryInfo;
  /* 71 */ OrtApiUnusedSlot MemoryInfoGetName;
  /* 72 */ OrtApiUnusedSlot MemoryInfoGetId;
  /* 73 */ OrtApiUnusedSlot MemoryInfoGetMemType;
  /* 74 */ OrtApiUnusedSlot MemoryInfoGetType;
  /* 75 */ OrtApiUnusedSlot AllocatorAlloc;
  /* 76 */ OrtStatus *(* _Nonnull AllocatorFree)(OrtAllocator *allocator, void *p);
  /* 77 */ OrtApiUnusedSlot AllocatorGetInfo;
  // The default allocator is ORT's process-wide CPU allocator: never freed.
  /* 78 */ OrtStatus *(* _Nonnull GetAllocatorWithDefaultOptions)(OrtAllocator **out);
  /* 79 */ OrtApiUnusedSlot AddFreeDimensionOverride;
  /* 80 */ OrtApiUnusedSlot GetValue;
  /* 81 */ OrtApiUnusedSlot GetValueCount;
  /* 82 */ OrtApiUnusedSlot CreateValue;
  /* 83 */ OrtApiUnusedSlot CreateOpaqueValue;
  /* 84 */ OrtApiUnusedSlot GetOpaqueValue;
  /* 85 */ OrtApiUnusedSlot KernelInfoGetAttribute_float;
  /* 86 */ OrtApiUnusedSlot KernelInfoGetAttribute_int64;
  /* 87 */ OrtApiUnusedSlot KernelInfoGetAttribute_string;
  /* 88 */ OrtApiUnusedSlot KernelContext_GetInputCount;
  /* 89 */ OrtApiUnusedSlot KernelContext_GetOutputCount;
  /* 90 */ OrtApiUnusedSlot KernelContext_GetInput;
  /* 91 */ OrtApiUnusedSlot KernelContext_GetOutput;
  /* 92 */ void (* _Nonnull ReleaseEnv)(OrtEnv *input);
  /* 93 */ void (* _Nonnull ReleaseStatus)(OrtStatus *input);
  /* 94 */ OrtApiUnusedSlot ReleaseMemoryInfo;
  /* 95 */ void (* _Nonnull ReleaseSession)(OrtSession *input);
  /* 96 */ void (* _Nonnull ReleaseValue)(OrtValue *input);
  /* 97 */ void (* _Nonnull ReleaseRunOptions)(OrtRunOptions *input);
  /* 98 */ void (* _Nonnull ReleaseTypeInfo)(OrtTypeInfo *input);
  /* 99 */ void (* _Nonnull ReleaseTensorTypeAndShapeInfo)(OrtTensorTypeAndShapeInfo *input);
  /* 100 */ void (* _Nonnull ReleaseSessionOptions)(OrtSessionOptions *input);
  // 101 is ReleaseCustomOpDomain, the start of what parley does not declare.
} OrtApi;

typedef struct OrtApiBase {
  // NULL (and a line on stderr) when the library does not offer `version`.
  const OrtApi *(* _Nonnull GetApi)(uint32_t version);
  const char *(* _Nonnull GetVersionString)(void);
} OrtApiBase;

#pragma clang diagnostic pop

// The library's one exported symbol, looked up with dlsym.
typedef const OrtApiBase *(*OrtGetApiBaseFunction)(void);

// The table version parley asks GetApi for: every entry above is in version 1.
#define PARLEY_ORT_API_VERSION 1

// This declaration against ONNX Runtime's own indices (onnxruntime_c_api.cc asserts 101 for
// the end of version 1) and the upstream header's order at a few landmarks.
#define PARLEY_ORT_INDEX(field) (offsetof(OrtApi, field) / sizeof(void *))
_Static_assert(PARLEY_ORT_INDEX(CreateSessionOptions) == 10, "OrtApi order");
_Static_assert(PARLEY_ORT_INDEX(SessionGetInputCount) == 30, "OrtApi order");
_Static_assert(PARLEY_ORT_INDEX(CreateRunOptions) == 39, "OrtApi order");
_Static_assert(PARLEY_ORT_INDEX(CreateTensorAsOrtValue) == 48, "OrtApi order");
_Static_assert(PARLEY_ORT_INDEX(CastTypeInfoToTensorInfo) == 55, "OrtApi order");
_Static_assert(PARLEY_ORT_INDEX(GetAllocatorWithDefaultOptions) == 78, "OrtApi order");
_Static_assert(PARLEY_ORT_INDEX(ReleaseEnv) == 92, "OrtApi order");
_Static_assert(sizeof(OrtApi) == 101 * sizeof(void *), "OrtApi: entries 0 to 100, each pointer-sized");

#endif
