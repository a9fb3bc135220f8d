import ParleyKit

/// How each locale is spoken in this conversation: the config file's settings, with what
/// `:voice` and `:rate` changed on top.
struct SpeechSettingsBook {
    private let preferences: SpeechPreferences
    private var voiceOverrides: [LocaleTag: VoiceRequest] = [:]
    private var rateOverrides: [LocaleTag: Double] = [:]

    init(config: ConfigFile) {
        preferences = SpeechPreferences(config: config)
    }

    var preferredLocales: PreferredLocales { preferences.config.preferredLocales }

    func voice(for locale: LocaleTag) throws -> VoiceRequest {
        try voiceOverrides[locale] ?? preferences.voice(for: locale)
    }

    func settings(for locale: LocaleTag) throws -> UtteranceSettings {
        var settings = try preferences.settings(for: locale)
        if let rate = rateOverrides[locale] { settings.rate = rate }
        return settings
    }

    mutating func setVoice(_ request: VoiceRequest) {
        voiceOverrides[request.locale] = request
    }

    mutating func setRate(_ rate: Double, for locale: LocaleTag) throws {
        var check = UtteranceSettings.standard
        check.rate = rate
        _ = try check.validated()
        rateOverrides[locale] = rate
    }
}
