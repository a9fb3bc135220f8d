import Foundation
import Testing

/// The prompt's commands, driven through standard input with a file-backed speaker.
@Suite("parley binary: conversation commands")
struct CommandsEndToEndTests {
    @Test func voiceRateSayAgainMuteAndSaveJSON() throws {
        let parley = try ParleyProcess()
        let spoken = parley.home.appendingPathComponent("spoken")
        let saved = parley.home.appendingPathComponent("talk.json")
        // No models: what :languages says must not depend on what else is installed.
        let models = parley.home.appendingPathComponent("no-models")
        let outcome = try parley.run(["en", "es", "--output-wav", spoken.path], input: """
            :voice female
            :rate 2
            good morning
            :again
            :say hello friends
            :mute
            gracias
            :mute
            :voice nobody
            :rate 9
            :languages
            :history
            :save \(saved.path)
            :save talk.txt
            :frobnicate
            :quit
            """, extraEnvironment: ["PARLEY_MODELS": models.path])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("es-ES is now spoken by roa/es+f3."))
        #expect(outcome.stdout.contains("es-ES now speaks at 2.0×."))
        #expect(outcome.stdout.contains("es-ES: Buenos días"))
        #expect(outcome.stdout.contains("Muted: translations are shown, not spoken."))
        #expect(outcome.stdout.contains("en-US: Thank you"))
        #expect(outcome.stderr.contains("No espeak-ng voice named 'nobody'"))
        #expect(outcome.stderr.contains("Rate 9.0 is out of range"))
        #expect(outcome.stdout.contains("es-ES Spanish (Spain)\n  speech model: none (parley install model es-ES); "
                                         + "voice: roa/es+f3; to en: apertium spa-eng"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("en-US English (United States)\n  speech model: none (parley install model en-US); "
                                         + "voice: en_US-joe-medium; to es: apertium eng-spa"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("1. en-US: good morning"))
        #expect(outcome.stderr.contains("Save as .md (Markdown) or .json"))
        #expect(outcome.stderr.contains("Unknown command :frobnicate. Type :help for the list."))
        // Spoken: the translation, :again, :say. The muted turn was not.
        let files = try FileManager.default.contentsOfDirectory(atPath: spoken.path).sorted()
        #expect(files == ["utterance-001.wav", "utterance-002.wav", "utterance-003.wav"])
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: saved)) as? [[String: Any]]
        #expect(json?.map { $0["translation"] as? String } == ["Buenos días", "Thank you"])
    }

    @Test func autoTranslatorDevicesAndDeviceSwitch() throws {
        let parley = try ParleyProcess()
        let outcome = try parley.run(["en", "es"], input: """
            :auto on
            :auto maybe
            :translator apertium
            the dog eats bread
            :translator
            :devices
            :device in no_such_pcm
            :device sideways
            """, extraEnvironment: ["ALSA_CONFIG_PATH": ConversationEndToEndTests.alsaConfig.path])
        #expect(outcome.stdout.contains("Hands-free: after each turn parley listens for the other side."))
        #expect(outcome.stderr.contains("Write :auto on or :auto off"))
        #expect(outcome.stdout.contains("Translating with apertium."))
        // :translator with no kind names the engine of each direction.
        #expect(outcome.stdout.contains("Choose with :translator auto|dictionary|apertium|neural\n  es→en: apertium spa-eng\n"
                                         + "  en→es: apertium eng-spa\n"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("es-ES: El perro come pan."))
        // The test configuration's PCMs, each probed both ways.
        #expect(outcome.stdout.contains("default                      microphone opens; speaker opens"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("null_sink                    microphone opens; speaker opens"))
        #expect(outcome.stderr.contains("Could not open microphone 'no_such_pcm'"))
        #expect(outcome.stderr.contains("Still using microphone default at 16000 Hz, speaker default at 22050 Hz."))
        #expect(outcome.stderr.contains("Write :device in NAME or :device out NAME"))
        #expect(outcome.status == 0)
    }

    @Test func typedTextIsATurnTheOtherLanguageIsNoticedAndAMissingEngineIsRefused() throws {
        let parley = try ParleyProcess()
        let outcome = try parley.run(["en", "es"], input: """
            no:si
            where is the station
            :detect off
            where is the station
            :pair en ko
            :translator apertium
            :translator
            """)
        #expect(outcome.status == 0)
        // `no:si` is a turn, not a switch to Norwegian ↔ Sinhala.
        #expect(outcome.stdout.contains("en-US: no:si"), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("Norwegian"))
        // English on the Spanish side's turn: detected, translated into Spanish for the listener.
        #expect(outcome.stdout.contains("(detected en, not es: taken as en-US's turn"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("en-US: where is the station\n  es-ES: ¿Dónde está la estación?"), "\(outcome.stdout)")
        // The word passed back to Spanish; with detection off the same line is taken as Spanish.
        #expect(outcome.stdout.components(separatedBy: "(detected").count == 2)
        #expect(outcome.stdout.contains("es-ES: where is the station\n"), "\(outcome.stdout)")
        // Apertium has no en→ko mode: refused with the reason, the translator kept.
        #expect(outcome.stderr.contains("Apertium cannot translate en→ko: installed modes are"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("Still translating with auto."))
        #expect(outcome.stdout.contains("Translating with auto."))
    }

    @Test func smallCommandsDoWhatTheySay() throws {
        let parley = try ParleyProcess()
        let spoken = parley.home.appendingPathComponent("spoken")
        // Each :mute is said twice: a toggle would flip it back, a setting stays.
        let outcome = try parley.run(["en", "es", "--output-wav", spoken.path], input: """
            :mute off
            good morning
            :mute on
            :mute on
            gracias
            :mute off
            :mute off
            thank you
            :history
            :save ~/talk.json
            :pair ko:es
            """)
        // Spoken: the first and the third turn; the second was muted. (Toggling: none.)
        #expect(try FileManager.default.contentsOfDirectory(atPath: spoken.path).sorted()
                == ["utterance-001.wav", "utterance-002.wav"])
        #expect(outcome.stdout.components(separatedBy: "Muted: translations are shown, not spoken.").count == 3)
        // History numbers turns, not sides: the third turn is the first side's again.
        #expect(outcome.stdout.contains("1. en-US: good morning"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("2. es-ES: gracias"))
        #expect(outcome.stdout.contains("3. en-US: thank you"))
        // ~ is $HOME.
        #expect(FileManager.default.fileExists(atPath: parley.home.appendingPathComponent("talk.json").path))
        #expect(outcome.stdout.contains("Now Korean (South Korea) ↔ Spanish (Spain)."), "\(outcome.stderr)")
        // Nothing translates Korean to Spanish: said at once, not at the first turn.
        #expect(outcome.stderr.contains("Nothing translates ko→es"))
    }

    @Test func aDeviceThatDoesNotOpenIsNamedAndTheOtherSideStillWorks() throws {
        let parley = try ParleyProcess()
        let speaker = parley.home.appendingPathComponent("speaker.raw")
        let outcome = try parley.run(["en", "es", "--input", "bogus_microphone", "--output", "test_speaker:OUTFILE=\(speaker.path)"],
                                     input: "good morning\n\n", extraEnvironment: ["ALSA_CONFIG_PATH": ConversationEndToEndTests.alsaConfig.path])
        #expect(outcome.stderr.contains("Could not open microphone 'bogus_microphone'"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("No audio device: parley works in typed mode"))
        #expect(try Data(contentsOf: speaker).count > 22_050)   // the translation was spoken
        #expect(outcome.stderr.contains("No microphone"))        // listening says why it cannot
    }
}


/// `:save` into a folder that does not exist.
@Suite("parley binary: :save")
struct SaveEndToEndTests {
    @Test func savingIntoAMissingFolderIsRefusedAndNamesIt() throws {
        let parley = try ParleyProcess()
        let missing = parley.home.appendingPathComponent("no/such/folder")
        let outcome = try parley.run(["en", "es"], input: """
            good morning
            :save \(missing.path)/talk.md
            :quit
            """, extraEnvironment: ["PARLEY_MODELS": parley.home.appendingPathComponent("no-models").path])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("Not saved: the folder \(missing.path) does not exist."), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: parley.home.appendingPathComponent("no").path))
        #expect(!outcome.stdout.contains("Saved"))
    }
}
