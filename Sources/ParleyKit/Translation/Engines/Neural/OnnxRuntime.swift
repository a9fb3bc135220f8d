import COnnxRuntime
import Foundation
import Synchronization

// The one file that touches ONNX Runtime's C API. The library is opened with dlopen, so
// parley starts (and translates with its other engines) where it is missing; every OrtStatus
// becomes a `ParleyError` in `OnnxRuntime.error(from:…)`, and every ORT handle has one owner
// here whose deinit releases it. No C type leaves this file.

/// libonnxruntime, opened at run time: the engine the neural translation models run on.
/// Holds the process's ORT environment; ONNX Runtime documents the environment, sessions
/// and the default allocator as safe to use from any thread.
public final class OnnxRuntime: Sendable {
    /// Where the library was loaded from.
    public let path: String
    /// The version the library reports (`1.28.2`).
    public let version: String
    /// The C API's table, copied once: its entries are plain C function pointers.
    fileprivate let api: OrtApi
    /// The ORT environment (one per process in ORT, counted per user); released with this.
    nonisolated(unsafe) fileprivate let env: OpaquePointer
    /// ORT's default CPU allocator: process-wide and never freed.
    nonisolated(unsafe) fileprivate let allocator: OpaquePointer

    /// The command that installs the library, quoted in every "missing" message.
    public static let installHint = "Run scripts/setup to install it (ONNX Runtime comes with the neural voices' "
        + "sherpa-onnx; neural translation needs it, the other translation engines work meanwhile)."

    /// Names tried in order: `$PARLEY_ONNXRUNTIME` alone when set, else `~/.local/lib/parley/`
    /// (where setup installs it for someone without root), then `/usr/local/lib/parley/`.
    static func candidates(environment: [String: String]) -> [String] {
        if let explicit = environment["PARLEY_ONNXRUNTIME"], !explicit.isEmpty { return [explicit] }
        let file = "parley/sherpa-onnx/libonnxruntime.so"
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        return (home.map { ["\($0)/.local/lib/\(file)"] } ?? []) + ["/usr/local/lib/\(file)"]
    }

