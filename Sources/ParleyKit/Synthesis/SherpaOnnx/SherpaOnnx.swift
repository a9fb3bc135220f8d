import CSherpaOnnx
import Foundation

// The one file that touches sherpa-onnx's C API. The library is opened with dlopen, so
// parley starts (and speaks with espeak-ng) where it is missing; its NULL returns become
// `ParleyError`s here.

/// libsherpa-onnx-c-api, opened at run time; the neural voices' engine.
public final class SherpaOnnxLibrary: Sendable {
    /// Where the library was loaded from.
    public let path: String
    /// The version the library reports (`2.0.1`).
    public let version: String

    let createTTS: sherpa_onnx_create_offline_tts_fn
    let destroyTTS: sherpa_onnx_destroy_offline_tts_fn
    let sampleRate: sherpa_onnx_offline_tts_sample_rate_fn
    let generate: sherpa_onnx_offline_tts_generate_with_config_fn
    let destroyAudio: sherpa_onnx_destroy_offline_tts_generated_audio_fn

    /// The command that installs the library, quoted in every "missing" message.
    public static let installHint = "Run scripts/setup to install it (neural voices need it; espeak-ng speaks meanwhile)."

    /// Names tried in order: `$PARLEY_SHERPA_ONNX` alone when set, else `~/.local/lib/parley/`
    /// (where setup installs it for someone without root), then `/usr/local/lib/parley/`.
    static func candidates(environment: [String: String]) -> [String] {
        if let explicit = environment["PARLEY_SHERPA_ONNX"], !explicit.isEmpty { return [explicit] }
        let file = "parley/sherpa-onnx/libsherpa-onnx-c-api.so"
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        return (home.map { ["\($0)/.local/lib/\(file)"] } ?? []) + ["/usr/local/lib/\(file)"]
    }

    /// Opens the library and resolves its functions; throws a `.synthesis` error naming the
    /// fix when it is absent or lacks a function parley needs.
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws -> SherpaOnnxLibrary {
        // onnxruntime's telemetry is off by default in the build sherpa-onnx ships; this keeps
        // it off should another build be found first.
        setenv("ORT_DISABLE_TELEMETRY", "1", 0)
        var reasons: [String] = []
        var present: String?
        for name in candidates(environment: environment) {
            guard FileManager.default.fileExists(atPath: name) else {
                reasons.append("\(name): no such file")
                continue
            }
            // dlopen waits forever on a pipe: what is not a regular file is named instead.
            do { try RegularFile.check(URL(fileURLWithPath: name), what: "the library", stage: .synthesis) } catch {
                present = present ?? name
                reasons.insert("\(error)", at: 0)
                continue
            }
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
                present = present ?? name
                reasons.insert(String(cString: dlerror()), at: 0)
                continue
            }
            return try SherpaOnnxLibrary(handle: handle, path: name)
        }
        // A library that is there but does not load (a memory limit, a broken file) is not
        // "not installed": its loader's own words say why.
        if let present {
            throw ParleyError(.synthesis, .libraryMissing,
                "The neural voice library \(present) could not be loaded (\(reasons[0])). If a memory limit is set "
                + "(ulimit -v), raise it; else reinstall it: " + installHint)
        }
        throw ParleyError(.synthesis, .libraryMissing,
            "The neural voice library (sherpa-onnx) is not installed. " + installHint,
            cause: reasons.first.map { .text($0) })
    }

    /// The library loaded once per process, or the error that explains why not.
    public static let shared: Result<SherpaOnnxLibrary, ParleyError> = Result {
        try load()
    }.mapError { ParleyError.wrapping($0, stage: .synthesis, code: .libraryMissing) }

    private init(handle: UnsafeMutableRawPointer, path: String) throws {
        func symbol<T>(_ name: String, as type: T.Type) throws -> T {
            guard let pointer = dlsym(handle, name) else {
                throw ParleyError(.synthesis, .libraryMissing,
                    "The sherpa-onnx library at \(path) lacks \(name); parley needs sherpa-onnx 2.0. " + Self.installHint)
            }
            return unsafeBitCast(pointer, to: type)
        }
        self.path = path
        let versionString = try symbol("SherpaOnnxGetVersionStr", as: sherpa_onnx_get_version_str_fn.self)
        version = versionString().map { String(cString: $0) } ?? "unknown"
        createTTS = try symbol("SherpaOnnxCreateOfflineTts", as: sherpa_onnx_create_offline_tts_fn.self)
        destroyTTS = try symbol("SherpaOnnxDestroyOfflineTts", as: sherpa_onnx_destroy_offline_tts_fn.self)
        sampleRate = try symbol("SherpaOnnxOfflineTtsSampleRate", as: sherpa_onnx_offline_tts_sample_rate_fn.self)
        generate = try symbol("SherpaOnnxOfflineTtsGenerateWithConfig",
                              as: sherpa_onnx_offline_tts_generate_with_config_fn.self)
        destroyAudio = try symbol("SherpaOnnxDestroyOfflineTtsGeneratedAudio",
                                  as: sherpa_onnx_destroy_offline_tts_generated_audio_fn.self)
        // Both majors before 2 phonemized with their own espeak-ng and took text, not phonemes.
        guard version.split(separator: ".").first.flatMap({ Int($0) }).map({ $0 >= 2 }) ?? false else {
            throw ParleyError(.synthesis, .libraryMissing,
                "The sherpa-onnx library at \(path) is version \(version); parley needs 2.0 or later. " + Self.installHint)
        }
    }
}

