/// What a voice is asked for: a locale, optionally a gender or a voice by name.
public struct VoiceRequest: Sendable, Hashable {
    /// The locale to speak.
    public var locale: LocaleTag
    /// Female or male, through espeak-ng's variants; nil keeps the voice's own.
    public var gender: VoiceGender?
    /// An espeak-ng voice by identifier or name (`gmw/en-US`, `English_(America)`), with an
    /// optional variant (`gmw/en-US+f2`); overrides the locale's choice.
    public var name: String?

    /// A request for `locale`.
    public init(locale: LocaleTag, gender: VoiceGender? = nil, name: String? = nil) {
        self.locale = locale
        self.gender = gender
        self.name = name
    }
}

/// How the synthesis of one utterance went.
public struct SynthesisReport: Sendable, Equatable {
    /// The voice used, with its variant (`gmw/en-US+f3`).
    public let voice: String
    /// Samples handed on, including pauses.
    public let sampleCount: Int
    /// The output rate.
    public let sampleRate: Int
    /// True when the utterance was stopped before its end.
    public let stoppedEarly: Bool

    /// A report of `sampleCount` samples at `sampleRate` spoken with `voice`.
    public init(voice: String, sampleCount: Int, sampleRate: Int, stoppedEarly: Bool) {
        self.voice = voice
        self.sampleCount = sampleCount
        self.sampleRate = sampleRate
        self.stoppedEarly = stoppedEarly
    }

    /// Seconds of audio produced.
    public var duration: Double { Double(sampleCount) / Double(sampleRate) }
}

/// Turns text into speech, handing audio on in chunks as it is produced so playback can
/// start before the sentence is finished.
public protocol SpeechSynthesizing: Sendable {
    /// Speaks `text` with the voice chosen for `voice` and `settings`, calling `onChunk` with
    /// each piece of audio as it is made; `onChunk` returns false to stop early. Empty text
    /// speaks nothing and throws a `.synthesis` error that says so.
    func synthesize(_ text: String, voice: VoiceRequest, settings: UtteranceSettings,
                    onChunk: (AudioChunk) -> Bool) throws -> SynthesisReport

    /// Stops the utterance in progress, from any thread.
    func stop()

    /// The voice `request` resolves to (`gmw/en-US+f3`), without speaking; throws a
    /// `.synthesis` error naming what exists when nothing fits.
    func voice(for request: VoiceRequest) throws -> String

    /// Gets `requests`' voices ready (chosen and loaded), so the first utterance in each does
    /// not pay for it; a request that cannot be met is skipped (speaking it says why).
    func warmUp(_ requests: [VoiceRequest])
}

extension SpeechSynthesizing {
    /// Synthesizers with nothing to load have nothing to warm up.
    public func warmUp(_ requests: [VoiceRequest]) {}
}

extension SpeechSynthesizing {
    /// Synthesises `text` whole, into one chunk (for `--wav` and tests).
    public func synthesizeAll(_ text: String, voice: VoiceRequest, settings: UtteranceSettings = .standard)
        throws -> (audio: AudioChunk, report: SynthesisReport) {
        var samples: [Int16] = []
        var rate = 22_050
        let report = try synthesize(text, voice: voice, settings: settings) { chunk in
            samples += chunk.samples
            rate = chunk.sampleRate
            return true
        }
        return (AudioChunk(samples: samples, sampleRate: rate), report)
    }
}
