import Foundation

/// A recognition stream cut into segments: audio goes to the recognizer as it comes, and
/// where the `SpeechSegmenter` finds the end of a segment (a pause, a clause boundary in
/// long speech, the longest allowed) the recognizer's utterance is ended there. The
/// recognizer's own endpoint ends a segment too. Used alike for recordings (fed as fast as
/// they are read) and for the microphone.
///
/// A cut ends the utterance as the recognizer's own endpoint does (`endUtterance`: Vosk
/// keeps what it learnt of the voice; after `finish`, the short segments that followed were
/// misheard: "얼마 예요" as "어우러 예요"). The recognizer decodes about half a second behind
/// the audio (its network looks ahead), so before a cut it is fed `flushSeconds` of the
/// room's quiet, and decodes the last word whole; the words' times are given without that
/// padding, in seconds of the input.
///
/// Belongs to one thread, as its stream does.
public final class SegmentingRecognizer {
    /// What feeding audio gave.
    public enum Event: Sendable, Equatable {
        /// The words so far of the segment in progress.
        case partial(String)
        /// A segment ended.
        case segment(HeardSegment)
    }

    /// The recognition stream (Vosk times words from the stream's start, across utterances).
    public let stream: any RecognitionStream
    /// Seconds of quiet fed before a cut; without it a cut split the last word ("예요" heard
    /// as "예요" and, in the next segment, a lone "예").
    public var flushSeconds = 0.5
    private var segmenter: SpeechSegmenter
    private var numbered = 0
    /// Samples of the input fed so far, and of padding: the recognizer's clock runs ahead
    /// of the input's by the padding.
    public private(set) var samplesFed = 0
    private var samplesPadded = 0
    /// Seconds of input that were never fed (the microphone dropped them while parley spoke):
    /// the input's clock runs ahead of the recognizer's by this much.
    private var secondsSkipped = 0.0
    /// The quietest 10 ms of recent input, which the padding repeats: the recognizer hears
    /// the room's own quiet (it heard digital silence and a constant −1 differently).
    private var quiet: (frame: [Int16], level: Double, at: Int)?

    /// Segments of `stream`, cut as `segmenter` says.
    public init(stream: any RecognitionStream, segmenter: SpeechSegmenter) {
        self.stream = stream
        self.segmenter = segmenter
    }

    /// Seconds of input so far (fed, or skipped): where the stream stands.
    public var secondsFed: Double { Double(samplesFed) / Double(stream.sampleRate) + secondsSkipped }

    /// Counts `seconds` of input that will never be fed (the microphone dropped them), so the
    /// words after them are timed on the input's clock. Call between segments.
    public func skip(seconds: Double) {
        secondsSkipped += max(0, seconds)
    }

    /// True while speech was heard since the last segment ended.
    public var inSegment: Bool { segmenter.inSegment }

    /// Feeds `samples` (mono, at the stream's rate); returns the partial words and the
    /// segments that ended in them, in order.
    public func accept(_ samples: [Int16]) throws -> [Event] {
        var events: [Event] = []
        var rest = samples[...]
        while !rest.isEmpty {
            guard let (at, reason) = segmenter.cut(in: rest, sampleRate: stream.sampleRate) else {
                try feed(rest, into: &events)
                break
            }
            try feed(rest[..<at], into: &events)
            if let segment = try endUtterance(reason) { events.append(.segment(segment)) }
            rest = rest[at...]
        }
        return events
    }

    /// Ends the segment in progress: at the end of the input (`.end`: the recognizer decodes
    /// what it still holds), or before parley speaks in the same room (`.voice`); nil when
    /// it held no words.
    public func finish(_ reason: SegmentCut = .end) throws -> HeardSegment? {
        try endUtterance(reason)
    }

    private func feed(_ piece: ArraySlice<Int16>, into events: inout [Event]) throws {
        guard !piece.isEmpty else { return }
        rememberQuiet(in: piece)
        samplesFed += piece.count
        switch try stream.accept(Array(piece)) {
        case .partial(let words)?:
            segmenter.heard(words)
            events.append(.partial(words))
        case .final(let result)?:
            segmenter.startNext()
            if let segment = numbered(result, .recognizer, padding: samplesPadded) { events.append(.segment(segment)) }
        case nil:
            break
        }
    }

    private func endUtterance(_ reason: SegmentCut) throws -> HeardSegment? {
        segmenter.startNext()
        let paddingBefore = samplesPadded
        guard reason != .end else { return numbered(try stream.finish(), reason, padding: paddingBefore) }
        let count = Int(flushSeconds * Double(stream.sampleRate))
        if count > 0 {
            let frame = quiet?.frame ?? [Int16](repeating: 0, count: max(1, stream.sampleRate / 100))
            var padding: [Int16] = []
            padding.reserveCapacity(count + frame.count)
            while padding.count < count { padding += frame }
            samplesPadded += padding.count
            // The recognizer's own endpoint may come in the quiet: then that is the segment.
            if case .final(let result)? = try stream.accept(padding) {
                return numbered(result, reason, padding: paddingBefore)
            }
        }
        return numbered(try stream.endUtterance(), reason, padding: paddingBefore)
    }

    /// `result` as segment number next, its words' times moved back by `padding` samples.
    private func numbered(_ result: RecognitionResult, _ reason: SegmentCut, padding: Int) -> HeardSegment? {
        guard !result.isNoSpeech else { return nil }
        numbered += 1
        let shift = Double(padding) / Double(stream.sampleRate) - secondsSkipped
        let words = result.words.map {
            RecognizedWord(word: $0.word, start: max(0, $0.start - shift), end: max(0, $0.end - shift), confidence: $0.confidence)
        }
        return HeardSegment(number: numbered, result: RecognitionResult(locale: result.locale, text: result.text,
                                                                         alternatives: result.alternatives, words: words),
                            cut: reason)
    }

    /// Keeps the quietest 10 ms frame of `piece` when it is quieter than the one kept, or
    /// that one is older than the 2.5 s the segmenter's noise floor looks back.
    private func rememberQuiet(in piece: ArraySlice<Int16>) {
        let length = max(1, stream.sampleRate / 100)
        var start = piece.startIndex
        while start + length <= piece.endIndex {
            let frame = piece[start..<(start + length)]
            let level = NoiseFloor.decibels(frame)
            let position = samplesFed + (start - piece.startIndex)
            if quiet == nil || level <= quiet!.level || position - quiet!.at > stream.sampleRate * 5 / 2 {
                quiet = (Array(frame), level, position)
            }
            start += length
        }
    }
}
