import CVosk
import Foundation

/// libvosk, opened at run time with `dlopen` so that parley starts without it (typed
/// turns still work) and can say exactly what is missing. This is the only file that
/// touches the Vosk C API; it resolves every function parley uses once, up front.
public final class VoskLibrary: Sendable {
    /// Where the library was loaded from, with symlinks resolved.
    public let path: String
    /// The version read from the installed file name (`libvosk.so.0.3.45`), if it has one.
    public let version: String?

    let modelNew: vosk_model_new_fn
    let modelFree: vosk_model_free_fn
    let recognizerNew: vosk_recognizer_new_fn
    let setMaxAlternatives: vosk_recognizer_set_max_alternatives_fn
    let setWords: vosk_recognizer_set_words_fn
    let setPartialWords: vosk_recognizer_set_partial_words_fn
    let acceptWaveform: vosk_recognizer_accept_waveform_s_fn
    let result: vosk_recognizer_result_fn
    let partialResult: vosk_recognizer_result_fn
    let finalResult: vosk_recognizer_result_fn
    let reset: vosk_recognizer_reset_fn
    let recognizerFree: vosk_recognizer_free_fn
    let setLogLevel: vosk_set_log_level_fn

    /// The command that installs libvosk, quoted in every "missing" message.
    public static let installHint = "Run scripts/setup to install it."

    /// What brings libvosk back: setup installs it where parley looks, but `$PARLEY_LIBVOSK`
    /// replaces those places, so while it is set the fix is the variable itself.
    public static func fix(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        guard let explicit = environment["PARLEY_LIBVOSK"], !explicit.isEmpty else { return "scripts/setup" }
        return "point PARLEY_LIBVOSK (now \(explicit)) at libvosk.so 0.3.45, or unset it to use the one scripts/setup installs"
    }

    /// `fix` as the sentence that ends a message.
    static func advice(environment: [String: String]) -> String {
        guard let explicit = environment["PARLEY_LIBVOSK"], !explicit.isEmpty else { return installHint }
        return "PARLEY_LIBVOSK is set to \(explicit), and parley loads libvosk from there alone: point it at libvosk.so "
            + "0.3.45, or unset it to use the one scripts/setup installs."
    }

    /// Names tried in order: `$PARLEY_LIBVOSK` alone when set, else `~/.local/lib` (where
    /// setup installs it for someone without root), the system library path, and
    /// `/usr/local/lib` (where setup installs it as root).
    static func candidates(environment: [String: String]) -> [String] {
        if let explicit = environment["PARLEY_LIBVOSK"], !explicit.isEmpty { return [explicit] }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        return (home.map { ["\($0)/.local/lib/libvosk.so"] } ?? []) + ["libvosk.so", "/usr/local/lib/libvosk.so"]
    }

