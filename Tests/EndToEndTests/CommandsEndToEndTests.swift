import Foundation
import Testing

/// The prompt's commands, driven through standard input with a file-backed speaker.
@Suite("parley binary: conversation commands")
struct CommandsEndToEndTests {
    @Test func voiceRateSayAgainMuteAndSaveJSON() throws {
        let parley = try ParleyProcess()
        let spoken = parley.home.appendingPathComponent("spoken")
        let saved = parley.home.appendingPathComponent("talk.json")
        let outcome = try parley.run(["en", "es", "--output-wav", spoken.path], input: """
            :voice female
            :rate 2
            good morning
            :again
            :say hello friends
            :mute
            thank you
            :mute
            :voice nobody
            :rate 9
            :languages
            :history
            :save \(saved.path)
            :save talk.txt
            :frobnicate
            :quit
            """)
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("es-ES is now spoken by roa/es+f3."))
        #expect(outcome.stdout.contains("es-ES now speaks at 2.0×."))
        #expect(outcome.stdout.contains("es-ES: Buenos días"))
        #expect(outcome.stdout.contains("Muted: translations are shown, not spoken."))
        #expect(outcome.stdout.contains("en-US: Thank you"))
        #expect(outcome.stderr.contains("No espeak-ng voice named 'nobody'"))
        #expect(outcome.stderr.contains("Rate 9.0 is out of range"))
        #expect(outcome.stdout.contains("speech model:"))
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
            """)
        #expect(outcome.stdout.contains("Hands-free: after each turn parley listens for the other side."))
        #expect(outcome.stderr.contains("Write :auto on or :auto off"))
        #expect(outcome.stdout.contains("Translating with apertium."))
        #expect(outcome.stdout.contains("es-ES: El perro come pan."))
        #expect(outcome.stdout.contains("Choose with --input PCM / --output PCM"))
        #expect(outcome.stderr.contains("Could not open microphone 'no_such_pcm'"))
        #expect(outcome.stderr.contains("Write :device in NAME or :device out NAME"))
        #expect(outcome.status == 0)
    }
}
