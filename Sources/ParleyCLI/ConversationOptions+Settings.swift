import ParleyKit

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
