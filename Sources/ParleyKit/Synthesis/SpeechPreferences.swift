/// How one language is spoken according to the config file: its voice request and utterance
/// settings, with the built-in defaults underneath. A locale's own section (`[es-MX]`)
/// refines its language's (`[es]`). The config holds only values `ConfigSchema` accepted, so
/// nothing here can fail: a bad setting was reported at start and left at its default.
public struct SpeechPreferences: Sendable {
    /// The parsed configuration.
    public let config: ConfigFile

    /// Preferences over `config`.
    public init(config: ConfigFile) { self.config = config }

    /// The voice request for `locale`: the config's `voice` and `gender`, if set.
    public func voice(for locale: LocaleTag) -> VoiceRequest {
        VoiceRequest(locale: locale, gender: value("gender", for: locale).flatMap(VoiceGender.init(rawValue:)),
                     name: value("voice", for: locale))
    }

    /// The utterance settings for `locale`.
    public func settings(for locale: LocaleTag) -> UtteranceSettings {
        var settings = UtteranceSettings.standard
        if let rate = value("rate", for: locale).flatMap(Double.init) { settings.rate = rate }
        if let pitch = value("pitch", for: locale).flatMap({ Int($0) }) { settings.pitch = pitch }
        if let volume = value("volume", for: locale).flatMap({ Int($0) }) { settings.volume = volume }
        if let pause = value("pause-before", for: locale).flatMap(Double.init) { settings.pauseBefore = pause }
        if let pause = value("pause-after", for: locale).flatMap(Double.init) { settings.pauseAfter = pause }
        return settings
    }

    /// The most specific setting: `[es-MX]`'s, else `[es]`'s.
    private func value(_ key: String, for locale: LocaleTag) -> String? {
        config.sections[locale.identifier]?[key] ?? config.sections[locale.language]?[key]
    }
}
