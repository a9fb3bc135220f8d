import Dispatch
import Foundation
import Synchronization

/// Speech with neural (Piper) voices through sherpa-onnx, in process. espeak-ng reads the
/// text into phonemes (with the user's lexicon); the voice turns each sentence into audio
/// on the `parley.neural-voices` queue, which owns every loaded model, while the caller
/// hands the sentence before to the speaker: the first sentence plays as the next is made.
public final class NeuralSynthesizer: SpeechSynthesizing {
    /// The installed voices this synthesizer speaks with.
    public let catalog: NeuralVoiceCatalog
    private let library: SherpaOnnxLibrary
    private let runtime: EspeakRuntime
    private let preferences: PreferredLocales
    private let lexicons: @Sendable (String) -> Lexicon
    private let threads: Int
    private let queue = DispatchQueue(label: "parley.neural-voices")
    /// Voices loaded (or that failed to load), by name; written on `queue` only.
    private let loaded = Mutex<[String: Result<LoadedVoice, ParleyError>]>([:])
    /// The utterance in progress, which `stop()` ends.
    private let current = Mutex<UtteranceStop?>(nil)

    /// Inference threads on this machine: on two cores or fewer one thread, so that speech
    /// leaves a core to the recognizer (measured with `scripts/bench voice`).
    public static var defaultThreads: Int { ProcessInfo.processInfo.activeProcessorCount <= 2 ? 1 : 2 }

    /// Audio handed on per call of `onChunk`: about 46 ms, so a stop is heard at once.
    static let chunkFrames = 1024

    /// A synthesizer over `catalog`'s voices; `lexicons` gives a language's lexicon.
    public init(library: SherpaOnnxLibrary, catalog: NeuralVoiceCatalog, runtime: EspeakRuntime = .shared,
                preferences: PreferredLocales = .standard, threads: Int = defaultThreads,
                lexicons: @escaping @Sendable (String) -> Lexicon = { _ in Lexicon() }) {
        self.library = library
        self.catalog = catalog
        self.runtime = runtime
        self.preferences = preferences
        self.threads = max(1, threads)
        self.lexicons = lexicons
    }

    /// The neural voice for `request`: the one it names, else the best for its locale and
    /// gender; throws a `.synthesis` `.notFound` error when none is installed.
    public func neuralVoice(for request: VoiceRequest) throws -> NeuralVoice {
        if let name = request.name {
            guard let voice = catalog.voice(named: name) else {
                throw ParleyError(.synthesis, .notFound, "No neural voice named '\(name)'. Run parley voices to list them.")
            }
            return voice
        }
        let ranked = catalog.ranked(for: request.locale, preferences: preferences)
        if let gender = request.gender, gender != .unspecified {
            if let match = ranked.first(where: { $0.gender == gender }) { return match }
            throw ParleyError(.synthesis, .notFound, "No \(gender.rawValue) neural voice for \(request.locale) is installed.")
        }
        guard let best = ranked.first else {
            throw ParleyError(.synthesis, .notFound, "No neural voice for \(request.locale) is installed.")
        }
        return best
    }

    public func voice(for request: VoiceRequest) throws -> String { try neuralVoice(for: request).name }

    /// Gets each request's voice ready (`warm`); a voice that fails is skipped (speaking
    /// with it says why).
    public func warmUp(_ requests: [VoiceRequest]) {
        for request in requests {
            guard let voice = try? neuralVoice(for: request) else { continue }
            try? warm(voice)
        }
    }

    /// Loads `voice` and speaks a syllable with it once, so the first utterance pays
    /// neither the load (about a second) nor onnxruntime's first, slower run.
    public func warm(_ voice: NeuralVoice) throws {
        let loaded = try load(voice)
        guard let syllable = loaded.sentences.sentences(from: [PhonemeClause(phonemes: "hˈə", terminator: ".")]).first
        else { return }
        queue.sync { _ = try? loaded.model.generate(phonemes: syllable, shouldStop: { false }) }
    }

    /// Loads `voice`'s model once (on the voice queue); a model that failed stays failed, so
    /// the error is given at once the next time.
    @discardableResult
    public func load(_ voice: NeuralVoice) throws -> LoadedVoice {
        try queue.sync {
            if let done = loaded.withLock({ $0[voice.name] }) { return try done.get() }
            let result = Result<LoadedVoice, any Error> {
                LoadedVoice(model: try SherpaOnnxVoiceModel(library: library, voice: voice, threads: threads),
                            sentences: PhonemeSentences(symbols: try Self.symbols(in: voice.tokensFile)))
            }.mapError { ParleyError.wrapping($0, stage: .synthesis, code: .modelBroken) }
            loaded.withLock { $0[voice.name] = result }
            return try result.get()
        }
    }

    /// True once `voice` has failed to load.
    public func failedToLoad(_ voice: NeuralVoice) -> Bool {
        if case .failure? = loaded.withLock({ $0[voice.name] }) { return true }
        return false
    }

    public func stop() {
        current.withLock { $0?.stop() }
    }

    public func synthesize(_ text: String, voice request: VoiceRequest, settings: UtteranceSettings,
                           onChunk: (AudioChunk) -> Bool) throws -> SynthesisReport {
        try synthesize(text, with: neuralVoice(for: request), language: request.locale.language, settings: settings,
                       onChunk: onChunk)
    }