    /// Opens the library and starts its environment; throws a `.translation` `.libraryMissing`
    /// error naming the path and the fix when it is absent, not a library, or not ONNX Runtime.
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws -> OnnxRuntime {
        // sherpa-onnx's build writes no telemetry; this keeps another build found first quiet too.
        setenv("ORT_DISABLE_TELEMETRY", "1", 0)
        let explicit = environment["PARLEY_ONNXRUNTIME"].map { !$0.isEmpty } ?? false
        // The variable is the thing to fix when it names something else.
        let fix = explicit ? "Point $PARLEY_ONNXRUNTIME at libonnxruntime.so or unset it. " + installHint : installHint
        var failures: [ParleyError] = []
        for path in candidates(environment: environment) {
            guard case .success(let kind) = FileKind.of(path) else {
                // Where setup puts it, absence is ordinary; where the person pointed, it is the news.
                if explicit { failures.append(ParleyError(.translation, .libraryMissing,
                                                          "ONNX Runtime's library \(path) does not exist. " + fix)) }
                continue
            }
            // dlopen reads what it is given: a pipe would block it, a folder gives a vague error.
            guard kind == .regular else {
                let what = kind == .folder ? "a folder" : kind == .pipe ? "a pipe" : "a device"
                failures.append(ParleyError(.translation, .libraryMissing,
                                            "ONNX Runtime's library \(path) is \(what), not a library file. " + fix))
                continue
            }
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                let reason = dlerror().map { String(cString: $0) } ?? "dlopen failed"
                failures.append(ParleyError(.translation, .libraryMissing,
                    "ONNX Runtime's library \(path) could not be loaded (\(reason)). If a memory limit is set "
                    + "(ulimit -v), raise it. " + fix, cause: .text(reason)))
                continue
            }
            return try OnnxRuntime(handle: handle, path: path, fix: fix)
        }
        // A library that is there but does not load is not "not installed": say what is wrong with it.
        if let first = failures.first { throw first }
        throw ParleyError(.translation, .libraryMissing,
                          "ONNX Runtime (the neural translation engine) is not installed. " + fix)
    }

    /// The library loaded once per process, or the error that explains why not.
    public static let shared: Result<OnnxRuntime, ParleyError> = Result {
        try load()
    }.mapError { ParleyError.wrapping($0, stage: .translation, code: .libraryMissing) }

    private init(handle: UnsafeMutableRawPointer, path: String, fix: String) throws {
        func refuse(_ why: String) -> ParleyError {
            ParleyError(.translation, .libraryMissing, "The library at \(path) \(why). " + fix)
        }
        guard let symbol = dlsym(handle, "OrtGetApiBase") else {
            throw refuse("is not ONNX Runtime (it has no OrtGetApiBase)")
        }
        guard let base = unsafeBitCast(symbol, to: OrtGetApiBaseFunction.self)() else {
            throw refuse("gave no ONNX Runtime API")
        }
        let version = base.pointee.GetVersionString().map { String(cString: $0) } ?? "unknown"
        guard let table = base.pointee.GetApi(UInt32(PARLEY_ORT_API_VERSION)) else {
            throw refuse("is ONNX Runtime \(version), which does not offer C API version \(PARLEY_ORT_API_VERSION)")
        }
        let api = table.pointee
        var defaultAllocator: OpaquePointer?
        try Self.check(api.GetAllocatorWithDefaultOptions(&defaultAllocator), api: api, .libraryMissing,
                       "ONNX Runtime \(version) at \(path) has no memory allocator.")
        guard let allocator = defaultAllocator else { throw refuse("gave no memory allocator") }
        var created: OpaquePointer?
        // Errors only: ORT's warnings (unused initializers, …) would land in the middle of a conversation.
        try Self.check(api.CreateEnv(ORT_LOGGING_LEVEL_ERROR, "parley", &created), api: api, .libraryMissing,
                       "ONNX Runtime \(version) at \(path) could not start.")
        guard let env = created else { throw refuse("gave no environment") }
        // Linux builds send nothing, but the switch is the documented one: failing it is harmless.
        _ = Self.error(from: api.DisableTelemetryEvents(env), api: api, .engineFailed, "")
        (self.path, self.version, self.api, self.env, self.allocator) = (path, version, api, env, allocator)
    }

    deinit { api.ReleaseEnv(env) }

    /// `status` as a `.translation` error of kind `code` (nil for success, which ORT reports as
    /// NULL), with ORT's code and words as its cause. Releases the status: every ORT call's
    /// status passes through here exactly once.
    fileprivate static func error(from status: OpaquePointer?, api: OrtApi, _ code: ParleyError.Code,
                                  _ message: @autoclosure () -> String) -> ParleyError? {
        guard let status else { return nil }
        defer { api.ReleaseStatus(status) }
        let ortCode = Int32(bitPattern: api.GetErrorCode(status).rawValue)
        let text = api.GetErrorMessage(status).map { String(cString: $0) } ?? ""
        return ParleyError(.translation, code, message(),
                           cause: .library(name: "onnxruntime", status: ortCode, text: text))
    }

    /// Throws `error(from:…)` when `status` reports a failure.
    fileprivate static func check(_ status: OpaquePointer?, api: OrtApi, _ code: ParleyError.Code,
                                  _ message: @autoclosure () -> String) throws {
        if let error = error(from: status, api: api, code, message()) { throw error }
    }

    /// `check` with this library's table.
    fileprivate func check(_ status: OpaquePointer?, _ code: ParleyError.Code,
                           _ message: @autoclosure () -> String) throws {
        try Self.check(status, api: api, code, message())
    }

    /// Releases the status of a call whose failure changes nothing (freeing a name, setting a
    /// flag ORT always accepts).
    fileprivate func discard(_ status: OpaquePointer?) {
        _ = Self.error(from: status, api: api, .engineFailed, "")
    }

    /// The element type and dimensions an ORT type-and-shape record describes (-1 where symbolic).
    fileprivate func typeAndShape(_ info: OpaquePointer) throws -> (OnnxElementType, [Int]) {
        let failed = "ONNX Runtime could not describe a tensor."
        var type = ONNX_TENSOR_ELEMENT_DATA_TYPE_UNDEFINED
        var rank = 0
        try check(api.GetTensorElementType(info, &type), .engineFailed, failed)
        try check(api.GetDimensionsCount(info, &rank), .engineFailed, failed)
        var dimensions = [Int64](repeating: 0, count: rank)
        try check(api.GetDimensions(info, &dimensions, rank), .engineFailed, failed)
        return (OnnxElementType(type), dimensions.map { $0 < 0 ? -1 : Int($0) })
    }
}

