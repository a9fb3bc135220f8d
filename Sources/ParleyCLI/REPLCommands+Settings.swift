import Foundation
import ParleyKit

/// The commands that change how turns are taken and spoken: dictation, hands-free, the
/// endpoint, mute, the voice and its rate.
extension ConversationFrontEnd {
    func setDictating(_ word: String?) {
        guard let on = switchSetting(word, current: snapshot.dictating) else {
            hint("Write :dictate, :dictate on or :dictate off.")
            return
        }
        perform { $0.setDictating(on) }
        reply(on ? "Dictation on: what you say is spoken back in \(snapshot.speaker)."
                       : "Dictation off: translating again.")
    }

    func setHandsFree(_ word: String?) {
        guard word != nil, let on = switchSetting(word, current: snapshot.handsFree) else {
            hint("Write :auto on or :auto off (hands-free is \(snapshot.handsFree ? "on" : "off")).")
            return
        }
        perform { $0.setHandsFree(on) }
        reply(on ? "Hands-free: after each turn parley listens for the other side. Ctrl-C stops."
                       : "Hands-free off.")
    }

    func setDetectsLanguage(_ word: String?) {
        guard word != nil, let on = switchSetting(word, current: snapshot.detectsLanguage) else {
            hint("Write :detect on or :detect off (language detection is \(snapshot.detectsLanguage ? "on" : "off")).")
            return
        }
        perform { $0.setDetectsLanguage(on) }
        reply(on ? "Language detection on: a line clearly in the other side's language is taken as their turn."
                       : "Language detection off: every line is translated from the side whose turn it is.")
    }

    func setEndpoint(_ argument: String) {
        guard let setting = EndpointSetting(parsing: argument) else {
            let current = snapshot.endpoint.map { "\($0) s" } ?? "off"
            hint("Write :endpoint 0.45 (seconds of silence, 0.3 to 3) or :endpoint off (now \(current)).")
            return
        }
        perform { $0.setEndpoint(setting.seconds) }
        if let seconds = setting.seconds {
            reply("Utterances end after \(seconds) s of silence.")
        } else {
            reply("Utterances end when the recognizer decides (about 1 to 1.5 s after speech).")
        }
    }

    func setMuted(_ word: String?) {
        guard let on = switchSetting(word, current: snapshot.muted) else {
            hint("Write :mute, :mute on or :mute off.")
            return
        }
        perform { $0.setMuted(on) }
        reply(on ? "Muted: translations are shown, not spoken." : "Speaking translations again.")
    }

    func setVoice(_ argument: String) {
        let locale = snapshot.voiceLocale
        guard !argument.isEmpty else {
            hint("Write :voice female, :voice male, :voice espeak or :voice NAME (parley voices \(locale.language) lists them).")
            return
        }
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

    func setRate(_ argument: String) {
        guard let rate = Double(argument) else { hint("Write :rate 1.5 (0.5 to 3, 1 is normal)."); return }
        let locale = snapshot.voiceLocale
        let failure = perform { engine -> ParleyError? in
            do { try engine.setRate(rate, for: locale) } catch { return ParleyError.wrapping(error, stage: .synthesis, code: .invalidInput) }
            return nil
        }
        if let failure { report(failure) } else { reply("\(locale) now speaks at \(rate)×.") }
    }
}
