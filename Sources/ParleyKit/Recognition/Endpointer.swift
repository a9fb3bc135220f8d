import Foundation

/// Decides when a speaker has finished, from the audio itself and the recognizer's words,
/// sooner than Vosk's own endpoint (its model rules wait 0.5–1 s of trailing silence, plus
/// about 0.45 s of decoder lag). A 10 ms frame is speech when its energy stands clearly above
/// the noise floor: the quietest frame of the last 2.5 s (speech always dips between
/// syllables, a room's noise does not), so a fan that starts is learnt within that time.
/// The floor is kept across utterances.
/// The utterance ends once `trailingSilence` seconds have passed without speech after enough
/// speech: a quarter of a second of it, or less once the recognizer has words for it (Vosk's
/// words lag the audio by about half a second, so waiting for them would cost that much).
/// With cues (`reset(cues:)`), the silence waited for depends on what was said and how
/// (`silenceNeeded`): shorter when it sounds finished, never longer than `trailingSilence`.
public struct Endpointer: Sendable {
    /// Seconds of silence after speech that end an utterance.
    public let trailingSilence: Double
    /// The shortest and longest trailing silence that can be asked for: shorter cuts people
    /// who pause between words; longer is what Vosk's own endpoint already does.
    public static let allowedSilence = 0.3...3.0
    /// The default: short enough to answer within about half a second, long enough not to
    /// split a sentence at the pauses between words.
    public static let defaultSilence = 0.45

    /// Speech shorter than this (a click, a knock) does not start an utterance, unless the
    /// recognizer found words in it; then `minimumWordSpeech` is enough.
    static let minimumSpeech = 0.25
    static let minimumWordSpeech = 0.1
    /// Analysis frame length.
    static let frameSeconds = 0.01

    private var noise = NoiseFloor()
    private var speechSeconds = 0.0
    private var silenceSeconds = 0.0
    private var heardWords = false
    /// The language's cues (nil: the full `trailingSilence` always), and what the latest
    /// partial words say.
    private var cues: TurnCues?
    private var reading = TurnCues.Reading.unknown
    /// The latest audio up to the end of the last speech frame, for the pitch at the end of
    /// the last voiced stretch, and that pitch's contour once the pause is long enough to end
    /// a turn (made once per pause: it costs about a millisecond).
    private var recentAudio: [Int16] = []
    private var endingSpeech: [Int16] = []
    private var sampleRate = 16_000
    private var contour: PitchContour?
    private var contourKnown = false
    /// Whether the recognizer was asked for its words in the pause going on (`speculated()`).
    private var speculatedThisPause = false

    /// An endpointer ending utterances after `trailingSilence` seconds (clamped to `allowedSilence`).
    public init(trailingSilence: Double = Endpointer.defaultSilence) {
        self.trailingSilence = min(max(trailingSilence, Self.allowedSilence.lowerBound), Self.allowedSilence.upperBound)
    }

    /// Starts a new utterance, keeping what it learnt of the room's noise; with `cues` (the
    /// speaker's language's), the words and the pitch shorten the wait when it sounds finished.
    public mutating func reset(cues: TurnCues? = nil) {
        speechSeconds = 0
        silenceSeconds = 0
        heardWords = false
        self.cues = cues
        reading = .unknown
        recentAudio = []
        endingSpeech = []
        contour = nil
        contourKnown = false
        speculatedThisPause = false
    }

    /// Takes in one chunk of captured mono audio.
    public mutating func observe(_ samples: [Int16], sampleRate: Int) {
        let frame = max(1, Int(Double(sampleRate) * Self.frameSeconds))
        var start = 0
        while start < samples.count {
            let end = min(start + frame, samples.count)
            if noise.isSpeech(samples[start..<end]) {
                speechSeconds += Double(end - start) / Double(sampleRate)
                silenceSeconds = 0
                contourKnown = false
                speculatedThisPause = false
                if cues != nil { keep(samples[start..<end], sampleRate: sampleRate) }
            } else {
                if silenceSeconds == 0, cues != nil { endingSpeech = recentAudio }
                silenceSeconds += Double(end - start) / Double(sampleRate)
                if !contourKnown, silenceSeconds >= Self.shortestSilence - Self.frameSeconds / 2 {
                    contour = PitchContour.ending(endingSpeech, sampleRate: sampleRate)
                    contourKnown = true
                }
            }
            start = end
        }
    }

    /// Keeps the latest speech for its pitch: a window's worth, trimmed now and then.
    private mutating func keep(_ frame: ArraySlice<Int16>, sampleRate: Int) {
        if sampleRate != self.sampleRate { recentAudio = [] }
        self.sampleRate = sampleRate
        recentAudio += frame
        let window = Int(PitchContour.window * Double(sampleRate))
        if recentAudio.count > 2 * window { recentAudio.removeFirst(recentAudio.count - window) }
    }

    /// Tells the endpointer the recognizer's words for the utterance so far (its latest
    /// partial result, or the words it finished at this pause): with any, even a short word
    /// ends an utterance, and the cues read them. `lastWordConfidence` is how sure the
    /// recognizer is of the last word (final words have one, partial words do not): a
    /// finished form it is unsure of counts for nothing (`confidentWord`).
    public mutating func recognizerHeard(_ words: String, lastWordConfidence: Double? = nil) {
        heardWords = !words.isEmpty
        reading = cues?.reading(of: words) ?? .unknown
        if reading == .finished, let confidence = lastWordConfidence, confidence < Self.confidentWord { reading = .unknown }
    }

    /// The silence that ends the utterance now: `trailingSilence`, or less when the cues say
    /// it sounds finished.
    public var requiredSilence: Double {
        guard cues != nil else { return trailingSilence }
        return Self.silenceNeeded(ceiling: trailingSilence, reading: reading, contour: contourKnown ? contour : nil)
    }

    /// True when the utterance has ended: enough speech, then enough silence.
    public var isEndpoint: Bool {
        speechSeconds >= (heardWords ? Self.minimumWordSpeech : Self.minimumSpeech) && silenceSeconds >= requiredSilence
    }

    /// The silence after which the words so far are worth finishing ahead of the decision
    /// (`shouldSpeculate`): early enough that the recognizer's final result (30–300 ms of
    /// decoding on a loaded machine) is known by `shortestSilence` or soon after, late enough
    /// that the gaps inside and between words (under 0.1 s) do not call for it.
    public static let speculationSilence = 0.15

    /// True once per pause, when the speech so far could make a turn and the pause has lasted
    /// `speculationSilence`: the caller finishes the recognizer's utterance here, so the turn's
    /// words (and their translation) are known before the decision, and reads the cues on them
    /// (`recognizerHeard`). Call `speculated()` after.
    public var shouldSpeculate: Bool {
        !speculatedThisPause && silenceSeconds >= Self.speculationSilence
            && speechSeconds >= (heardWords ? Self.minimumWordSpeech : Self.minimumSpeech)
    }

    /// The caller has taken the words of this pause; the next pause may call for them again.
    public mutating func speculated() {
        speculatedThisPause = true
    }

}