    /// Opens libvosk and resolves its functions; throws a `.recognition` error naming
    /// the fix when the library is absent or lacks a function parley needs.
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws -> VoskLibrary {
        var reasons: [String] = []
        for name in candidates(environment: environment) {
            // dlopen waits forever on a pipe: a path that is there but is not a regular file
            // is named instead (a bare name is for the loader's own search).
            if name.contains("/"), FileManager.default.fileExists(atPath: name) {
                do { try RegularFile.check(URL(fileURLWithPath: name), what: "libvosk", stage: .recognition) } catch {
                    reasons.append("\(error)")
                    continue
                }
            }
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
                reasons.append(String(cString: dlerror()))
                continue
            }
            return try VoskLibrary(handle: handle)
        }
        let explicit = environment["PARLEY_LIBVOSK"].map { !$0.isEmpty } ?? false
        throw ParleyError(.recognition, .libraryMissing,
            (explicit ? "libvosk could not be loaded, so speech recognition is off (typed turns still work). "
                : "libvosk is not installed, so speech recognition is off (typed turns still work). ")
            + advice(environment: environment), cause: reasons.first.map { .text($0) })
    }

    /// The shared library loaded once per process, or the error that explains why not.
    public static let shared: Result<VoskLibrary, ParleyError> = Result {
        try load()
    }.mapError { ParleyError.wrapping($0, stage: .recognition, code: .libraryMissing) }

    private init(handle: UnsafeMutableRawPointer) throws {
        func symbol<T>(_ name: String, as type: T.Type) throws -> T {
            guard let pointer = dlsym(handle, name) else {
                throw ParleyError(.recognition, .libraryMissing,
                    "The installed libvosk lacks \(name); parley needs libvosk 0.3.45. " + VoskLibrary.installHint)
            }
            return unsafeBitCast(pointer, to: type)
        }
        modelNew = try symbol("vosk_model_new", as: vosk_model_new_fn.self)
        modelFree = try symbol("vosk_model_free", as: vosk_model_free_fn.self)
        recognizerNew = try symbol("vosk_recognizer_new", as: vosk_recognizer_new_fn.self)
        setMaxAlternatives = try symbol("vosk_recognizer_set_max_alternatives",
                                        as: vosk_recognizer_set_max_alternatives_fn.self)
        setWords = try symbol("vosk_recognizer_set_words", as: vosk_recognizer_set_words_fn.self)
        setPartialWords = try symbol("vosk_recognizer_set_partial_words",
                                     as: vosk_recognizer_set_partial_words_fn.self)
        acceptWaveform = try symbol("vosk_recognizer_accept_waveform_s",
                                    as: vosk_recognizer_accept_waveform_s_fn.self)
        result = try symbol("vosk_recognizer_result", as: vosk_recognizer_result_fn.self)
        partialResult = try symbol("vosk_recognizer_partial_result", as: vosk_recognizer_result_fn.self)
        finalResult = try symbol("vosk_recognizer_final_result", as: vosk_recognizer_result_fn.self)
        reset = try symbol("vosk_recognizer_reset", as: vosk_recognizer_reset_fn.self)
        recognizerFree = try symbol("vosk_recognizer_free", as: vosk_recognizer_free_fn.self)
        setLogLevel = try symbol("vosk_set_log_level", as: vosk_set_log_level_fn.self)

        path = Self.loadedFile(of: unsafeBitCast(modelNew, to: UnsafeRawPointer.self)) ?? "libvosk.so"
        version = Self.version(fromFileName: (path as NSString).lastPathComponent)
        // Kaldi logs every model load, and warnings through a long session ("Discarding
        // word-ids…", ~40 in ten minutes of live interpretation), to stderr; parley keeps only
        // its errors (level -2) unless --verbose turns the rest back on through `setLogging`.
        setLogLevel(-2)
    }

    // MARK: - Vosk's statuses as errors

    /// Loads the model in `folder` (Vosk's `vosk_model_new`); a NULL from Vosk becomes a
    /// `.modelBroken` error naming the folder and the fix. (`VoskModel` has checked the
    /// files before: what is left is damage only Kaldi can judge.)
    /// `reportedFolder` is the folder errors name when `folder` is a shadow of it.
    func newModel(folder: URL, locale: LocaleTag, reportedFolder: URL? = nil) throws -> OpaquePointer {
        guard let model = folder.path.withCString({ modelNew($0) }) else {
            throw ParleyError(.recognition, .modelBroken,
                "The speech model for \(locale) in \((reportedFolder ?? folder).path) could not be loaded: it is incomplete or not a Vosk "
                + "model (parley doctor names the broken file). " + InstallableModels.advice(for: locale, reinstall: true))
        }
        return model
    }

    /// A recognizer over `model` for audio at `sampleRate` (`vosk_recognizer_new`). A NULL
    /// means audio below a rate the model can use, or a model part that only fails here
    /// (the decoding graph, the i-vector extractor): the error says which.
    func newRecognizer(model: OpaquePointer, locale: LocaleTag, folder: URL, sampleRate: Int) throws -> OpaquePointer {
        guard let recognizer = recognizerNew(model, Float(sampleRate)) else {
            let modelRate = ModelDiagnosis.sampleRate(of: folder)
            if let problem = ModelDiagnosis.inspect(folder) {
                throw ModelDiagnosis.error(problem, locale: locale, folder: folder)
            }
            if sampleRate < modelRate {
                throw ParleyError(.recognition, .invalidInput,
                    "The speech model for \(locale) needs audio at \(modelRate) Hz or more; this is \(sampleRate) Hz. "
                    + "Record at \(modelRate / 1000) kHz or more.")
            }
            throw ParleyError(.recognition, .modelBroken,
                "The speech model for \(locale) in \(folder.path) loaded but cannot decode: a file in it is broken "
                + "(parley doctor names it). " + InstallableModels.advice(for: locale, reinstall: true))
        }
        return recognizer
    }

    /// Feeds `count` samples at `samples` (`vosk_recognizer_accept_waveform_s`): true at an
    /// endpoint, false while decoding; Vosk's -1 becomes an `.engineFailed` error.
    func accept(_ recognizer: OpaquePointer, _ samples: UnsafePointer<Int16>, count: Int32, locale: LocaleTag) throws -> Bool {
        let status = acceptWaveform(recognizer, samples, count)
        guard status >= 0 else {
            throw ParleyError(.recognition, .engineFailed, "Vosk failed while decoding audio for \(locale).",
                              cause: .library(name: "libvosk", status: status, text: ""))
        }
        return status == 1
    }

    /// Turns Vosk's own logging on (`verbose`) or off.
    public func setLogging(verbose: Bool) {
        setLogLevel(verbose ? 0 : -2)
    }

    /// The file the library holding `symbol` was loaded from, with symlinks resolved, so
    /// `libvosk.so` shows as `libvosk.so.0.3.45`. `dladdr` asks the dynamic linker itself,
    /// which knows every loaded object however many the process has mapped.
    static func loadedFile(of symbol: UnsafeRawPointer) -> String? {
        // Swift's Glibc module hides dladdr (a GNU extension), so it is looked up like any
        // other symbol. Its Dl_info is four pointers; the file name is the first.
        typealias Dladdr = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer) -> Int32
        guard let function = dlsym(nil, "dladdr") else { return nil }
        let info = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 4)
        defer { info.deallocate() }
        info.initialize(repeating: nil, count: 4)
        guard unsafeBitCast(function, to: Dladdr.self)(symbol, info) != 0, let name = info[0] else { return nil }
        let loaded = String(cString: name.assumingMemoryBound(to: CChar.self))
        guard let resolved = realpath(loaded, nil) else { return loaded }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `libvosk.so.0.3.45` → `0.3.45`; nil for a file name without a version.
    static func version(fromFileName name: String) -> String? {
        guard let range = name.range(of: ".so.") else { return nil }
        let version = String(name[range.upperBound...])
        return version.isEmpty ? nil : version
    }
}