/// The type of a tensor's elements: the three parley's models use, and ONNX's number for the rest.
enum OnnxElementType: Sendable, Equatable {
    /// Marian's three: float (hidden states, logits, the cache), int64 (token ids, masks) and
    /// bool (`use_cache_branch`).
    case float32, int64, bool
    /// Any other ONNX element type, by its `TensorProto.DataType` number (0: not a tensor).
    case other(Int32)

    /// The case of ORT's element type.
    fileprivate init(_ type: ONNXTensorElementDataType) {
        switch type {
        case ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT: self = .float32
        case ONNX_TENSOR_ELEMENT_DATA_TYPE_INT64: self = .int64
        case ONNX_TENSOR_ELEMENT_DATA_TYPE_BOOL: self = .bool
        default: self = .other(Int32(bitPattern: type.rawValue))
        }
    }
}

/// One loaded ONNX graph (an encoder or a decoder). ORT allows concurrent runs, but parley's
/// translator uses each session from its one serial owner only: unchecked Sendable so that
/// owner may be created on one thread and used on another.
final class OnnxSession: @unchecked Sendable {
    /// One input or output of the graph.
    struct Port: Sendable, Equatable {
        /// The name feeds and outputs are given by.
        let name: String
        /// What its elements are.
        let elementType: OnnxElementType
        /// Its dimensions as the graph declares them: -1 for a symbolic one (`batch`, `length`).
        let shape: [Int]
    }

    /// The library that runs it.
    let runtime: OnnxRuntime
    /// The `.onnx` file it was loaded from, for messages.
    let model: URL
    /// What the graph takes, in the graph's order.
    let inputs: [Port]
    /// What the graph gives, in the graph's order.
    let outputs: [Port]
    /// The OrtSession, released with this.
    private let session: OpaquePointer

    /// Loads `model` with `threads` threads inside an operator (0 lets ORT choose); throws
    /// `.modelMissing` when the file is absent and `.modelBroken` when it is not a regular file
    /// or ORT refuses it (truncated, not ONNX), naming the file.
    init(runtime: OnnxRuntime, model: URL, threads: Int) throws {
        do {
            try RegularFile.check(model, what: "the translation model's graph", stage: .translation)
        } catch let error as ParleyError {
            throw ParleyError(.translation, error.code == .notFound ? .modelMissing : .modelBroken, error.message,
                              cause: error.cause)
        }
        guard (0...1_024).contains(threads) else {
            throw ParleyError(.translation, .invalidInput, "\(threads) is not a thread count (0 to 1024).")
        }
        let api = runtime.api
        var created: OpaquePointer?
        try runtime.check(api.CreateSessionOptions(&created), .engineFailed,
                          "ONNX Runtime could not make session options.")
        guard let options = created else {
            throw ParleyError(.translation, .engineFailed, "ONNX Runtime gave no session options.")
        }
        defer { api.ReleaseSessionOptions(options) }
        let setting = "ONNX Runtime refused a session setting."
        try runtime.check(api.SetIntraOpNumThreads(options, Int32(threads)), .engineFailed, setting)
        // One graph runs at a time, node after node: one thread between operators is enough.
        try runtime.check(api.SetInterOpNumThreads(options, 1), .engineFailed, setting)
        try runtime.check(api.SetSessionExecutionMode(options, ORT_SEQUENTIAL), .engineFailed, setting)
        try runtime.check(api.SetSessionGraphOptimizationLevel(options, ORT_ENABLE_ALL), .engineFailed, setting)
        // Without ORT's CPU arena a model's resident memory is about its file's size: with it, two
        // directions of an int8 Opus-MT-base-sized model took 3.4 times theirs (scripts/bench
        // neural-translation), at no gain in speed for the graphs parley runs.
        try runtime.check(api.DisableCpuMemArena(options), .engineFailed, setting)
        var session: OpaquePointer?
        let status = api.CreateSession(runtime.env, model.path, options, &session)
        if let error = OnnxRuntime.error(from: status, api: api, .modelBroken,
                                         "The translation model's graph \(model.path) could not be loaded: it is "
                                         + "damaged or not an ONNX model that ONNX Runtime \(runtime.version) runs.") {
            // Gone since the check above.
            if case .library(_, let status, _) = error.cause, status == Int32(ORT_NO_SUCHFILE.rawValue) {
                throw ParleyError(.translation, .modelMissing, "\(model.path) does not exist.", cause: error.cause)
            }
            throw error
        }
        guard let session else { throw ParleyError(.translation, .modelBroken, "ONNX Runtime gave no session.") }
        do {
            inputs = try Self.ports(of: session, outputs: false, runtime: runtime, model: model)
            outputs = try Self.ports(of: session, outputs: true, runtime: runtime, model: model)
        } catch {
            api.ReleaseSession(session)
            throw error
        }
        (self.runtime, self.model, self.session) = (runtime, model, session)
    }

