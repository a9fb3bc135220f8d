import Foundation
import ParleyKit

/// What the conversation's front ends (the readline prompt, JSON lines) have in common: they
/// read lines, hand turns and commands to the `ConversationHost`, and render what comes back.
/// The commands (`ConversationCommand`, parsed in ParleyKit, carried out in
/// REPLCommands*.swift) are written once against this protocol; each front end
/// says how a job runs while its events are shown, and how a command's reply looks.
protocol ConversationFrontEnd: AnyObject {
    /// The host that runs the engine.
    var host: ConversationHost { get }
    /// How bare languages resolve (the config's `[locales]` over the standard table).
    var preferences: PreferredLocales { get }
    /// Runs `job` on the engine and waits for it, rendering its events as they come.
    func perform<Result: Sendable>(_ job: @escaping @Sendable (ConversationEngine) -> Result) -> Result
    /// A command's result (`Now English ↔ Korean.`).
    func reply(_ text: String)
    /// How to write a command that was not understood, or what it did instead.
    func hint(_ text: String)
    /// A command that failed.
    func report(_ error: any Error)
    /// The pair changed (`:pair`): what depends on it (completion) is updated.
    func pairChanged()
}

extension ConversationFrontEnd {
    /// Where the conversation stands (sides, turns, modes).
    var snapshot: ConversationSnapshot { host.control.snapshot }

    /// A typed turn by the side speaking `language` (`:as es TEXT`, or a JSON line with a
    /// side), whoever's turn it is; with no text, that side is listened to.
    func turn(as language: String, text: String) {
        let locale: LocaleTag
        do { locale = try CommandLineParser.locale(language) } catch {
            report(error)
            return
        }
        if text.isEmpty {
            perform { engine in
                if engine.giveTurn(to: locale) { engine.listen() }
            }
        } else {
            perform { $0.typedTurn(text, as: locale) }
        }
    }

    /// Starts the conversation: models and translators get ready, `endpoints` open.
    func start(audio endpoints: AudioEndpoints?) {
        perform { $0.start(audio: endpoints) }
    }
}

extension ConversationOptions {
    /// What the conversation is asked to be: these options over `config`'s settings.
    func settings(config: ConfigFile) -> ConversationSettings {
        var voices = VoiceSettings(config: config)
        for request in self.voices { voices.setVoice(request) }
        let endpoint = (endpoint ?? config.endpoint ?? .after(seconds: Endpointer.defaultSilence)).seconds
        return ConversationSettings(first: first, second: second, translator: translator,
                                    muted: mute, endpoint: endpoint, voices: voices)
    }

    /// The endpoints the options ask for: recordings when `--input-wav`/`--output-wav` are
    /// given, else the ALSA devices.
    var endpoints: AudioEndpoints {
        if inputWAV != nil || outputWAV != nil {
            return AudioEndpoints(kind: .recordings, input: inputWAV, output: outputWAV)
        }
        return AudioEndpoints(kind: .devices, input: input, output: output)
    }
}
