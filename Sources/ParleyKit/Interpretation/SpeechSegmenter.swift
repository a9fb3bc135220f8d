import Foundation

/// Why a segment of continuous speech ended.
public enum SegmentCut: String, Sendable, Equatable, Codable {
    /// The speaker paused for `SegmentationSettings.pause` or longer.
    case pause
    /// A long segment was cut at a short pause between clauses.
    case clause
    /// The speech went on without a pause for `SegmentationSettings.longestSegment`.
    case limit
    /// The recognizer found an endpoint of its own.
    case recognizer
    /// parley's voice began to speak in the microphone's room (which then hears nothing).
    case voice
    /// The recording ended, or listening was stopped.
    case end
}

/// How continuous speech is cut into segments for interpretation.
public struct SegmentationSettings: Sendable, Equatable {
    /// The most speech, in seconds, a segment holds before it is cut (a subtitle never waits
    /// longer for its sentence to end).
    public var longestSegment: Double
    /// Seconds of silence that end a segment whatever its length.
    public var pause: Double

    /// The range `longestSegment` may be set in: shorter cuts most clauses in two, longer makes
    /// a subtitle no one can read in the time it is shown.
    public static let allowedLongest = 2.0...15.0
    /// The range `pause` may be set in (as `Endpointer.allowedSilence`).
    public static let allowedPause = Endpointer.allowedSilence
    /// About two lines of subtitle at a normal speaking rate.
    public static let defaultLongest = 6.0
    /// Longer than the pauses between words, short enough that a subtitle follows the speaker.
    public static let defaultPause = 0.5

    /// Settings clamped to their allowed ranges.
    public init(longestSegment: Double = SegmentationSettings.defaultLongest,
                pause: Double = SegmentationSettings.defaultPause) {
        self.longestSegment = min(max(longestSegment, Self.allowedLongest.lowerBound), Self.allowedLongest.upperBound)
        self.pause = min(max(pause, Self.allowedPause.lowerBound), Self.allowedPause.upperBound)
    }
}

/// Decides where continuous speech is cut into segments, from the pause structure of the
/// audio and the recognizer's words: at a pause of `settings.pause`; once a segment holds
/// half the longest allowed, at the next short pause between clauses (shorter still after
/// words that end a sentence, longer after words that cannot end a clause, such as "the");
/// in its last second, at any dip; and at the longest, wherever the speech stands.
///
/// A 10 ms frame is speech when it stands clearly above the noise floor (the quietest frame
/// of the last 2.5 s, as `Endpointer` measures it). The segmenter only reads audio: the
/// caller feeds the recognizer and ends its utterance where the segmenter says.
public struct SpeechSegmenter: Sendable {
    /// The settings it cuts by.
    public let settings: SegmentationSettings
    /// A clause pause: a breath between clauses is 0.15–0.3 s; between words, less.
    static let clausePause = 0.15
    /// After words that end a sentence, a shorter pause is enough.
    static let finishedClausePause = 0.1
    /// After words that cannot end one (an article, "and" before its clause), a longer one.
    static let unfinishedClausePause = 0.3
    /// In the last second before the limit, any dip between syllables this long will do.
    static let dip = 0.05
    /// Speech needed before a pause ends a segment (a click is not a segment).
    static let minimumSpeech = 0.25

    private let cues: TurnCues?
    private var noise = NoiseFloor()
    /// Seconds since the segment's first speech frame (nil: no speech since the last cut).
    private var length: Double?
    private var speech = 0.0
    private var silence = 0.0
    private var reading = TurnCues.Reading.unknown

    /// A segmenter by `settings`, reading the recognizer's words with `cues` (the speaker's
    /// language's; nil: the pauses alone decide).
    public init(settings: SegmentationSettings = SegmentationSettings(), cues: TurnCues? = nil) {
        self.settings = settings
        self.cues = cues
    }

    /// True while a segment is in progress (speech was heard since the last cut).
    public var inSegment: Bool { length != nil }

    /// Seconds since the current segment's speech began (0 between segments).
    public var segmentLength: Double { length ?? 0 }

    /// The recognizer's words so far for the current segment (its latest partial result).
    public mutating func heard(_ words: String) {
        reading = cues?.reading(of: words) ?? .unknown
    }

    /// Reads `samples` frame by frame up to the first cut; returns where the segment ends in
    /// them (the index of the first sample after it) and why, or nil when none ended. The
    /// samples after the cut have not been read: pass them again, after `startNext()`.
    public mutating func cut(in samples: ArraySlice<Int16>, sampleRate: Int) -> (at: Int, reason: SegmentCut)? {
        let frame = max(1, Int(Double(sampleRate) * Endpointer.frameSeconds))
        var start = samples.startIndex
        while start < samples.endIndex {
            let end = min(start + frame, samples.endIndex)
            let seconds = Double(end - start) / Double(sampleRate)
            if noise.isSpeech(samples[start..<end]) {
                if length == nil { length = 0 }
                speech += seconds
                silence = 0
            } else if length != nil {
                silence += seconds
            }
            if let current = length {
                length = current + seconds
                if let reason = decision() { return (end, reason) }
                // A click or a knock, then quiet: no segment began.
                if speech < Self.minimumSpeech, silence >= settings.pause { startNext() }
            }
            start = end
        }
        return nil
    }

    /// What ends the segment now, if anything.
    private func decision() -> SegmentCut? {
        guard let length else { return nil }
        if length >= settings.longestSegment { return .limit }
        guard speech >= Self.minimumSpeech else { return nil }
        if silence >= settings.pause { return .pause }
        if length >= settings.longestSegment - 1, silence >= Self.dip { return .clause }
        if length >= settings.longestSegment / 2, silence >= clausePause { return .clause }
        return nil
    }

    /// The pause that cuts a long segment after the words heard so far.
    private var clausePause: Double {
        switch reading {
        case .finished: Self.finishedClausePause
        case .unfinished: Self.unfinishedClausePause
        case .unknown: Self.clausePause
        }
    }

    /// Starts the next segment, keeping what was learnt of the room's noise.
    public mutating func startNext() {
        length = nil
        speech = 0
        silence = 0
        reading = .unknown
    }
}
