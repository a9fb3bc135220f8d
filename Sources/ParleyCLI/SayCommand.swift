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
            let synthesizer = try EspeakSynthesizer(preferences: config.preferredLocales,
                                                    lexicons: Lexicon.loader(paths: paths, report: { [output] in output.note($0) }))
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
    private func play(with synthesizer: EspeakSynthesizer, voice: VoiceRequest, settings: UtteranceSettings) throws {
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

    static func listVoices(language: LocaleTag?, preferences: PreferredLocales, output: TerminalOutput) -> Int32 {
        do {
            let catalog = try VoiceCatalog.load()
            if let language {
                let ranked = catalog.ranked(for: language, preferences: preferences)
                guard !ranked.isEmpty else {
                    _ = try catalog.choose(VoiceRequest(locale: language), preferences: preferences)
                    return 1
                }
                output.line("Voices for \(language) (\(language.displayName)), best first:")
                for (voice, locale) in ranked {
                    output.line("  \(voice.identifier.padding(toLength: 22, withPad: " ", startingAt: 0)) "
                        + "\(locale.identifier.padding(toLength: 8, withPad: " ", startingAt: 0)) \(voice.gender.rawValue)  \(voice.name)")
                }
                output.line("Variants: " + catalog.variants.map(\.variantName).filter { $0.count <= 2 }.sorted()
                    .joined(separator: " ") + " (female f1–f5, male m1–m8), e.g. --voice \(ranked[0].voice.identifier)+f2")
            } else {
                for voice in catalog.voices {
                    let languages = voice.languages.map(\.tag).joined(separator: " ")
                    output.line("\(voice.identifier.padding(toLength: 24, withPad: " ", startingAt: 0)) \(languages)")
                }
                output.line("\(catalog.voices.count) voices. parley voices LANG shows the order parley picks from.")
            }
            return 0
        } catch {
            output.error(error)
            return 1
        }
    }
}
