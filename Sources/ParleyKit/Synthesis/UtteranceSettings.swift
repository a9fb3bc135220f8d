/// How an utterance is spoken: speed, pitch, loudness and the pauses around it.
public struct UtteranceSettings: Sendable, Equatable {
    /// Speed as a multiple of normal (0.5…3.0). 1.0 is espeak-ng's 175 words per minute;
    /// the rate in words per minute is `175 × rate`, so 0.5× = 88 wpm and 3× = 525 wpm
    /// (espeak-ng speeds up beyond its 450 wpm voice rate with libsonic).
    public var rate: Double
    /// Base pitch, 0…100 (50 is the voice's normal).
    public var pitch: Int
    /// Loudness in percent, 0…200 (100 is normal).
    public var volume: Int
    /// Silence before the speech, in seconds.
    public var pauseBefore: Double
    /// Silence after the speech, in seconds.
    public var pauseAfter: Double

    /// espeak-ng's defaults: normal speed, pitch and volume, no pauses.
    public static let standard = UtteranceSettings(rate: 1, pitch: 50, volume: 100, pauseBefore: 0, pauseAfter: 0)

    /// The allowed range of each setting, for validation and messages.
    public static let rateRange = 0.5...3.0
    public static let pitchRange = 0...100
    public static let volumeRange = 0...200
    public static let pauseRange = 0.0...10.0

    /// Settings as given; `validated()` checks them.
    public init(rate: Double, pitch: Int, volume: Int, pauseBefore: Double, pauseAfter: Double) {
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
        self.pauseBefore = pauseBefore
        self.pauseAfter = pauseAfter
    }

    /// Throws a `.synthesis` error naming the allowed range of the first value outside it.
    public func validated() throws -> UtteranceSettings {
        func check(_ ok: Bool, _ message: String) throws {
            if !ok { throw ParleyError(.synthesis, .invalidInput, message) }
        }
        try check(Self.rateRange.contains(rate), "Rate \(rate) is out of range: use 0.5 to 3 (1 is normal speed).")
        try check(Self.pitchRange.contains(pitch), "Pitch \(pitch) is out of range: use 0 to 100 (50 is normal).")
        try check(Self.volumeRange.contains(volume), "Volume \(volume) is out of range: use 0 to 200 (100 is normal).")
        try check(Self.pauseRange.contains(pauseBefore) && Self.pauseRange.contains(pauseAfter),
                  "Pauses are in seconds, 0 to 10.")
        return self
    }

    /// Throws the `.synthesis` error every synthesizer gives for text with nothing to say.
    public static func requireWords(in text: String) throws {
        guard text.contains(where: { $0.isLetter || $0.isNumber }) else {
            throw ParleyError(.synthesis, .invalidInput, "Nothing to say: the text has no words.")
        }
    }

    /// espeak-ng's rate for this speed, in words per minute.
    public var wordsPerMinute: Int { Int((175 * rate).rounded()) }
}