/// One loaded Piper voice model: the sherpa-onnx handle, freed with it. Unchecked Sendable
/// because sherpa-onnx's handle is not thread-safe: its owner (`NeuralSynthesizer`) loads,
/// calls and frees it on its one serial queue only.
final class SherpaOnnxVoiceModel: @unchecked Sendable {
    private let library: SherpaOnnxLibrary
    private let handle: OpaquePointer
    /// The rate of the audio it makes.
    let sampleRate: Int

    /// Loads the model of `voice` with `threads` inference threads; throws a `.synthesis`
    /// error naming the voice's folder and the reinstall command when sherpa-onnx refuses it.
    init(library: SherpaOnnxLibrary, voice: NeuralVoice, threads: Int) throws {
        self.library = library
        let handle: OpaquePointer? = withCStrings([voice.modelFile.path, voice.tokensFile.path, "", "cpu"]) { strings in
            var config = SherpaOnnxOfflineTtsConfig()
            config.model.vits.model = strings[0]
            config.model.vits.tokens = strings[1]
            config.model.vits.lexicon = strings[2]
            config.model.vits.data_dir = strings[2]
            config.model.vits.dict_dir = strings[2]
            config.model.vits.noise_scale = Float(voice.noiseScale)
            config.model.vits.noise_scale_w = Float(voice.noiseW)
            config.model.vits.length_scale = Float(voice.lengthScale)
            config.model.num_threads = Int32(threads)
            config.model.provider = strings[3]
            config.max_num_sentences = 1
            config.silence_scale = 0.2
            return library.createTTS(&config)
        }
        guard let handle else {
            throw ParleyError(.synthesis, .modelBroken,
                "The neural voice \(voice.name) in \(voice.folder.path) could not be loaded (a damaged or "
                + "unprepared model). Run parley install voice \(voice.name) to install it again.",
                cause: .library(name: "sherpa-onnx", status: 0, text: "SherpaOnnxCreateOfflineTts returned NULL"))
        }
        self.handle = handle
        sampleRate = Int(library.sampleRate(handle))
    }

    deinit { library.destroyTTS(handle) }

    /// Generates one sentence from its phonemes (IPA) at the voice's own pace (a rate is
    /// applied afterwards, `TimeStretch`); `shouldStop` is asked when sherpa-onnx reports
    /// progress. Returns the samples (-1…1), or nil when stopped.
    func generate(phonemes: [Int32], shouldStop: @escaping () -> Bool) throws -> [Float]? {
        let progress = ProgressContext(shouldStop: shouldStop)
        let audio = withExtendedLifetime(progress) {
            phonemes.withUnsafeBufferPointer { codepoints in
                withUnsafePointer(to: Int32(codepoints.count)) { length in
                    var config = SherpaOnnxGenerationConfig()
                    config.speed = 1
                    config.silence_scale = 0.2
                    config.phoneme_codepoints = codepoints.baseAddress
                    config.phoneme_codepoints_lens = length
                    config.phoneme_codepoints_num_sentences = 1
                    return "".withCString { text in
                        library.generate(handle, text, &config, progressCallback,
                                         Unmanaged.passUnretained(progress).toOpaque())
                    }
                }
            }
        }
        guard let audio else {
            if progress.stopped { return nil }
            throw ParleyError(.synthesis, .engineFailed, "The neural voice could not speak this sentence.",
                              cause: .library(name: "sherpa-onnx", status: 0,
                                              text: "SherpaOnnxOfflineTtsGenerateWithConfig returned NULL"))
        }
        defer { library.destroyAudio(audio) }
        if progress.stopped { return nil }
        let count = Int(audio.pointee.n)
        guard count > 0, let samples = audio.pointee.samples else { return [] }
        return Array(UnsafeBufferPointer(start: samples, count: count))
    }
}

/// Calls `body` with C copies of `strings`, valid for the call only.
private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafePointer<CChar>]) -> Result) -> Result {
    let copies = strings.map { strdup($0)! }
    defer { copies.forEach { free($0) } }
    return body(copies.map { UnsafePointer($0) })
}

/// What one generation's progress callback reads, through its `arg` pointer.
private final class ProgressContext {
    let shouldStop: () -> Bool
    var stopped = false
    init(shouldStop: @escaping () -> Bool) { self.shouldStop = shouldStop }
}

/// sherpa-onnx's progress callback: 1 goes on, 0 stops.
private let progressCallback: SherpaOnnxGeneratedAudioProgressCallbackWithArg = { _, _, _, arg in
    guard let arg else { return 1 }
    let context = Unmanaged<ProgressContext>.fromOpaque(arg).takeUnretainedValue()
    if context.shouldStop() { context.stopped = true }
    return context.stopped ? 0 : 1
}