    deinit { runtime.api.ReleaseSession(session) }

    /// The graph's inputs or outputs: names (freed with the allocator that made them) and types.
    private static func ports(of session: OpaquePointer, outputs: Bool, runtime: OnnxRuntime,
                              model: URL) throws -> [Port] {
        let api = runtime.api
        let failed = "ONNX Runtime could not describe the graph \(model.lastPathComponent)."
        var count = 0
        try runtime.check(outputs ? api.SessionGetOutputCount(session, &count)
                                  : api.SessionGetInputCount(session, &count), .modelBroken, failed)
        return try (0..<count).map { index in
            var name: UnsafeMutablePointer<CChar>?
            try runtime.check(outputs ? api.SessionGetOutputName(session, index, runtime.allocator, &name)
                                      : api.SessionGetInputName(session, index, runtime.allocator, &name),
                              .modelBroken, failed)
            defer {
                if let name { runtime.discard(api.AllocatorFree(runtime.allocator, name)) }
            }
            var typeInfo: OpaquePointer?
            try runtime.check(outputs ? api.SessionGetOutputTypeInfo(session, index, &typeInfo)
                                      : api.SessionGetInputTypeInfo(session, index, &typeInfo), .modelBroken, failed)
            defer { if let typeInfo { api.ReleaseTypeInfo(typeInfo) } }
            var tensorInfo: OpaquePointer?  // owned by typeInfo
            try runtime.check(api.CastTypeInfoToTensorInfo(typeInfo, &tensorInfo), .modelBroken, failed)
            let label = name.map { String(cString: $0) } ?? ""
            // A sequence or a map: parley's models have none, and feeding one fails in `run`.
            guard let tensorInfo else { return Port(name: label, elementType: .other(0), shape: []) }
            let (type, shape) = try runtime.typeAndShape(tensorInfo)
            return Port(name: label, elementType: type, shape: shape)
        }
    }

    /// Runs the graph on `feeds` (any order) and returns `outputs`, by name, in that order. A run
    /// stopped by `cancellation` throws `.interrupted`; any other failure (a wrong name, type or
    /// shape) throws `.engineFailed` with ORT's words.
    func run(_ feeds: [(name: String, value: OnnxTensor)], outputs names: [String],
             cancellation: OnnxCancellation?) throws -> [OnnxTensor] {
        let api = runtime.api
        // ORT finds a missing feed only when a node needs it, and logs it to stderr.
        let given = Set(feeds.map(\.name))
        if let missing = inputs.first(where: { !given.contains($0.name) }) {
            throw ParleyError(.translation, .engineFailed, "The translation model's graph \(model.lastPathComponent) "
                              + "needs \(missing.name), which was not given.")
        }
        var results = [OpaquePointer?](repeating: nil, count: names.count)
        let values: [OpaquePointer?] = feeds.map { $0.value.value }
        let status = withCStrings(feeds.map(\.name)) { inputNames in
            withCStrings(names) { outputNames in
                withExtendedLifetime(feeds) {
                    api.Run(session, cancellation?.options, inputNames, values, feeds.count,
                            outputNames, names.count, &results)
                }
            }
        }
        // Asked after the run: a cancel during it is why it failed.
        let stopped = cancellation?.isCancelled ?? false
        let failure = stopped ? "The translation was stopped."
                              : "The translation model's graph \(model.lastPathComponent) failed to run."
        if let error = OnnxRuntime.error(from: status, api: api, stopped ? .interrupted : .engineFailed, failure) {
            for case let value? in results { api.ReleaseValue(value) }
            throw error
        }
        var tensors: [OnnxTensor] = []
        for (index, value) in results.enumerated() {
            do {
                guard let value else {
                    throw ParleyError(.translation, .engineFailed, "ONNX Runtime gave no \(names[index]).")
                }
                tensors.append(try OnnxTensor(owning: value, runtime: runtime))
            } catch {
                for case let rest? in results.dropFirst(index + 1) { api.ReleaseValue(rest) }
                throw error
            }
        }
        return tensors
    }
}

