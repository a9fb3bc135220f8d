/// Speech recognition by locale: models load once, in the background, and are shared; a
/// stream turns one speaker's audio into partial and final results.
public protocol SpeechRecognizing: Sendable {
    /// True when the model for `locale` is loaded and a stream can start at once.
    func isReady(_ locale: LocaleTag) -> Bool
    /// True while the model for `locale` is being loaded in the background.
    func isLoading(_ locale: LocaleTag) -> Bool
    /// Starts loading the model for `locale` in the background, if it is not loaded or loading.
    func prepare(_ locale: LocaleTag)
    /// Calls `body` once the model for `locale` is no longer loading (loaded, or failed to
    /// load), on the thread that ends the load; at once, on the caller's, when it is not
    /// loading. A waiter wakes on it instead of asking `isLoading` again and again.
    func whenLoaded(_ locale: LocaleTag, _ body: @escaping @Sendable () -> Void)
    /// Why no stream can be made for `locale` (no model for it), or nil when one can.
    func unavailableReason(_ locale: LocaleTag) -> ParleyError?
    /// A stream for `locale` at `sampleRate` (the device's real rate); waits for the model
    /// if it is still loading. Throws a `.recognition` error naming the fix when there is
    /// no model or no libvosk.
    func makeStream(for locale: LocaleTag, sampleRate: Int, options: RecognitionOptions) throws -> any RecognitionStream
    /// Whether the caller ends utterances itself, after a trailing silence of its own
    /// (parley's endpointer): then the recognizer's own endpoint must never end one sooner.
    /// Applies to streams made from now on; models already loaded for the other setting are
    /// dropped once their streams are.
    func setCallerEndsUtterances(_ on: Bool)
}

extension SpeechRecognizing {
    /// A recognizer without an endpoint of its own ignores the setting.
    public func setCallerEndsUtterances(_ on: Bool) {}
}

/// How much a stream reports.
public struct RecognitionOptions: Sendable, Equatable {
    /// Readings per final result (1 = only the best).
    public var maxAlternatives: Int
    /// Report the words so far while speech goes on.
    public var partials: Bool

    /// The best reading plus up to two more, with partial results.
    public static let conversation = RecognitionOptions(maxAlternatives: 3, partials: true)

    /// Creates options.
    public init(maxAlternatives: Int, partials: Bool) {
        self.maxAlternatives = max(1, maxAlternatives)
        self.partials = partials
    }
}

/// One speaker's audio becoming text. Belongs to one thread: the one that feeds it.
public protocol RecognitionStream: AnyObject {
    /// The locale of the model in use.
    var locale: LocaleTag { get }
    /// The rate the stream expects.
    var sampleRate: Int { get }
    /// Feeds mono 16-bit samples; returns a final result at an endpoint, a partial result
    /// when the words so far changed (if partials are on), or nil.
    func accept(_ samples: [Int16]) throws -> RecognitionEvent?
    /// Ends the utterance in progress and returns what it held (possibly no speech).
    func finish() throws -> RecognitionResult
    /// Ends the utterance in progress here, as the recognizer's own endpoint would, and
    /// returns what it held: unlike `finish`, what the recognizer learnt of the voice carries
    /// over to the next utterance (continuous interpretation cuts speech this way).
    func endUtterance() throws -> RecognitionResult
    /// Drops the utterance in progress (between turns, after parley spoke).
    func reset()
}

extension RecognitionStream {
    /// A recognizer with nothing to carry over ends the utterance as `finish` does.
    public func endUtterance() throws -> RecognitionResult { try finish() }

    /// The whole of `audio` heard as one reading: fed as a microphone feeds it, a tenth of a
    /// second at a time, its utterances joined (one utterance keeps its other readings); nil
    /// when nothing was said. The stream is reset before and after, so it can go on serving
    /// its side's own turns.
    public func hearAll(_ audio: AudioChunk) throws -> RecognitionResult? {
        reset()
        defer { reset() }
        var results: [RecognitionResult] = []
        let step = max(1, audio.sampleRate / 10)
        for start in stride(from: 0, to: audio.samples.count, by: step) {
            if case .final(let result)? = try accept(Array(audio.samples[start..<min(start + step, audio.samples.count)])) {
                results.append(result)
            }
        }
        results.append(try finish())
        let spoken = results.filter { !$0.isNoSpeech }
        guard !spoken.isEmpty else { return nil }
        let text = spoken.map(\.text).joined(separator: " ")
        return RecognitionResult(locale: locale.identifier, text: text,
                                 alternatives: spoken.count == 1 ? spoken[0].alternatives : [RecognitionAlternative(text: text, confidence: 1)],
                                 words: spoken.flatMap(\.words))
    }
}
