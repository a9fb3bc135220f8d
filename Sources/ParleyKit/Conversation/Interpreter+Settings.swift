/// The commands that change how turns are taken and spoken: dictation, hands-free, language
/// detection, the endpoint, mute, the voice and its rate.
extension CommandExecution {
    func setDictating(_ on: Bool) {
        engine.setDictating(on)
        reply(on ? "Dictation on: what you say is spoken back in \(snapshot.speaker)."
                 : "Dictation off: translating again.")
    }

    func setHandsFree(_ on: Bool) {
        engine.setHandsFree(on)
        reply(on ? "Hands-free: after each turn parley listens for the other side. Ctrl-C stops."
                 : "Hands-free off.")
    }

    func setDetectsLanguage(_ on: Bool) {
        engine.setDetectsLanguage(on)
        reply(on ? "Language detection on: a line clearly in the other side's language is taken as their turn."
                 : "Language detection off: every line is translated from the side whose turn it is.")
    }

    func setEndpoint(_ setting: EndpointSetting) {
        engine.setEndpoint(setting.seconds)
        if let seconds = setting.seconds {
            reply("Utterances end after \(seconds) s of silence.")
        } else {
            reply("Utterances end when the recognizer decides (about 1 to 1.5 s after speech).")
        }
    }

    func setMuted(_ on: Bool) {
        engine.setMuted(on)
        reply(on ? "Muted: translations are shown, not spoken." : "Speaking translations again.")
    }

    func setVoice(_ argument: String) {
        let locale = snapshot.voiceLocale
        let gender = VoiceGender(rawValue: argument.lowercased()).flatMap { $0 == .unspecified ? nil : $0 }
        do {
            let chosen = try engine.setVoice(for: locale, gender: gender, name: gender == nil ? argument : nil)
            reply("\(locale) is now spoken by \(chosen).")
        } catch {
            refuse(ParleyError.wrapping(error, stage: .synthesis, code: .notFound))
        }
    }

    func setRate(_ rate: Double) {
        let locale = snapshot.voiceLocale
        do {
            try engine.setRate(rate, for: locale)
            reply("\(locale) now speaks at \(rate)×.")
        } catch {
            refuse(ParleyError.wrapping(error, stage: .synthesis, code: .invalidInput))
        }
    }
}
