import Foundation
import ParleyKit
import Synchronization

/// One utterance a `ScriptedRecognizer` will "hear": the partial results it reports as
/// audio comes in, and the final result it reports at its endpoint.
public struct ScriptedUtterance: Sendable {
    /// Partial results, one per chunk of speech, in order.
    public var partials: [String]
    /// The final result.
    public var result: RecognitionResult
    /// Chunks of speech after which the endpoint comes (nil: only `finish` ends it).
    public var endpointAfter: Int?

    /// An utterance of `text` (with other `readings`) in `locale`, reaching its endpoint
    /// after `endpointAfter` chunks of speech, reporting one more word per chunk as partials;
    /// each word heard with `confidence`.
    public init(_ text: String, readings: [String] = [], locale: LocaleTag, endpointAfter: Int? = 3,
                confidence: Double = 1) {
        let words = text.split(separator: " ").map(String.init)
        partials = (1...max(1, words.count)).map { words.prefix($0).joined(separator: " ") }
        let alternatives = ([text] + readings).enumerated().map {
            RecognitionAlternative(text: $0.element, confidence: Double(100 - $0.offset))
        }
        result = RecognitionResult(locale: locale.identifier, text: text, alternatives: alternatives,
                                   words: words.enumerated().map {
                                       RecognizedWord(word: $0.element, start: Double($0.offset), end: Double($0.offset) + 0.5,
                                                      confidence: confidence)
                                   })
        self.endpointAfter = endpointAfter
    }
}

/// Speech recognition from a script, for tests: each locale has a list of utterances heard
/// in order. Chunks whose samples are all zero are silence and advance nothing; every other
/// chunk is a chunk of speech of the current utterance. Models "load" at once, after
/// `loadingDelay` on its clock, or never (a locale listed in `missing`).
public final class ScriptedRecognizer: SpeechRecognizing {
    private struct State {
        var script: [LocaleTag: [ScriptedUtterance]]
        /// When each model started loading, on `time`.
        var loading: [LocaleTag: Duration] = [:]
        var streamsMade = 0
        var accepted: [[Int16]] = []
        var onAccept: (@Sendable (Int) -> Void)?
    }

    private let state: Mutex<State>
    private let missing: [LocaleTag: ParleyError]
    private let loadingDelay: Duration
    private let time: any TimeSource

    /// A recognizer that will hear `script`'s utterances; locales in `missing` have no model;
    /// a model takes `loadingDelay` seconds of `time` to load.
    public init(script: [LocaleTag: [ScriptedUtterance]], missing: [LocaleTag: ParleyError] = [:], loadingDelay: Double = 0,
                time: any TimeSource = SystemTime()) {
        state = Mutex(State(script: script))
        self.missing = missing
        self.loadingDelay = .seconds(loadingDelay)
        self.time = time
    }

    /// Every chunk any stream was fed, in order.
    public var accepted: [[Int16]] { state.withLock { $0.accepted } }
    /// How many streams were made.
    public var streamsMade: Int { state.withLock { $0.streamsMade } }
    /// The utterances of `locale` not heard yet.
    public func remaining(_ locale: LocaleTag) -> Int { state.withLock { $0.script[locale]?.count ?? 0 } }

    public func isReady(_ locale: LocaleTag) -> Bool {
        guard missing[locale] == nil else { return false }
        return state.withLock { state in
            guard let started = state.loading[locale] else { return loadingDelay == .zero }
            return time.elapsed - started >= loadingDelay
        }
    }

    public func isLoading(_ locale: LocaleTag) -> Bool {
        guard missing[locale] == nil else { return false }
        return state.withLock { $0.loading[locale] != nil } && !isReady(locale)
    }

    public func unavailableReason(_ locale: LocaleTag) -> ParleyError? {
        missing[locale]
    }

    public func prepare(_ locale: LocaleTag) {
        guard missing[locale] == nil else { return }
        state.withLock { state in
            if state.loading[locale] == nil { state.loading[locale] = time.elapsed }
        }
    }

    public func whenLoaded(_ locale: LocaleTag, _ body: @escaping @Sendable () -> Void) {
        guard isLoading(locale), let started = state.withLock({ $0.loading[locale] }) else { return body() }
        let thread = Thread { [time, loadingDelay] in
            time.wait(until: started + loadingDelay, wake: nil)
            body()
        }
        thread.start()
    }

    public func makeStream(for locale: LocaleTag, sampleRate: Int, options: RecognitionOptions) throws -> any RecognitionStream {
        if let error = missing[locale] { throw error }
        prepare(locale)
        if let started = state.withLock({ $0.loading[locale] }) { time.wait(until: started + loadingDelay, wake: nil) }
        state.withLock { $0.streamsMade += 1 }
        return ScriptedStream(recognizer: self, locale: locale, sampleRate: sampleRate, partials: options.partials)
    }

    /// Calls `body` after each chunk any stream is fed, with the number fed so far (to stop
    /// work part-way at a chosen chunk). Runs on the feeding thread.
    public func onAccept(_ body: @escaping @Sendable (Int) -> Void) {
        state.withLock { $0.onAccept = body }
    }

    fileprivate func heard(_ samples: [Int16]) {
        let (count, observer) = state.withLock { state in
            state.accepted.append(samples)
            return (state.accepted.count, state.onAccept)
        }
        observer?(count)
    }

    fileprivate func current(_ locale: LocaleTag) -> ScriptedUtterance? {
        state.withLock { $0.script[locale]?.first }
    }

    fileprivate func advance(_ locale: LocaleTag) {
        state.withLock { state in
            if state.script[locale]?.isEmpty == false { state.script[locale]?.removeFirst() }
        }
    }
}

/// A stream over the script of one locale.
private final class ScriptedStream: RecognitionStream {
    let locale: LocaleTag
    let sampleRate: Int
    private let recognizer: ScriptedRecognizer
    private let partials: Bool
    private var speechChunks = 0

    init(recognizer: ScriptedRecognizer, locale: LocaleTag, sampleRate: Int, partials: Bool) {
        self.recognizer = recognizer
        self.locale = locale
        self.sampleRate = sampleRate
        self.partials = partials
    }

    func accept(_ samples: [Int16]) throws -> RecognitionEvent? {
        recognizer.heard(samples)
        guard samples.contains(where: { $0 != 0 }), let utterance = recognizer.current(locale) else { return nil }
        speechChunks += 1
        if let endpoint = utterance.endpointAfter, speechChunks >= endpoint {
            return .final(takeResult())
        }
        guard partials else { return nil }
        return .partial(utterance.partials[min(speechChunks, utterance.partials.count) - 1])
    }

    func finish() throws -> RecognitionResult {
        guard speechChunks > 0 else { return RecognitionResult(locale: locale.identifier, text: "", alternatives: [], words: []) }
        return takeResult()
    }

    func reset() {
        speechChunks = 0
    }

    private func takeResult() -> RecognitionResult {
        speechChunks = 0
        let result = recognizer.current(locale)?.result
            ?? RecognitionResult(locale: locale.identifier, text: "", alternatives: [], words: [])
        recognizer.advance(locale)
        return result
    }
}
