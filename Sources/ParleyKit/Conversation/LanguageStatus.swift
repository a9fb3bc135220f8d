/// What one language of the conversation has to work with, for a front end to show
/// (`:languages`, `:translator`) without reaching into the engine's stages.
public struct LanguageStatus: Sendable, Equatable {
    /// Where the language's speech model stands.
    public enum SpeechModel: Sendable, Equatable {
        /// Loaded and ready to listen.
        case loaded
        /// Installed; it loads in the background or at the first spoken turn.
        case installed
        /// There is none to use: the error says why and what to run.
        case unavailable(ParleyError)
    }

    /// The language (a side of the conversation).
    public let locale: LocaleTag
    /// Its speech model.
    public let speechModel: SpeechModel
    /// The voice it is spoken with, or nil when there is none.
    public let voice: String?
    /// The other side's language, and the engine that translates into it (nil: nothing does).
    public let other: LocaleTag
    public let translation: String?

    /// The status of `locale`.
    public init(locale: LocaleTag, speechModel: SpeechModel, voice: String?, other: LocaleTag, translation: String?) {
        self.locale = locale
        self.speechModel = speechModel
        self.voice = voice
        self.other = other
        self.translation = translation
    }
}

extension ConversationEngine {
    /// The speaker's language, then the listener's: model, voice and translator of each.
    public func languageStatus() -> [LanguageStatus] {
        let (speaker, listener) = (conversation.speakerLocale, conversation.listenerLocale)
        return [(speaker, listener), (listener, speaker)].map { locale, other in
            LanguageStatus(locale: locale, speechModel: speechModelStatus(locale), voice: voiceName(for: locale),
                           other: other, translation: parts.translator.engine(from: locale, to: other))
        }
    }

    /// The name of the translator in use (`auto`, `dictionary`, `apertium`).
    public var translatorName: String { parts.translator.name }

    private func speechModelStatus(_ locale: LocaleTag) -> LanguageStatus.SpeechModel {
        guard let recognition = parts.recognition else {
            return .unavailable(parts.recognitionFailure)
        }
        if let missing = recognition.unavailableReason(locale) { return .unavailable(missing) }
        return recognition.isReady(locale) ? .loaded : .installed
    }
}
