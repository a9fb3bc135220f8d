import Foundation
import ParleyKit

/// The commands that change how turns are taken and spoken: dictation, hands-free, the
/// endpoint, mute, the voice and its rate.
extension ConversationFrontEnd {
    func setDictating(_ on: Bool) {
        perform { $0.setDictating(on) }
        reply(on ? "Dictation on: what you say is spoken back in \(snapshot.speaker)."
                       : "Dictation off: translating again.")
    }

    func setHandsFree(_ on: Bool) {
        perform { $0.setHandsFree(on) }
        reply(on ? "Hands-free: after each turn parley listens for the other side. Ctrl-C stops."
                       : "Hands-free off.")
    }

    func setDetectsLanguage(_ on: Bool) {
        perform { $0.setDetectsLanguage(on) }
        reply(on ? "Language detection on: a line clearly in the other side's language is taken as their turn."
                       : "Language detection off: every line is translated from the side whose turn it is.")
    }

    func setEndpoint(_ setting: EndpointSetting) {
        perform { $0.setEndpoint(setting.seconds) }
        if let seconds = setting.seconds {
            reply("Utterances end after \(seconds) s of silence.")
        } else {
            reply("Utterances end when the recognizer decides (about 1 to 1.5 s after speech).")
        }
    }

    func setMuted(_ on: Bool) {
        perform { $0.setMuted(on) }
        reply(on ? "Muted: translations are shown, not spoken." : "Speaking translations again.")
    }

    func setVoice(_ argument: String) {
        let locale = snapshot.voiceLocale
        let gender = VoiceGender(rawValue: argument.lowercased()).flatMap { $0 == .unspecified ? nil : $0 }
        let outcome = perform { engine in
            Result { try engine.setVoice(for: locale, gender: gender, name: gender == nil ? argument : nil) }
                .mapError { ParleyError.wrapping($0, stage: .synthesis, code: .notFound) }
        }
        switch outcome {
        case .success(let chosen): reply("\(locale) is now spoken by \(chosen).")
        case .failure(let error): report(error)
        }
    }

    func setRate(_ rate: Double) {
        let locale = snapshot.voiceLocale
        let failure = perform { engine -> ParleyError? in
            do { try engine.setRate(rate, for: locale) } catch { return ParleyError.wrapping(error, stage: .synthesis, code: .invalidInput) }
            return nil
        }
        if let failure { report(failure) } else { reply("\(locale) now speaks at \(rate)×.") }
    }
}
