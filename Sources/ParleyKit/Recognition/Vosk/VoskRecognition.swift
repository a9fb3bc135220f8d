import Foundation
import Synchronization

/// Speech recognition with Vosk. Models load once, each on a thread of its own (never on
/// the Swift concurrency pool), and stay loaded for pairs switched back to.
public final class VoskRecognition: SpeechRecognizing {
    private enum LoadState {
        case loading
        case loaded(VoskModel)
        case failed(ParleyError)
    }

    /// A model as loaded: the locale's model with its own endpoint rules, or with Vosk's
    /// endpoint deferred to the caller's (`VoskEndpointRules`).
    private struct Key: Hashable {
        let locale: LocaleTag
        let deferredEndpoint: Bool
    }

    private let store: ModelStore
    private let library: Result<VoskLibrary, ParleyError>
    private let states = Mutex<[Key: LoadState]>([:])
    /// True while the caller ends utterances itself (parley's endpointer).
    private let callerEndsUtterances = Mutex(false)
    /// The installed model each asked-for locale resolved to: the engine asks whenever its
    /// wait for a loading model wakes, and resolving lists and checks every model folder.
    private let resolved = Mutex<[LocaleTag: InstalledModel]>([:])
    private let loaded = NSCondition()
    /// Who asked to hear when a loading model is done (`whenLoaded`); changed under `loaded`.
    private let loadObservers = Mutex<[Key: [@Sendable () -> Void]]>([:])

    /// Recognition over the models in `store`, using `library` (the process's libvosk by default).
    public init(store: ModelStore, library: Result<VoskLibrary, ParleyError> = VoskLibrary.shared) {
        self.store = store
        self.library = library
    }

    public func isReady(_ locale: LocaleTag) -> Bool {
        guard let installed = try? model(for: locale) else { return false }
        if case .loaded = states.withLock({ $0[key(installed)] }) { return true }
        return false
    }

    public func isLoading(_ locale: LocaleTag) -> Bool {
        guard let installed = try? model(for: locale) else { return false }
        if case .loading = states.withLock({ $0[key(installed)] }) { return true }
        return false
    }

    public func setCallerEndsUtterances(_ on: Bool) {
        let changed = callerEndsUtterances.withLock { current in
            defer { current = on }
            return current != on
        }
        guard changed else { return }
        // Models loaded for the other setting go once the streams over them do (a model is
        // 300–500 MB); one still loading is kept, its thread finishes with it.
        states.withLock { states in
            states = states.filter { key, state in
                if key.deferredEndpoint == on { return true }
                if case .loading = state { return true }
                return false
            }
        }
    }

    /// The model of `installed` as the current endpoint setting needs it.
    private func key(_ installed: InstalledModel) -> Key {
        Key(locale: installed.locale, deferredEndpoint: callerEndsUtterances.withLock { $0 })
    }

    /// The installed model for `locale`, resolved once.
    private func model(for locale: LocaleTag) throws -> InstalledModel {
        if let known = resolved.withLock({ $0[locale] }) { return known }
        let installed = try store.model(for: locale)
        resolved.withLock { $0[locale] = installed }
        return installed
    }

    public func unavailableReason(_ locale: LocaleTag) -> ParleyError? {
        do {
            _ = try library.get()
            _ = try model(for: locale)
            return nil
        } catch {
            return ParleyError.wrapping(error, stage: .recognition, code: .modelMissing)
        }
    }

    public func prepare(_ locale: LocaleTag) {
        guard let installed = try? model(for: locale), case .success(let library) = library else { return }
        let key = key(installed)
        let shouldStart = states.withLock { states -> Bool in
            guard states[key] == nil else { return false }
            states[key] = .loading
            return true
        }
        guard shouldStart else { return }
        let thread = Thread { [self] in
            let state: LoadState
            do {
                state = .loaded(try VoskModel(library: library, locale: installed.locale, folder: installed.folder,
                                              deferredEndpoint: key.deferredEndpoint
                                                ? VoskEndpointRules.deferredTrailingSilence : nil))
            } catch {
                state = .failed(ParleyError.wrapping(error, stage: .recognition, code: .modelBroken))
            }
            loaded.lock()
            states.withLock { $0[key] = state }
            let observers = loadObservers.withLock { $0.removeValue(forKey: key) } ?? []
            loaded.broadcast()
            loaded.unlock()
            for observer in observers { observer() }
        }
        thread.name = "parley.model-load.\(installed.locale)"
        thread.start()
    }

