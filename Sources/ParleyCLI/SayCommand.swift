import Foundation
import ParleyKit

/// `parley say` and `parley voices`: speech without translation.
struct SayCommand {
    let options: SayOptions
    let paths: DataPaths
    /// The settings file, already read (its problems were reported at start).
    let config: ConfigFile
    let output: TerminalOutput

    func run() -> Int32 {
        do {
            let preferences = SpeechPreferences(config: config)
            var voice = preferences.voice(for: options.locale)
            if let name = options.voice { voice.name = name }
            if let gender = options.gender { voice.gender = gender }
            var settings = preferences.settings(for: options.locale)
            if let rate = options.rate { settings.rate = rate }
            if let pitch = options.pitch { settings.pitch = pitch }
            if let volume = options.volume { settings.volume = volume }
            if let pause = options.pauseBefore { settings.pauseBefore = pause }
            if let pause = options.pauseAfter { settings.pauseAfter = pause }
            let synthesizer = try VoiceRouter.withLexicons(paths: paths, preferences: config.preferredLocales) { output.note($0) }
            if let wavPath = options.wavPath {
                let (audio, report) = try synthesizer.synthesizeAll(options.text, voice: voice, settings: settings)
                try WAVFile.write(audio, to: URL(fileURLWithPath: wavPath))
                output.line("Wrote \(wavPath): \(String(format: "%.2f", report.duration)) s, voice \(report.voice).")
            } else {
                try play(with: synthesizer, voice: voice, settings: settings)
            }
            return 0
        } catch {
            output.error(error)
            return 1
        }
    }

    /// Plays through the default ALSA device as the audio is produced.
    private func play(with synthesizer: some SpeechSynthesizing, voice: VoiceRequest, settings: UtteranceSettings) throws {
        let speaker: AudioPlayer
        do { speaker = try AudioPlayer(device: "default", sampleRate: 22_050) } catch let error as ParleyError {
            throw ParleyError(.audio, .deviceUnavailable, error.message + " To keep the speech, write it to a file with --wav FILE.")
        }
        var failure: (any Error)?
        _ = try synthesizer.synthesize(options.text, voice: voice, settings: settings) { chunk in
            do { try speaker.play(chunk) } catch { failure = error; return false }
            return true
        }
        if let failure { throw failure }
        speaker.finish()
    }

    /// `parley voices [LANG]`: the neural and espeak-ng voices, for one language in the order
    /// parley picks them, with each neural voice's licence and source.
    static func listVoices(language: LocaleTag?, paths: DataPaths, preferences: PreferredLocales,
                           output: TerminalOutput) -> Int32 {
        do {
            let router = try VoiceRouter(paths: paths, preferences: preferences)
            let catalog = router.espeak.voices
            let neural = language.map { router.catalog.ranked(for: $0, preferences: preferences) } ?? router.catalog.voices
            if let reason = router.neuralUnavailable, !neural.isEmpty {
                output.note("Neural voices cannot speak: \(reason.message)")
            }
            for problem in router.catalog.problems { output.note(problem.description) }
            if let language {
                let ranked = catalog.ranked(for: language, preferences: preferences)
                guard !ranked.isEmpty || !neural.isEmpty else {
                    _ = try catalog.choose(VoiceRequest(locale: language), preferences: preferences)
                    return 1
                }
                output.line("Voices for \(language) (\(language.displayName)), in the order parley picks them:")
                for voice in neural { listNeural(voice, output: output) }
                for (voice, locale) in ranked {
                    output.line("  \(pad(voice.identifier, 24)) \(pad(locale.identifier, 8)) espeak-ng  \(voice.gender.rawValue)  \(voice.name)")
                }
                if let first = ranked.first {
                    output.line("espeak-ng variants: " + catalog.variants.map(\.variantName).filter { $0.count <= 2 }.sorted()
                        .joined(separator: " ") + " (female f1–f5, male m1–m8), e.g. --voice \(first.voice.identifier)+f2; "
                        + "--voice espeak picks espeak-ng's voice.")
                }
            } else {
                for voice in neural { listNeural(voice, output: output) }
                for voice in catalog.voices {
                    let languages = voice.languages.map(\.tag).joined(separator: " ")
                    output.line("  \(pad(voice.identifier, 24)) espeak-ng  \(languages)")
                }
                output.line("\(neural.count) neural and \(catalog.voices.count) espeak-ng voices. "
                    + "parley voices LANG shows the order parley picks from.")
            }
            return 0
        } catch {
            output.error(error)
            return 1
        }
    }

    private static func listNeural(_ voice: NeuralVoice, output: TerminalOutput) {
        output.line("  \(pad(voice.name, 24)) \(pad(voice.locale.identifier, 8)) neural     \(voice.gender.rawValue)  "
            + "\(voice.quality) quality, \(voice.sampleRate) Hz")
        output.line("      licence: \(voice.licence)")
        output.line("      source: \(voice.source)" + (voice.modelCard.map { "; model card: \($0.path)" } ?? ""))
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0)
    }
}
