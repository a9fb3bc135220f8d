import Foundation

/// One segment of continuous speech as the recognizer heard it, timed on the stream: the
/// seconds since listening (or the recording) began.
public struct HeardSegment: Sendable, Equatable {
    /// The segment's number, from 1.
    public let number: Int
    /// What was heard; its words' times are seconds from the start of the stream.
    public let result: RecognitionResult
    /// Why the segment ended.
    public let cut: SegmentCut

    /// Segment `number`, heard as `result`, ended by `cut`.
    public init(number: Int, result: RecognitionResult, cut: SegmentCut) {
        self.number = number
        self.result = result
        self.cut = cut
    }

    /// The words.
    public var text: String { result.text }
    /// When the first word starts and the last ends (0 for a result without word times).
    public var start: Double { result.start ?? 0 }
    public var end: Double { result.end ?? start }
}

/// A segment with its translation (nil when it could not be translated: the reason was
/// reported as a problem).
public struct InterpretedSegment: Sendable, Equatable {
    /// What was heard.
    public let heard: HeardSegment
    /// Its translation.
    public let translation: Translation?

    /// `heard` translated as `translation`.
    public init(heard: HeardSegment, translation: Translation?) {
        self.heard = heard
        self.translation = translation
    }
}