/// Calls `body` with C copies of `strings`, valid for the call only.
private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> Result) -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return body(copies.map { $0.map { UnsafePointer($0) } })
}

/// Stops a run in progress from another thread: ORT checks the flag between nodes and fails
/// the run; the flag stays set (every run with these options fails) until `reset()`.
final class OnnxCancellation: Sendable {
    /// The library that made the options (kept for releasing them).
    private let runtime: OnnxRuntime
    /// The ORT run options carrying the flag; ORT's documented way to stop a run from elsewhere.
    nonisolated(unsafe) fileprivate let options: OpaquePointer
    /// Whether a run that fails now failed because of `cancel()`.
    private let requested = Atomic<Bool>(false)

    /// Makes run options of `runtime`, not cancelled.
    init(runtime: OnnxRuntime) throws {
        var options: OpaquePointer?
        try runtime.check(runtime.api.CreateRunOptions(&options), .engineFailed,
                          "ONNX Runtime could not make run options.")
        guard let options else { throw ParleyError(.translation, .engineFailed, "ONNX Runtime gave no run options.") }
        (self.runtime, self.options) = (runtime, options)
    }

    deinit { runtime.api.ReleaseRunOptions(options) }

    /// Makes the run in progress, and every later one, fail with `.interrupted`.
    func cancel() {
        // Marked before the flag is set, so a run it stops always reads it.
        requested.store(true, ordering: .sequentiallyConsistent)
        runtime.discard(runtime.api.RunOptionsSetTerminate(options))
    }

    /// Lets runs go on again after `cancel()`.
    func reset() {
        runtime.discard(runtime.api.RunOptionsUnsetTerminate(options))
        requested.store(false, ordering: .sequentiallyConsistent)
    }

    /// Whether `cancel()` was called since the last `reset()`.
    var isCancelled: Bool { requested.load(ordering: .sequentiallyConsistent) }
}

/// One tensor: an OrtValue whose memory ORT's default CPU allocator made, so the value owns its
/// data. Unchecked Sendable: its elements are written only while it is made (`fill`) and read
/// after, and ORT only reads the tensors it is fed.
final class OnnxTensor: @unchecked Sendable {
    /// The library that made the value (kept for releasing it).
    private let runtime: OnnxRuntime
    /// The OrtValue, released with this.
    fileprivate let value: OpaquePointer
    /// Its dimensions.
    let shape: [Int]
    /// What its elements are.
    let elementType: OnnxElementType
    /// How many elements it has (the product of `shape`).
    private let count: Int
    /// Its elements, inside `value` (valid as long as it is); nil when there are none.
    private let data: UnsafeMutableRawPointer?

    /// Takes ownership of `value` (released here should it not describe itself).
    fileprivate init(owning value: OpaquePointer, runtime: OnnxRuntime) throws {
        let api = runtime.api
        do {
            var info: OpaquePointer?
            try runtime.check(api.GetTensorTypeAndShape(value, &info), .engineFailed,
                              "ONNX Runtime gave a value that is not a tensor.")
            defer { if let info { api.ReleaseTensorTypeAndShapeInfo(info) } }
            guard let info else { throw ParleyError(.translation, .engineFailed, "ONNX Runtime gave no tensor shape.") }
            (elementType, shape) = try runtime.typeAndShape(info)
            var count = 0
            try runtime.check(api.GetTensorShapeElementCount(info, &count), .engineFailed,
                              "ONNX Runtime gave no tensor size.")
            var data: UnsafeMutableRawPointer?
            try runtime.check(api.GetTensorMutableData(value, &data), .engineFailed,
                              "ONNX Runtime gave no tensor data.")
            (self.count, self.data) = (count, data)
        } catch {
            api.ReleaseValue(value)
            throw error
        }
        (self.value, self.runtime) = (value, runtime)
    }

    deinit { runtime.api.ReleaseValue(value) }