    public func whenLoaded(_ locale: LocaleTag, _ body: @escaping @Sendable () -> Void) {
        guard let installed = try? model(for: locale) else { return body() }
        let key = key(installed)
        loaded.lock()
        let stillLoading: Bool
        if case .loading = states.withLock({ $0[key] }) { stillLoading = true } else { stillLoading = false }
        if stillLoading { loadObservers.withLock { $0[key, default: []].append(body) } }
        loaded.unlock()
        if !stillLoading { body() }
    }

    public func makeStream(for locale: LocaleTag, sampleRate: Int, options: RecognitionOptions) throws -> any RecognitionStream {
        let library = try self.library.get()
        let model = try waitForModel(locale)
        return VoskStream(recognizer: try VoskRecognizer(library: library, model: model, sampleRate: sampleRate,
                                                         maxAlternatives: options.maxAlternatives),
                          partials: options.partials)
    }

    private func waitForModel(_ locale: LocaleTag) throws -> VoskModel {
        let installed = try model(for: locale)
        let key = key(installed)
        prepare(locale)
        loaded.lock()
        defer { loaded.unlock() }
        while true {
            switch states.withLock({ $0[key] }) {
            case .loaded(let model): return model
            case .failed(let error): throw error
            case .loading, nil: loaded.wait()
            }
        }
    }
}

/// A stream over one reused Vosk recognizer.
final class VoskStream: RecognitionStream {
    private let recognizer: VoskRecognizer
    private let partials: Bool
    private var lastPartial = ""
    private var confidences: [String: Double] = [:]
    private var samplesSinceRestart = 0
    /// How much audio one feature pipeline may hold before an endpoint restarts it.
    static let pipelineRestartSeconds = 60

    init(recognizer: VoskRecognizer, partials: Bool) {
        self.recognizer = recognizer
        self.partials = partials
    }

    var locale: LocaleTag { recognizer.model.locale }
    var sampleRate: Int { recognizer.sampleRate }

    func accept(_ samples: [Int16]) throws -> RecognitionEvent? {
        samplesSinceRestart += samples.count
        if try recognizer.accept(samples) {
            // After `result()` Vosk goes on with the same feature pipeline, which keeps every
            // frame's features for up to ten minutes of audio (+46 MB over a long recording).
            // Once a minute, at an endpoint, the final result ends the utterance instead, so
            // the next one starts a fresh pipeline. Not at every endpoint: the pipeline's
            // adaptation to the speaker carries over, and phrases later in a recording were
            // misheard without it.
            return .final(endUtterance())
        }
        guard partials else { return nil }
        let (text, confidences) = VoskResultParser.partial(recognizer.partialResult())
        self.confidences.merge(confidences) { $1 }
        guard text != lastPartial else { return nil }
        lastPartial = text
        return .partial(text)
    }

    /// Vosk's `result()` ends the utterance wherever the stream stands (not only at its
    /// endpoint) and keeps the feature pipeline; `final_result()` starts a new one, and the
    /// short utterances after it were misheard more.
    func endUtterance() -> RecognitionResult {
        guard samplesSinceRestart >= Self.pipelineRestartSeconds * sampleRate else {
            return takeResult(recognizer.result())
        }
        samplesSinceRestart = 0
        return takeResult(recognizer.finalResult())
    }

    func finish() throws -> RecognitionResult {
        samplesSinceRestart = 0
        return takeResult(recognizer.finalResult())
    }

    func reset() {
        recognizer.reset()
        samplesSinceRestart = 0
        lastPartial = ""
        confidences = [:]
    }

    private func takeResult(_ json: String) -> RecognitionResult {
        let result = VoskResultParser.final(json, locale: locale, knownConfidences: confidences)
        lastPartial = ""
        confidences = [:]
        return result
    }
}
