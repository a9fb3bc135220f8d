import Foundation
import ParleyKit
import ParleyKitTesting
import Testing

/// A turn from a recording (`:listen FILE`), and a speaker that fails while the microphone
/// still works, on the fakes.
@Suite("Conversation engine: recordings and a failing speaker")
struct EngineRecordingAndPlaybackTests {
    /// A WAV of `speech` seconds at level 500 followed by `silence` seconds of zeros.
    func recording(speech: Double, silence: Double, in harness: EngineHarness) throws -> URL {
        let samples = [Int16](repeating: 500, count: Int(speech * 16_000)) + [Int16](repeating: 0, count: Int(silence * 16_000))
        let file = harness.folder.appendingPathComponent("recording-\(UUID()).wav")
        try WAVFile.write(AudioChunk(samples: samples, sampleRate: 16_000), to: file)
        return file
    }

    @Test func aRecordingIsOneTurnJournaledAsARecording() throws {
        let harness = try EngineHarness(script: [english: [ScriptedUtterance("good morning", locale: english, endpointAfter: 2)]])
        harness.engine.listen(toRecording: try recording(speech: 0.5, silence: 1, in: harness))
        #expect(harness.engine.snapshot.turns.map(\.translation) == ["Buenos días"])
        #expect(try harness.journalRecords().map(\.mode) == [.recording])
        #expect(harness.engine.snapshot.speaker == spanish)
        #expect(harness.synthesizer.utterances.map(\.text) == ["Buenos días"])
    }

    @Test func aSilentRecordingDoesNotPassTheTurn() throws {
        let harness = try EngineHarness(script: [english: [ScriptedUtterance("good morning", locale: english)]])
        harness.engine.listen(toRecording: try recording(speech: 0, silence: 2, in: harness))
        #expect(harness.events.last == .noSpeech(english))
        #expect(harness.engine.snapshot.speaker == english)
    }

    /// `:listen FILE` used to decode the whole recording whatever Ctrl-C said.
    @Test func ctrlCStopsListeningToARecordingAtOnce() throws {
        let harness = try EngineHarness(script: [english: [ScriptedUtterance("good morning", locale: english, endpointAfter: nil)]])
        let file = try recording(speech: 60, silence: 0, in: harness)   // 240 pieces of 0.25 s
        let control = harness.engine.control
        harness.recognizer.onAccept { fed in if fed == 10 { control.interrupt() } }
        harness.engine.listen(toRecording: file)
        #expect(harness.recognizer.accepted.count < 20, "fed \(harness.recognizer.accepted.count) pieces after Ctrl-C")
        #expect(harness.events.last == .cancelled)
        #expect(harness.engine.snapshot.turns.isEmpty)
        #expect(try harness.journalRecords().isEmpty)
        #expect(harness.engine.snapshot.speaker == english)
    }

    /// A speaker that fails used to close the whole session, microphone and all.
    @Test func aFailingSpeakerKeepsTheMicrophone() throws {
        let harness = try EngineHarness(script: [spanish: [ScriptedUtterance("gracias", locale: spanish, endpointAfter: 2)]])
        let lost = ParleyError(.audio, .deviceLost, "Could not play to 'memory': the device stopped answering.")
        harness.audio.failPlayback(with: lost)
        harness.engine.typedTurn("good morning")
        #expect(harness.events.contains(.problem(lost)), "\(harness.events)")
        #expect(harness.engine.audioSummary != nil)
        #expect(!harness.audio.transitions.contains(.close))
        // The turn still passed, and the next side can speak into the microphone.
        #expect(harness.engine.snapshot.speaker == spanish)
        harness.audio.say(harness.speech(2))
        harness.engine.listen()
        #expect(harness.engine.snapshot.turns.map(\.translation) == ["Buenos días", "Thank you"])
        // Later translations are shown, not played to the broken speaker.
        #expect(harness.audio.transitions.filter { $0 == .beginSpeaking }.count == 1)
        // :say says why it is silent.
        harness.clearEvents()
        harness.engine.say("hola")
        #expect(harness.events.contains { if case .notSpoken(_, _, let reason) = $0 { reason == "the speaker failed" } else { false } })
    }

    @Test func switchingTheSpeakerAfterItFailedSpeaksAgain() throws {
        let harness = try EngineHarness()
        harness.audio.failPlayback(with: ParleyError(.audio, .deviceLost, "The speaker stopped."))
        harness.engine.typedTurn("good morning")
        harness.audio.failPlayback(with: nil)
        _ = try harness.engine.switchDevice(.playback, to: "usb")
        harness.engine.typedTurn("gracias")
        #expect(harness.audio.utterances.last?.isEmpty == false)
        #expect(harness.synthesizer.utterances.map(\.text).last == "Thank you")
    }
}
