import Foundation

extension Endpointer {
    /// The shortest silence that ends a turn however finished it sounds: people answer after
    /// about 200 ms, and a pause between words is rarely shorter.
    public static let shortestSilence = 0.2

    /// The share of the wait (between `shortestSilence` and the ceiling) each cue that the
    /// utterance is finished takes away: the words are the surer cue (a falling voice also
    /// ends a clause before "and"), so both together reach the floor.
    static let wordsShare = 0.6
    static let fallingShare = 0.4

    /// The silence that ends an utterance whose latest words read `reading` and whose voice
    /// went `contour` at the end (nil: not known yet, or unvoiced), at most `ceiling` (the
    /// user's setting) and at least `shortestSilence`.
    /// - Words that cannot end a sentence, or a hesitation: the full ceiling.
    /// - A level or rising voice: the full ceiling, unless the words end a sentence (a
    ///   question rises, and says so in its words).
    /// - Finished words, a falling voice: each shortens the wait by its share.
    public static func silenceNeeded(ceiling: Double, reading: TurnCues.Reading, contour: PitchContour?) -> Double {
        guard reading != .unfinished else { return ceiling }
        var finished = reading == .finished ? wordsShare : 0
        switch contour {
        case .falling?: finished += fallingShare
        case .level?, .rising?: if reading != .finished { return ceiling }
        case nil: break
        }
        guard finished < 1 else { return shortestSilence }
        return max(shortestSilence, ceiling - (ceiling - shortestSilence) * finished)
    }
}
