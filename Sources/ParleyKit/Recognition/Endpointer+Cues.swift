import Foundation

extension Endpointer {
    /// The shortest silence that ends a turn however finished it sounds: people answer after
    /// about 200 ms, and a pause between words is rarely shorter.
    public static let shortestSilence = 0.2

    /// The share of the wait (between `shortestSilence` and the ceiling) each cue that the
    /// utterance is finished takes away. A falling voice alone also ends a clause before
    /// "and": in the endpoint benchmark it cut two of twelve Korean sentences at a pause
    /// shorter than the setting (a part said on its own falls like a sentence). Once the
    /// words were the recognizer's final ones (read 0.15 s into the pause, not its partial
    /// words ~0.45 s late), finished words with a falling voice, at the floor, cut an English
    /// clause at a 0.26 s comma ("…with milk," heard by the Korean model as ending in -요),
    /// and bought nothing on the Korean phrases (espeak-ng's Korean ends level in all 15):
    /// the voice takes nothing away until a recording shows where it helps.
    static let wordsShare = 0.6
    static let fallingShare = 0.0

    /// The confidence the last word needs for its finished form to count. The small Korean
    /// model hears the first half of a sentence as a finished one when it cannot tell the
    /// words: "병원이" said alone was "었다" at 0.34 and "이거" was "이 다" at 0.48, while the
    /// finished endings of 15 espeak-ng phrases were heard at 0.33–1 (11 of 15 at 0.64 or
    /// more). An unsure ending then waits the full setting, as unknown words do. With
    /// alternatives on (a conversation's default, for `:alt`), Vosk gives no word confidence and
    /// the reading's share of the n-best stands in: it does not separate (0.40–0.58 for the
    /// misheard half, 0.36–0.68 for finished endings), so little reads finished then.
    public static let confidentWord = 0.6

    /// The silence that ends an utterance whose latest words read `reading` and whose voice
    /// went `contour` at the end (nil: not known yet, or unvoiced), at most `ceiling` (the
    /// user's setting) and at least `shortestSilence`.
    /// - Words that cannot end a sentence, or a hesitation: the full ceiling.
    /// - Words that say neither: the full ceiling, however the voice went.
    /// - Finished words: shorter by their share; a falling voice by its own (none for now,
    ///   see `fallingShare`; a question rises, and says so in its words: a rising voice
    ///   takes nothing away).
    public static func silenceNeeded(ceiling: Double, reading: TurnCues.Reading, contour: PitchContour?) -> Double {
        guard reading == .finished else { return ceiling }
        let finished = wordsShare + (contour == .falling ? fallingShare : 0)
        guard finished < 1 else { return shortestSilence }
        return max(shortestSilence, ceiling - (ceiling - shortestSilence) * finished)
    }
}
