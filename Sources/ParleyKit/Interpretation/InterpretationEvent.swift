import Foundation

/// What interpretation reports while it works, for a front end to show: the words as they
/// are heard, each segment's final words with its translation under it, what the voice says
/// or skips, and what went wrong. Events of live interpretation come from its threads (the
/// listening one and the translating one); a front end serialises its output.
public enum InterpretationEvent: Sendable, Equatable {
    /// Listening has begun in the locale.
    case listening(LocaleTag)
    /// The words so far of the segment in progress.
    case partial(LocaleTag, String)
    /// A segment's final words (shown before its translation).
    case heard(HeardSegment)
    /// Segment `number`'s translation, already journaled.
    case translated(number: Int, Translation)
    /// The voice began to say segment `number`'s translation.
    case speaking(number: Int)
    /// The voice fell behind by more than the setting: the translations of `segments` were
    /// skipped to say the newest; the oldest waited `behind` seconds.
    case skipped(segments: [Int], behind: Double)
    /// A condition for the person (said once): what the voice does to listening, the end of
    /// an input, what a setting was taken as.
    case notice(String)
    /// Something failed; interpretation goes on where it can.
    case problem(ParleyError)
    /// Interpretation ended: `segments` were heard in `seconds` of audio.
    case ended(segments: Int, seconds: Double)
}
