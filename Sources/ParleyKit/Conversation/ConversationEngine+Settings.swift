import Foundation

extension ConversationEngine {
    /// The other side speaks next, without a turn being taken.
    public func swapSides() {
        control.update { $0.conversation.swap() }
    }

    /// Switches to a new pair; `first` speaks next. Its speech models start loading and its
    /// translation engine starts in the background; what cannot work is said at once.
    public func switchPair(first: LocaleTag, second: LocaleTag) {
        control.update { $0.conversation.switchPair(first: first, second: second) }
        preparePair()
        reportUntranslatableDirections()
        let requests = [first, second].map { voices.voice(for: $0) }
        let thread = Thread { [synthesizer] in try? synthesizer.value().warmUp(requests) }
        thread.name = "parley.voice-warm-up"
        thread.start()
    }

    /// Dictation on or off: turns are spoken back in the speaker's language, not translated.
    public func setDictating(_ on: Bool) {
        control.update { $0.dictating = on }
    }

    /// Hands-free on or off: after each turn (spoken, typed or from a recording) parley listens
    /// for the other side.
    public func setHandsFree(_ on: Bool) {
        control.update { $0.handsFree = on }
    }

    /// Language detection on or off: with it on, a line clearly in the listener's language is
    /// taken as the listener's turn.
    public func setDetectsLanguage(_ on: Bool) {
        control.update { $0.detectsLanguage = on }
    }

    /// Ends utterances after `seconds` of trailing silence (clamped to
    /// `Endpointer.allowedSilence`), or, with nil, leaves the end to the recognizer alone.
    public func setEndpoint(_ seconds: Double?) {
        if (seconds == nil) != (endpointer == nil) {
            // The recognizer's own endpoint rules change with it (a model loaded with them,
            // in the background); the streams over the old rules go.
            parts.recognition?.setCallerEndsUtterances(seconds != nil)
            streams = [:]
            for locale in [conversation.speakerLocale, conversation.listenerLocale] { parts.recognition?.prepare(locale) }
        }
        endpointer = seconds.map { Endpointer(trailingSilence: $0) }
        control.update { [endpointer] in $0.endpoint = endpointer?.trailingSilence }
    }

    /// Muted: translations are shown, not spoken.
    public func setMuted(_ on: Bool) {
        control.update { $0.muted = on }
    }

    /// Speaks `locale` in `gender`'s voice or the voice named `name` from now on; returns the
    /// voice chosen. Throws (changing nothing) when no such voice exists.
    @discardableResult
    public func setVoice(for locale: LocaleTag, gender: VoiceGender? = nil, name: String? = nil) throws -> String {
        var request = voices.voice(for: locale)
        request.gender = gender ?? request.gender
        request.name = gender == nil ? name : nil
        guard let synthesizer = synthesizerOrProblem() else {
            throw ParleyError(.synthesis, .libraryMissing, "No voices: speech synthesis is not available.")
        }
        let chosen = try synthesizer.voice(for: request)
        voices.setVoice(request)
        return chosen
    }

    /// Speaks `locale` at `rate` (0.5 to 3) from now on.
    public func setRate(_ rate: Double, for locale: LocaleTag) throws {
        try voices.setRate(rate, for: locale)
    }

    /// The voice `locale` is spoken with, or nil when there is none.
    public func voiceName(for locale: LocaleTag) -> String? {
        guard let synthesizer = try? synthesizer.value() else { return nil }
        let request = voices.voice(for: locale)
        return try? synthesizer.voice(for: request)
    }

    /// Translates with `translator` from now on.
    public func useTranslator(_ translator: any Translating) {
        parts.translator = translator
        control.track(translator: translator)
        prepareTranslator()
    }

    /// Replaces the microphone or the speaker by the device `name`, keeping the other side.
    /// Without a session, opens one with that device alone. Returns the session's summary.
    public func switchDevice(_ direction: AudioDirection, to name: String) throws -> String {
        streams = [:]
        if let audio {
            try audio.switchDevice(direction, to: name)
            if direction == .playback { speakerFailure = nil }
            return audio.summary
        }
        let endpoints = AudioEndpoints(kind: .devices, input: direction == .capture ? name : nil,
                                       output: direction == .playback ? name : nil)
        let opening = parts.openAudio(endpoints)
        guard let session = opening.session else {
            throw opening.failures[direction]
                ?? ParleyError(.audio, .deviceUnavailable, "The \(direction.deviceLabel) '\(name)' did not open.")
        }
        audio = session
        speakerFailure = nil
        return session.summary
    }
}
