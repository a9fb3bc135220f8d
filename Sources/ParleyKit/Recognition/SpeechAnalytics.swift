import Foundation

/// How a stretch of speech was said, beside what was said: what Apple's recognizer reports
/// per segment (speaking rate, average pause, voice analytics), computed from the words'
/// times and the audio parley already has.
public struct SpeechAnalytics: Sendable, Equatable, Codable {
    /// Words per minute, from the first word's start to the last word's end.
    public let speakingRate: Double
    /// The mean silence between consecutive words, in seconds (0 for one word).
    public let averagePause: Double
    /// How the voice sounded; nil when the audio was not at hand.
    public let voice: VoiceAnalytics?

    /// Analytics with these values.
    public init(speakingRate: Double, averagePause: Double, voice: VoiceAnalytics?) {
        self.speakingRate = speakingRate
        self.averagePause = averagePause
        self.voice = voice
    }

    /// The pace of `words` and, with `audio` (mono samples at `sampleRate` covering the
    /// words, or the whole utterance), the voice; nil without words.
    public init?(words: [RecognizedWord], audio: [Int16]? = nil, sampleRate: Int = 16_000) {
        guard let first = words.first, let last = words.last else { return nil }
        let span = max(last.end - first.start, 0.01)
        let gaps = zip(words, words.dropFirst()).map { max(0, $1.start - $0.end) }
        speakingRate = Self.rounded(Double(words.count) / span * 60, places: 1)
        averagePause = gaps.isEmpty ? 0 : Self.rounded(gaps.reduce(0, +) / Double(gaps.count), places: 3)
        voice = audio.flatMap { VoiceAnalysis.analyse($0, sampleRate: sampleRate) }
    }

    /// Several segments as one (a turn from a recording that held more than one): their
    /// rates and pauses weighted by how many words each had, their voices by how long.
    public static func combined(_ parts: [(analytics: SpeechAnalytics, words: Int, seconds: Double)]) -> SpeechAnalytics? {
        guard parts.count > 1 else { return parts.first?.analytics }
        let words = Double(max(1, parts.map(\.words).reduce(0, +)))
        let rate = parts.map { $0.analytics.speakingRate * Double($0.words) }.reduce(0, +) / words
        let pause = parts.map { $0.analytics.averagePause * Double($0.words) }.reduce(0, +) / words
        let voices = parts.compactMap { part in part.analytics.voice.map { (voice: $0, seconds: part.seconds) } }
        return SpeechAnalytics(speakingRate: rounded(rate, places: 1), averagePause: rounded(pause, places: 3),
                               voice: VoiceAnalytics.combined(voices))
    }

    static func rounded(_ value: Double, places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }
}

/// How the voice sounded over a stretch of speech, from its audio.
public struct VoiceAnalytics: Sendable, Equatable, Codable {
    /// The median pitch of the voiced parts, in hertz; nil when nothing was voiced.
    public let pitch: Double?
    /// Local jitter, in percent: how much each pitch period differs from the next, relative
    /// to the mean period (a steady voice: under about 1%); nil when nothing was voiced.
    public let jitter: Double?
    /// Local shimmer, in percent: how much each period's peak amplitude differs from the
    /// next, relative to the mean (a steady voice: a few percent); nil when nothing was voiced.
    public let shimmer: Double?
    /// The share of the speech (10 ms frames above the noise) that is voiced, 0–1.
    public let voicing: Double

    /// Voice measures with these values.
    public init(pitch: Double?, jitter: Double?, shimmer: Double?, voicing: Double) {
        self.pitch = pitch
        self.jitter = jitter
        self.shimmer = shimmer
        self.voicing = voicing
    }

    /// Several stretches as one, each weighted by its length in seconds.
    static func combined(_ parts: [(voice: VoiceAnalytics, seconds: Double)]) -> VoiceAnalytics? {
        guard parts.count > 1 else { return parts.first?.voice }
        func mean(_ value: (VoiceAnalytics) -> Double?) -> Double? {
            let weighted = parts.compactMap { part in value(part.voice).map { ($0, part.seconds) } }
            let total = weighted.map(\.1).reduce(0, +)
            guard total > 0 else { return nil }
            return weighted.map { $0.0 * $0.1 }.reduce(0, +) / total
        }
        return VoiceAnalytics(pitch: mean(\.pitch).map { SpeechAnalytics.rounded($0, places: 1) },
                              jitter: mean(\.jitter).map { SpeechAnalytics.rounded($0, places: 2) },
                              shimmer: mean(\.shimmer).map { SpeechAnalytics.rounded($0, places: 2) },
                              voicing: SpeechAnalytics.rounded(mean(\.voicing) ?? 0, places: 2))
    }
}
