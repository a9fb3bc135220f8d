/// How each locale is spoken in one conversation: the config file's settings, with what
/// the person changed during the conversation (`:voice`, `:rate`) on top.
public struct VoiceSettings: Sendable {
    private let preferences: SpeechPreferences
    private var voiceOverrides: [LocaleTag: VoiceRequest] = [:]
    private var rateOverrides: [LocaleTag: Double] = [:]

    /// Settings from `config`.
    public init(config: ConfigFile = ConfigFile()) {
        preferences = SpeechPreferences(config: config)
    }

    /// The voice asked for `locale`: the person's choice, else the config's.
    public func voice(for locale: LocaleTag) -> VoiceRequest {
        voiceOverrides[locale] ?? preferences.voice(for: locale)
    }

    /// How `locale` is spoken: the config's settings with the person's rate.
    public func settings(for locale: LocaleTag) -> UtteranceSettings {
        var settings = preferences.settings(for: locale)
        if let rate = rateOverrides[locale] { settings.rate = rate }
        return settings
    }

    /// Speaks `request.locale` with `request` from now on.
    public mutating func setVoice(_ request: VoiceRequest) {
        voiceOverrides[request.locale] = request
    }

    /// Speaks `locale` at `rate` from now on; throws when the rate is out of range.
    public mutating func setRate(_ rate: Double, for locale: LocaleTag) throws {
        var check = UtteranceSettings.standard
        check.rate = rate
        _ = try check.validated()
        rateOverrides[locale] = rate
    }
}