    /// A new tensor of `type` and `shape`, zeroed, then handed to `fill` (bytes, element count).
    /// Negative dimensions and sizes past the machine's memory throw instead of trapping (or of
    /// an allocation Linux grants and the zeroing then gets the process killed for).
    private static func make(_ type: ONNXTensorElementDataType, size: Int, shape: [Int], runtime: OnnxRuntime,
                             fill: (UnsafeMutableRawPointer?, Int) throws -> Void) throws -> OnnxTensor {
        let memory = ProcessInfo.processInfo.physicalMemory
        var count = 1
        var overflow = false
        for dimension in shape {
            (count, overflow) = count.multipliedReportingOverflow(by: max(dimension, 0))
            let bytes = count.multipliedReportingOverflow(by: size)
            guard dimension >= 0, !overflow, !bytes.overflow,
                  UInt64(bytes.partialValue) <= memory else {
                throw ParleyError(.translation, .engineFailed, "A tensor of shape \(shape) cannot be made.")
            }
        }
        var value: OpaquePointer?
        let dimensions = shape.map(Int64.init)
        let status = runtime.api.CreateTensorAsOrtValue(runtime.allocator, dimensions, shape.count, type, &value)
        try runtime.check(status, .engineFailed, "ONNX Runtime could not make a tensor of shape \(shape).")
        guard let value else { throw ParleyError(.translation, .engineFailed, "ONNX Runtime gave no tensor.") }
        let tensor = try OnnxTensor(owning: value, runtime: runtime)
        guard tensor.count == count, count == 0 || tensor.data != nil else {
            throw ParleyError(.translation, .engineFailed,
                              "ONNX Runtime made a tensor of \(tensor.count) elements, not \(count).")
        }
        if let data = tensor.data { data.initializeMemory(as: UInt8.self, repeating: 0, count: count * size) }
        try fill(tensor.data, count)
        return tensor
    }

    /// An int64 tensor of `shape` holding `values` (as many as the shape has elements).
    static func int64(_ values: [Int64], shape: [Int], runtime: OnnxRuntime) throws -> OnnxTensor {
        try make(ONNX_TENSOR_ELEMENT_DATA_TYPE_INT64, size: 8, shape: shape, runtime: runtime) { data, count in
            guard values.count == count else { throw Self.mismatch(values.count, shape) }
            values.withUnsafeBytes { bytes in
                if let data, let source = bytes.baseAddress { data.copyMemory(from: source, byteCount: bytes.count) }
            }
        }
    }

    /// A bool tensor of `shape` holding `values` (ONNX bools are one byte, 0 or 1).
    static func bool(_ values: [Bool], shape: [Int], runtime: OnnxRuntime) throws -> OnnxTensor {
        try make(ONNX_TENSOR_ELEMENT_DATA_TYPE_BOOL, size: 1, shape: shape, runtime: runtime) { data, count in
            guard values.count == count else { throw Self.mismatch(values.count, shape) }
            guard let bytes = data?.bindMemory(to: UInt8.self, capacity: count) else { return }
            for (index, value) in values.enumerated() { bytes[index] = value ? 1 : 0 }
        }
    }

    /// A float tensor of `shape`, zeroed, whose elements `fill` writes in place.
    static func float32(shape: [Int], runtime: OnnxRuntime,
                        fill: (UnsafeMutableBufferPointer<Float>) throws -> Void) throws -> OnnxTensor {
        try make(ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, size: 4, shape: shape, runtime: runtime) { data, count in
            try fill(UnsafeMutableBufferPointer(start: data?.bindMemory(to: Float.self, capacity: count), count: count))
        }
    }

    /// The error for `values` elements given for a tensor of `shape`.
    private static func mismatch(_ values: Int, _ shape: [Int]) -> ParleyError {
        ParleyError(.translation, .engineFailed, "\(values) values do not fill a tensor of shape \(shape).")
    }

    /// Calls `body` with the elements in place; the tensor must be float32.
    func withFloats<R>(_ body: (UnsafeBufferPointer<Float>) throws -> R) rethrows -> R {
        precondition(elementType == .float32, "withFloats on a \(elementType) tensor")
        return try body(UnsafeBufferPointer(start: data?.assumingMemoryBound(to: Float.self), count: count))
    }

    /// The elements, copied; the tensor must be int64.
    func int64s() -> [Int64] {
        precondition(elementType == .int64, "int64s on a \(elementType) tensor")
        return Array(UnsafeBufferPointer(start: data?.assumingMemoryBound(to: Int64.self), count: count))
    }
}
