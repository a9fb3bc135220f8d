import Foundation
import Synchronization

/// The serial owner of the loaded neural translation models (`parley.neural-translation`):
/// each direction's model is loaded once, on this queue, and every translation runs here.
/// Ctrl-C from another thread stops the one in progress within a decoding step.
final class NeuralModels: Sendable {
    /// The installed models, found once.
    let catalog: TranslationModelCatalog
    private let queue = DispatchQueue(label: "parley.neural-translation")
    /// Loaded engines, or why a direction's model cannot be loaded; read and written on `queue`.
    private let engines = Mutex<[LanguagePair: Result<MarianEngine, ParleyError>]>([:])
    /// Translations in progress, and whether Ctrl-C has asked them to stop.
    private let calls = Mutex<(running: Int, cancelled: Bool)>((0, false))
    private let threads: Int
    private let runtime: @Sendable () -> Result<OnnxRuntime, ParleyError>

    /// The models under `roots`, run with `threads` inference threads each (by default one on a
    /// machine of two cores or fewer, leaving a core to the recognizer, else two).
    init(roots: [URL], threads: Int? = nil,
         runtime: @escaping @Sendable () -> Result<OnnxRuntime, ParleyError> = { OnnxRuntime.shared }) {
        catalog = TranslationModelCatalog.scan(roots: roots)
        self.threads = threads ?? (ProcessInfo.processInfo.activeProcessorCount <= 2 ? 1 : 2)
        self.runtime = runtime
    }

    /// Loads the direction's model in the background, so the first turn does not wait for it.
    func prepare(_ direction: LanguagePair) {
        guard catalog.models[direction] != nil else { return }
        queue.async { _ = self.engine(for: direction) }
    }

    /// The model's translation of `text`; throws `.interrupted` when `cancel()` stops it, and
    /// the load's error (missing runtime, broken model) when the direction cannot be served.
    func translate(_ text: String, direction: LanguagePair) throws -> String {
        try oneCall {
            try queue.sync { try translateOnQueue(text, direction: direction) }
        }
    }

    /// Runs `work` as one translation that Ctrl-C may stop: a line translated in several model
    /// calls (the user's terms) is stopped as a whole, not only the call in progress.
    func oneCall<Result>(_ work: () throws -> Result) rethrows -> Result {
        calls.withLock { calls in
            if calls.running == 0 { calls.cancelled = false }
            calls.running += 1
        }
        defer { calls.withLock { $0.running -= 1 } }
        return try work()
    }

    /// `translate`'s work, on `queue`.
    private func translateOnQueue(_ text: String, direction: LanguagePair) throws -> String {
        let stopped: @Sendable () -> Bool = { self.calls.withLock { $0.cancelled } }
        let engine = try engine(for: direction).get()
        if stopped() { throw ParleyError(.translation, .interrupted, "The translation was stopped.") }
        engine.graphs.cancellation.reset()
        // A cancel that came between the check and the reset is honoured by the search.
        return try engine.translate(text, stopped: stopped)
    }

    /// Stops the translations in progress (Ctrl-C); each throws `.interrupted`.
    func cancel() {
        let running = calls.withLock { calls in
            if calls.running > 0 { calls.cancelled = true }
            return calls.running > 0
        }
        guard running else { return }
        for case .success(let engine) in engines.withLock({ Array($0.values) }) { engine.graphs.cancellation.cancel() }
    }

    /// The loaded engine of `direction`, or why it cannot be had; a failure is remembered, so a
    /// broken model is reported once and not reloaded on every turn. Runs on `queue`.
    private func engine(for direction: LanguagePair) -> Result<MarianEngine, ParleyError> {
        if let known = engines.withLock({ $0[direction] }) { return known }
        let result: Result<MarianEngine, ParleyError>
        if let model = catalog.models[direction] {
            result = runtime().flatMap { runtime in
                Result { try MarianEngine(model: model, runtime: runtime, threads: threads) }
                    .mapError { ParleyError.wrapping($0, stage: .translation, code: .modelBroken) }
            }
        } else {
            result = .failure(catalog.problems[direction] ?? missing(direction))
        }
        engines.withLock { $0[direction] = result }
        return result
    }

    /// Whether the direction's model has been tried and failed; nil while it has not been loaded.
    func loadFailure(_ direction: LanguagePair) -> ParleyError? {
        guard case .failure(let error)? = engines.withLock({ $0[direction] }) else { return nil }
        return error
    }

    /// The error for a direction no folder holds a model for.
    func missing(_ direction: LanguagePair) -> ParleyError {
        let installed = catalog.models.keys.sorted().map(\.description)
        return ParleyError(.translation, .modelMissing,
            "No neural translation model for \(direction) in \(rootsDescription). Installed: "
            + (installed.isEmpty ? "none" : installed.joined(separator: ", "))
            + ". Install one: parley install translation \(direction.source)-\(direction.target).")
    }

    private var rootsDescription: String {
        catalog.roots.map(\.path).joined(separator: ", ")
    }
}
