import Foundation

/// Interprets a WAV recording of any length, faster than real time. It is heard exactly as
/// `parley transcribe` hears it (`FileTranscriber`: read a piece at a time, memory flat, the
/// recognizer's own endpoint ends each utterance), so the subtitles hold the words the
/// transcript holds; an utterance longer than a subtitle may last is cut at clause
/// boundaries in its words (`WordSplitter`). Each segment is translated as soon as its
/// utterance ends, and timed by its words, in seconds from the start of the recording.
///
/// (Live interpretation cuts speech as it is heard instead, `SegmentingRecognizer`: it
/// cannot wait for a long utterance to end.)
public struct FileInterpretation {
    /// The recognition to use.
    public let recognition: any SpeechRecognizing
    /// The longest segment, in seconds.
    public var longestSegment: Double

    /// An interpretation over `recognition`, cutting utterances longer than `longestSegment`.
    public init(recognition: any SpeechRecognizing, longestSegment: Double = SegmentationSettings.defaultLongest) {
        self.recognition = recognition
        self.longestSegment = longestSegment
    }

    /// Interprets `file` (spoken in `interpreter.source`), handing each segment to
    /// `interpreter` as its utterance ends; returns the segments and the recording's length
    /// in seconds. `name`, `onNotice`, `onProgress` and `shouldStop` are `FileTranscriber`'s:
    /// the same errors, notices and limits.
    public func interpret(_ file: URL, named name: String? = nil, with interpreter: SegmentInterpreter,
                          onNotice: (String) -> Void = { _ in }, onProgress: (Double) -> Void = { _ in },
                          shouldStop: () -> Bool = { false }) throws -> (segments: [InterpretedSegment], duration: Double) {
        let splitter = WordSplitter(longest: longestSegment, cues: TurnCues(pack: interpreter.packs.pack(interpreter.source.language)))
        var segments: [InterpretedSegment] = []
        let (_, duration) = try FileTranscriber(recognition: recognition).transcribe(
            file, named: name, locale: interpreter.source, onNotice: onNotice, onSegment: { utterance in
                for heard in Self.segments(of: utterance.result, numberedFrom: segments.count + 1, splitter: splitter) {
                    segments.append(interpreter.interpret(heard))
                }
            }, onProgress: onProgress, shouldStop: shouldStop)
        return (segments, duration)
    }

    /// `result` as segments numbered from `first`: whole when it fits, else cut by `splitter`.
    static func segments(of result: RecognitionResult, numberedFrom first: Int, splitter: WordSplitter) -> [HeardSegment] {
        let pieces = splitter.pieces(result.words)
        guard pieces.count > 1 else { return [HeardSegment(number: first, result: result, cut: .recognizer)] }
        return pieces.enumerated().map { index, words in
            let text = words.map(\.word).joined(separator: " ")
            let piece = RecognitionResult(locale: result.locale, text: text,
                                          alternatives: [RecognitionAlternative(text: text, confidence: Self.meanConfidence(words))],
                                          words: words)
            return HeardSegment(number: first + index, result: piece, cut: index == pieces.count - 1 ? .recognizer : .clause)
        }
    }

    /// The mean of the words' confidences (1 when none has one).
    private static func meanConfidence(_ words: [RecognizedWord]) -> Double {
        let known = words.compactMap(\.confidence)
        return known.isEmpty ? 1 : known.reduce(0, +) / Double(known.count)
    }
}
