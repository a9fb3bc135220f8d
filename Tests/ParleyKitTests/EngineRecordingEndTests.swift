import Foundation
import ParleyKit
import ParleyKitTesting
import Testing

/// A recording as the microphone (`--input-wav`), no speaker, and muting: what the person is
/// told when nothing more can be heard or spoken.
@Suite("Conversation engine: the end of the recording, no speaker, muted")
struct EngineRecordingEndTests {
    /// Once the recording is used up, Enter says so, not "No speech heard".
    @Test func listeningAfterTheRecordingHasEndedSaysSo() throws {
        let harness = try EngineHarness(script: [english: [ScriptedUtterance("good morning", locale: english, endpointAfter: 2)]])
        harness.audio.say(harness.speech(2))
        harness.audio.endAfterQueuedAudio()
        harness.engine.listen()
        #expect(harness.engine.snapshot.turns.count == 1)
        harness.engine.swapSides()
        for _ in 0..<2 {
            harness.clearEvents()
            harness.engine.listen()
            #expect(harness.events == [.condition(.recordingEnded)])
        }
        // The microphone's end is not a lost device: the conversation goes on typed, with sound.
        #expect(harness.engine.audioSummary != nil)
    }

    /// The turn that hears the rest of the recording hears no speech in it, and says too that
    /// the recording has ended.
    @Test func aRecordingThatEndsInSilenceSaysItHasEnded() throws {
        let harness = try EngineHarness(script: [english: [ScriptedUtterance("", locale: english)]])
        harness.audio.say(harness.audio.chunks(seconds: 0.3, level: 0))
        harness.audio.endAfterQueuedAudio()
        harness.engine.listen()
        #expect(harness.events.suffix(2).map(\.kind) == ["condition", "noSpeech"])
        #expect(harness.events.contains(.condition(.recordingEnded)))
    }

    /// Without a speaker, the silence of every translation is said once, at the start.
    @Test func noSpeakerIsSaidOnceAtTheStart() throws {
        let harness = try EngineHarness(speaker: false)
        harness.engine.typedTurn("good morning")
        harness.engine.typedTurn("gracias")
        let notes = harness.events.filter { if case .condition(.noSpeaker) = $0 { true } else { false } }
        #expect(notes.count == 1, "\(harness.events)")
        #expect(harness.engine.snapshot.turns.count == 2)
    }

    /// `:again` repeats a translation: muted, it stays silent and says why.
    @Test func againWhileMutedDoesNotSpeakATranslation() throws {
        let harness = try EngineHarness()
        harness.engine.typedTurn("thank you")
        harness.engine.setMuted(true)
        harness.clearEvents()
        harness.engine.sayAgain()
        #expect(harness.synthesizer.utterances.map(\.text) == ["Gracias"])
        #expect(harness.events == [.notSpoken(text: "Gracias", locale: spanish, reason: "muted")])
    }
}

/// How a turn was said reaches the journal.
@Suite("Conversation engine: how turns were said")
struct EngineSpeechAnalyticsTests {
    @Test func aSpokenTurnIsJournaledWithItsPaceAndVoiceATypedOneWithout() throws {
        let harness = try EngineHarness(script: [english: [ScriptedUtterance("good morning", locale: english, endpointAfter: 4)]])
        // A steady 160 Hz voice as the microphone's audio.
        let voice = SpeechAnalyticsTests.voice(periods: [100], amplitudes: [8_000], seconds: 0.4)
        harness.audio.say(stride(from: 0, to: voice.count - 1_599, by: 1_600).map {
            AudioChunk(samples: Array(voice[$0..<$0 + 1_600]), sampleRate: 16_000)
        })
        harness.engine.listen()
        harness.engine.typedTurn("gracias")
        let records = try harness.journalRecords()
        #expect(records.count == 2)
        let speech = try #require(records.first?.speech)
        #expect(speech.speakingRate > 0)
        #expect(abs((speech.voice?.pitch ?? 0) - 160) < 3, "\(speech)")
        #expect(records.last?.speech == nil)
        // A record written before parley kept this still reads.
        let old = #"{"alternatives":[],"from":"en-US","heard":"hi","kind":"turn","mode":"typed","segments":[],"side":1,"#
            + #""time":"2026-11-01T10:00:00Z","to":"es-ES","translation":"Hola","turn":1}"#
        #expect(try JSONDecoder().decode(TurnRecord.self, from: Data(old.utf8)).speech == nil)
    }
}