    /// Speaks `text` with `voice`, read with `language`'s lexicon.
    func synthesize(_ text: String, with voice: NeuralVoice, language: String, settings: UtteranceSettings,
                    onChunk: (AudioChunk) -> Bool) throws -> SynthesisReport {
        try UtteranceSettings.requireWords(in: text)
        let settings = try settings.validated()
        let lexicon = lexicons(language)
        let clauses = try runtime.perform {
            try Espeak.phonemeClauses(lexicon.apply(to: text), voice: voice.espeakVoice, phonemeInput: lexicon.usesPhonemes)
        }
        let loadedVoice = try load(voice)
        let sentences = loadedVoice.sentences.sentences(from: clauses)
        guard !sentences.isEmpty else {
            throw ParleyError(.synthesis, .invalidInput, "Nothing to say: the text has no words \(voice.name) can speak.")
        }
        let stop = UtteranceStop()
        current.withLock { $0 = stop }
        defer { current.withLock { if $0 === stop { $0 = nil } } }
        let made = SentenceAudio()
        // The voice makes the sentences on its queue, at most one ahead of the speaker.
        queue.async { [model = loadedVoice.model] in
            for sentence in sentences where !stop.isStopped {
                made.put(Result {
                    try model.generate(phonemes: sentence, shouldStop: { stop.isStopped })
                        .map { TimeStretch.stretch($0, sampleRate: model.sampleRate, rate: settings.rate) }
                }, unless: stop)
            }
            made.finish()
        }
        let rate = loadedVoice.model.sampleRate
        var delivered = 0
        func deliver(_ chunk: AudioChunk) -> Bool {
            guard !stop.isStopped, onChunk(chunk) else {
                stop.stop()
                return false
            }
            delivered += chunk.samples.count
            return true
        }
        if settings.pauseBefore > 0 { _ = deliver(.silence(seconds: settings.pauseBefore, sampleRate: rate)) }
        let gain = Float(settings.volume) / 100
        while !stop.isStopped, let next = made.take() {
            guard let samples = try next.get() else { break }
            let pcm = samples.map { Int16(max(-1, min(1, $0 * gain)) * Float(Int16.max)) }
            for start in stride(from: 0, to: pcm.count, by: Self.chunkFrames) {
                guard deliver(AudioChunk(samples: Array(pcm[start..<min(start + Self.chunkFrames, pcm.count)]),
                                         sampleRate: rate)) else { break }
            }
        }
        if settings.pauseAfter > 0, !stop.isStopped { _ = deliver(.silence(seconds: settings.pauseAfter, sampleRate: rate)) }
        let stoppedEarly = stop.isStopped
        stop.stop()  // the voice makes nothing more for this utterance
        return SynthesisReport(voice: voice.name, sampleCount: delivered, sampleRate: rate, stoppedEarly: stoppedEarly)
    }

    /// The phoneme symbols in a `tokens.txt` (`<symbol> <id>` a line; the symbol may be a space).
    static func symbols(in file: URL) throws -> Set<Unicode.Scalar> {
        let text: String
        do { text = try String(contentsOf: file, encoding: .utf8) } catch {
            throw ParleyError(.synthesis, .modelBroken, "\(file.path) cannot be read.", cause: .from(error))
        }
        var symbols: Set<Unicode.Scalar> = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let space = line.lastIndex(of: " "), line[line.index(after: space)...].allSatisfy(\.isNumber) else { continue }
            let symbol = line[..<space]
            if symbol.unicodeScalars.count == 1, let scalar = symbol.unicodeScalars.first { symbols.insert(scalar) }
        }
        guard !symbols.isEmpty else {
            throw ParleyError(.synthesis, .modelBroken, "\(file.path) lists no phonemes.")
        }
        return symbols
    }
}

/// A voice's model, loaded, and how its sentences are made from phonemes.
public struct LoadedVoice: Sendable {
    let model: SherpaOnnxVoiceModel
    let sentences: PhonemeSentences

    /// The rate of the audio the voice makes.
    public var sampleRate: Int { model.sampleRate }
}

/// Set once an utterance should end: by `stop()`, by the listener, or at its end.
final class UtteranceStop: Sendable {
    private let stopped = Atomic<Bool>(false)
    var isStopped: Bool { stopped.load(ordering: .relaxed) }
    func stop() { stopped.store(true, ordering: .relaxed) }
}

/// Sentences' audio from the voice's queue to the speaker, in order, at most two waiting.
final class SentenceAudio: Sendable {
    private let items = Mutex<[Result<[Float]?, any Error>?]>([])
    private let available = DispatchSemaphore(value: 0)
    /// Starts at 0 and is raised to 2: libdispatch traps when a semaphore is freed below the
    /// value it was made with, which a stopped utterance would leave behind.
    private let space = DispatchSemaphore(value: 0)

    init() {
        space.signal()
        space.signal()
    }

    /// Adds one sentence's audio (nil: stopped), waiting while two are unplayed; gives up
    /// when `stop` is set, since nobody will take it.
    func put(_ audio: Result<[Float]?, any Error>, unless stop: UtteranceStop) {
        while space.wait(timeout: .now() + .milliseconds(20)) == .timedOut {
            if stop.isStopped { return }
        }
        items.withLock { $0.append(audio) }
        available.signal()
    }

    /// Marks the end: `take` returns nil once the sentences before it are taken.
    func finish() {
        items.withLock { $0.append(nil) }
        available.signal()
    }

    /// The next sentence's audio, waiting for it; nil at the end.
    func take() -> Result<[Float]?, any Error>? {
        available.wait()
        let next = items.withLock { $0.removeFirst() }
        if next != nil { space.signal() }
        return next
    }
}
