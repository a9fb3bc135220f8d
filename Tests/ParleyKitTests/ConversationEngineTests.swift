import Foundation
import ParleyKit
import ParleyKitTesting
import Synchronization
import Testing

/// The conversation engine on the in-memory fakes: every test runs in milliseconds.
@Suite("Conversation engine")
struct ConversationEngineTests {
    @Test func typedTurnsAlternateAndEachIsJournaledBeforeItIsShown() throws {
        let harness = try EngineHarness()
        let journaledWhenShown = Mutex<[Int]>([])
        harness.observe { [journal = harness.journal] event in
            guard case .heard = event else { return }
            let lines = (try? String(contentsOf: journal.file, encoding: .utf8))?.split(separator: "\n").count ?? 0
            journaledWhenShown.withLock { $0.append(lines) }
        }
        harness.engine.typedTurn("good morning")
        #expect(harness.engine.snapshot.speaker == spanish)
        harness.engine.typedTurn("gracias")
        #expect(harness.engine.snapshot.speaker == english)
        #expect(journaledWhenShown.withLock { $0 } == [1, 2])
        let records = try harness.journalRecords()
        #expect(records.map(\.translation) == ["Buenos días", "Thank you"])
        #expect(records.map(\.side) == [1, 2])
        #expect(records.map(\.mode) == [.typed, .typed])
        #expect(harness.engine.snapshot.turns == records)
        // Each translation was spoken in the listener's voice.
        #expect(harness.synthesizer.utterances.map(\.text) == ["Buenos días", "Thank you"])
        #expect(harness.synthesizer.utterances.map(\.voice.locale) == [spanish, english])
        #expect(harness.events.map(\.kind).filter { $0 != "condition" } == ["heard", "translated", "speaking", "spoken", "passed",
                                                                        "heard", "translated", "speaking", "spoken", "passed"])
    }

    @Test func aSpokenTurnShowsPartialsThenTheReadingsAndPassesTheWord() throws {
        let harness = try EngineHarness(script: [english: [
            ScriptedUtterance("where is the station", readings: ["where is this station"], locale: english, endpointAfter: 4),
        ]])
        harness.audio.say(harness.speech(6))
        harness.engine.listen()
        let kinds = harness.events.map(\.kind).filter { $0 != "condition" }
        #expect(kinds == ["listening", "partial", "partial", "partial", "heard", "translated", "speaking", "spoken", "passed"])
        let heard = harness.events.compactMap { event -> HeardText? in if case .heard(let heard) = event { heard } else { nil } }
        #expect(heard == [HeardText(text: "where is the station", readings: ["where is the station", "where is this station"],
                                    locale: english, mode: .spoken, turn: 1)])
        #expect(harness.engine.snapshot.speaker == spanish)
        #expect(try harness.journalRecords().map(\.alternatives) == [["where is the station", "where is this station"]])
    }

    @Test func theEchoGuardKeepsParleysOwnVoiceFromTheRecognizer() throws {
        let harness = try EngineHarness(script: [
            english: [ScriptedUtterance("good morning", locale: english, endpointAfter: 2)],
            spanish: [ScriptedUtterance("gracias", locale: spanish, endpointAfter: 2)],
        ])
        harness.engine.setHandsFree(true)
        harness.audio.say(harness.speech(3, level: 500) + harness.speech(3, level: 700))
        harness.audio.endAfterQueuedAudio()
        harness.engine.listen()
        #expect(harness.engine.snapshot.turns.map(\.translation) == ["Buenos días", "Thank you"])
        // Listening stopped before each utterance was spoken, and the guard was on while it played.
        let transitions = harness.audio.transitions
        #expect(Array(transitions.prefix(4)) == [.startListening, .stopListening, .beginSpeaking, .endSpeaking(interrupted: false)])
        #expect(harness.audio.chunksHandedOutWhileSpeaking == 0)
        // The recognizer heard the two speakers and never the synthesizer's audio (level 1000).
        #expect(!harness.recognizer.accepted.contains { $0.contains(1_000) })
        #expect(harness.audio.utterances.count == 2)
    }

    @Test func ctrlCWhileListeningCancelsTheTurnWithoutJournalingOrPassingIt() throws {
        let harness = try EngineHarness(script: [english: [ScriptedUtterance("good morning", locale: english, endpointAfter: nil)]])
        harness.audio.say(harness.speech(3))
        let control = harness.engine.control
        harness.observe { event in if case .partial = event { control.interrupt() } }
        harness.engine.listen()
        #expect(harness.events.last == .cancelled)
        #expect(harness.engine.snapshot.speaker == english)
        #expect(harness.engine.snapshot.turns.isEmpty)
        #expect(try harness.journalRecords().isEmpty)
        #expect(harness.audio.transitions.last == .stopListening)
    }

    @Test func ctrlCStopsASlowTranslationPromptly() throws {
        let harness = try EngineHarness(translatorDelay: 30)
        EngineHarness.whileWaiting(on: harness.clock) { [control = harness.engine.control] in control.interrupt() }
        harness.engine.typedTurn("good morning")
        #expect(harness.clock.elapsed == .zero)   // the 30 s translation was not waited out
        #expect(harness.events.last == .cancelled)
        #expect(harness.engine.snapshot.turns.isEmpty)
        #expect(harness.engine.snapshot.speaker == english)
    }

    @Test func enterEndsListeningWithWhatWasHeardSoFar() throws {
        let harness = try EngineHarness(script: [english: [ScriptedUtterance("thank you", locale: english, endpointAfter: nil)]])
        harness.audio.say(harness.speech(2))
        let control = harness.engine.control
        harness.observe { event in if case .partial(_, "thank you") = event { control.finishNow() } }
        harness.engine.listen()
        #expect(harness.engine.snapshot.turns.map(\.translation) == ["Gracias"])
    }

    @Test func noSpeechDoesNotPassTheTurn() throws {
        let harness = try EngineHarness(script: [english: [ScriptedUtterance("good morning", locale: english)]])
        harness.audio.say(harness.audio.chunks(seconds: 1, level: 0))
        harness.audio.endAfterQueuedAudio()
        harness.engine.listen()
        #expect(harness.events.last == .noSpeech(english))
        #expect(harness.engine.snapshot.speaker == english)
        #expect(harness.engine.snapshot.turns.isEmpty)
    }

    @Test func aLostMicrophoneFallsBackToTypedTurns() throws {
        let harness = try EngineHarness(script: [english: [ScriptedUtterance("good morning", locale: english, endpointAfter: nil)]])
        harness.audio.say(harness.speech(2))
        let lost = ParleyError(.audio, .deviceLost, "Could not record from 'memory': no audio device.")
        let audio = harness.audio
        harness.observe { event in if case .partial = event { audio.failCapture(with: lost) } }
        harness.engine.listen()
        #expect(harness.events.last == .audioLost(lost))
        #expect(harness.engine.audioSummary == nil)
        #expect(harness.audio.transitions.last == .close)
        harness.engine.typedTurn("thank you")
        #expect(harness.engine.snapshot.turns.map(\.translation) == ["Gracias"])
        harness.clearEvents()
        harness.engine.listen()
        #expect(harness.events.map(\.kind) == ["problem"])
    }

    @Test func handsFreeListensForEachSideUntilNothingIsSaid() throws {
        let harness = try EngineHarness(script: [
            english: [ScriptedUtterance("good morning", locale: english, endpointAfter: 2)],
            spanish: [ScriptedUtterance("muy bien", locale: spanish, endpointAfter: 2)],
        ])
        harness.engine.setHandsFree(true)
        harness.audio.say(harness.speech(2) + harness.speech(2) + harness.audio.chunks(seconds: 0.5, level: 0))
        harness.audio.endAfterQueuedAudio()
        harness.engine.listen()
        #expect(harness.engine.snapshot.turns.map(\.from) == [english, spanish])
        #expect(harness.engine.snapshot.turns.map(\.translation) == ["Buenos días", "Very well"])
        #expect(harness.events.last == .noSpeech(english))
    }

    @Test func enterWhileSpeakingStopsTheSpeechAndTheTurnGoesOn() throws {
        let harness = try EngineHarness(chunkDelay: 0.05)
        let control = harness.engine.control
        harness.observe { [clock = harness.clock] event in
            if case .speaking = event { EngineHarness.whileWaiting(on: clock) { control.finishNow() } }
        }
        harness.engine.typedTurn("where is the station")
        #expect(harness.events.contains(.spoken(stoppedEarly: true)))
        #expect(harness.audio.transitions.last == .endSpeaking(interrupted: true))
        #expect(harness.synthesizer.utterances.first?.stoppedEarly == true)
        #expect(harness.engine.snapshot.speaker == spanish)
    }

    @Test func dictationSpeaksBackInTheSpeakersOwnLanguageAndKeepsTheTurn() throws {
        let harness = try EngineHarness()
        harness.engine.setDictating(true)
        harness.engine.typedTurn("see you tomorrow")
        let record = try #require(try harness.journalRecords().first)
        #expect(record.mode == .dictation)
        #expect(record.translation == "See you tomorrow.")
        #expect(record.segments.map(\.origin) == [.dictation])
        #expect(harness.synthesizer.utterances.map(\.voice.locale) == [english])
        #expect(harness.engine.snapshot.speaker == english)
    }

    @Test func mutedTurnsAreShownAndNotSpokenButSayStillSpeaks() throws {
        let harness = try EngineHarness(muted: true)
        harness.engine.typedTurn("thank you")
        #expect(harness.synthesizer.utterances.isEmpty)
        #expect(!harness.audio.transitions.contains(.beginSpeaking))
        harness.engine.say("hello")
        harness.engine.sayAgain()
        #expect(harness.synthesizer.utterances.map(\.text) == ["hello", "hello"])
    }

    @Test func wordsNothingTranslatedAreSpokenInTheSpeakersVoice() throws {
        let harness = try EngineHarness()
        harness.engine.typedTurn("the Prado station")
        let spoken = harness.synthesizer.utterances.map { "\($0.voice.locale): \($0.text)" }
        #expect(spoken == ["es-ES: el", "en-US: prado", "es-ES: estación"])
    }

    @Test func aMissingModelIsSaidAtStartAndWhenListening() throws {
        let missing = ParleyError(.recognition, .modelMissing, "No speech model for es-ES. Installed: en-US.")
        let harness = try EngineHarness(missing: [spanish: missing])
        #expect(harness.events.contains(.condition(.modelMissing(spanish, missing))))
        harness.engine.swapSides()
        harness.clearEvents()
        harness.engine.listen()
        #expect(harness.events == [.problem(missing)])
    }

    @Test func aModelStillLoadingIsWaitedForAndSaidSo() throws {
        let harness = try EngineHarness(script: [english: [ScriptedUtterance("thank you", locale: english, endpointAfter: 1)]],
                                        loadingDelay: 0.2)
        harness.audio.say(harness.speech(1))
        // The model loads once the engine waits for it.
        EngineHarness.whileWaiting(on: harness.clock) { [clock = harness.clock] in clock.advance(by: .seconds(0.2)) }
        harness.engine.listen()
        #expect(harness.events.map(\.kind).filter { $0 != "condition" }.prefix(2) == ["modelLoading", "listening"])
        #expect(harness.engine.snapshot.turns.count == 1)
    }

    @Test func aPairNothingTranslatesIsSaidAtOnce() throws {
        let harness = try EngineHarness()
        harness.clearEvents()
        harness.engine.switchPair(first: LocaleTag(language: "ko", region: "KR"), second: spanish)
        let conditions = harness.events.compactMap { event -> ConversationCondition? in
            if case .condition(let condition) = event { condition } else { nil }
        }
        #expect(conditions.map(\.code) == [.directionUntranslatable, .directionUntranslatable])
        #expect(conditions.first?.description.hasPrefix("Nothing translates ko→es") == true)
    }

    @Test func aSideThatDoesNotOpenIsReportedAndTheOtherKept() throws {
        let failure = ParleyError(.audio, .deviceUnavailable, "Could not open microphone 'bogus': no audio device.")
        let harness = try EngineHarness(openFailures: [.capture: failure])
        #expect(harness.events.contains(.problem(failure)))
        harness.engine.typedTurn("thank you")
        #expect(harness.audio.utterances.count == 1)
    }

    @Test func switchingTheMicrophoneKeepsTheSpeaker() throws {
        let harness = try EngineHarness(microphone: false)
        let summary = try harness.engine.switchDevice(.capture, to: "usb")
        #expect(summary == "memory")
        #expect(harness.audio.endpoints == AudioEndpoints(kind: .devices, input: "usb", output: "memory"))
        #expect(harness.audio.transitions == [.switchDevice(.capture, "usb")])
    }

    @Test func voiceAndRateChangesApplyToTheListenersVoice() throws {
        let harness = try EngineHarness()
        #expect(try harness.engine.setVoice(for: spanish, gender: .female) == "fake/es+female")
        try harness.engine.setRate(1.5, for: spanish)
        #expect(throws: ParleyError.self) { try harness.engine.setRate(9, for: spanish) }
        harness.engine.typedTurn("thank you")
        let utterance = try #require(harness.synthesizer.utterances.first)
        #expect(utterance.voice.gender == .female)
        #expect(utterance.settings.rate == 1.5)
    }

    @Test func anotherReadingReplacesAMisheardTurnAndIsJournaledAsACorrection() throws {
        let harness = try EngineHarness(script: [english: [
            ScriptedUtterance("good mourning", readings: ["good morning"], locale: english, endpointAfter: 2),
        ]])
        harness.audio.say(harness.speech(2))
        harness.engine.listen()
        harness.engine.useReading(2)
        let records = try harness.journalRecords()
        #expect(records.map(\.kind) == [.turn, .correction])
        #expect(records.map(\.turn) == [1, 2])
        #expect(records[1].replaces == 1)
        #expect(records[1].heard == "good morning")
        #expect(records[1].translation == "Buenos días")
        #expect(harness.engine.snapshot.turns == [records[1]])
        // The correction is spoken; the word stays with the listener.
        #expect(harness.synthesizer.utterances.last?.text == "Buenos días")
        #expect(harness.engine.snapshot.speaker == spanish)
        harness.clearEvents()
        harness.engine.useReading(5)
        guard case .problem(let error)? = harness.events.last else { Issue.record("no problem reported"); return }
        #expect(error.code == .invalidInput)
        // The turn is the conversation's first, whatever the journal's record numbers.
        #expect(error.message == "Turn 1 has 2 readings: use :alt 1 to 2.")
    }

    @Test func retypeAndUndoCorrectTheLastTurnAndGiveTheWordBack() throws {
        let harness = try EngineHarness()
        harness.engine.typedTurn("good evening")
        harness.engine.retypeLastTurn("thank you")
        harness.engine.undoLastTurn()
        let records = try harness.journalRecords()
        #expect(records.map(\.kind) == [.turn, .correction, .retraction])
        #expect(records.map(\.replaces) == [nil, 1, 2])
        #expect(records[1].translation == "Gracias")
        #expect(records[2].heard == "thank you")
        #expect(harness.engine.snapshot.turns.isEmpty)
        #expect(harness.engine.snapshot.speaker == english)
        #expect(harness.events.last == .retracted(turn: 1, locale: english))
        harness.clearEvents()
        harness.engine.undoLastTurn()
        #expect(harness.events == [.condition(.noTurnToCorrect)])
    }

    /// `:again` after `:undo` said the turn taken back; it says the turn that stands again.
    @Test func againAfterUndoNeverSaysTheTurnTakenBack() throws {
        let harness = try EngineHarness()
        harness.engine.typedTurn("good morning")
        harness.engine.typedTurn("gracias")
        harness.engine.undoLastTurn()
        harness.engine.sayAgain()
        #expect(harness.synthesizer.utterances.last?.text == "Buenos días")
        harness.engine.undoLastTurn()
        harness.clearEvents()
        harness.engine.sayAgain()
        #expect(harness.events == [.condition(.nothingSaidYet)])
    }

    /// Messages count the conversation's turns, not journal records: after one spoken turn,
    /// `:alt 2` then `:retype` both correct turn 1, and `:undo` takes turn 1 back.
    @Test func correctionsNameTheTurnTheyCorrectNotAJournalRecord() throws {
        let harness = try EngineHarness(script: [english: [
            ScriptedUtterance("good mourning", readings: ["good morning"], locale: english, endpointAfter: 2),
        ]])
        harness.audio.say(harness.speech(2))
        harness.engine.listen()
        harness.engine.useReading(2)
        harness.engine.retypeLastTurn("thank you")
        harness.engine.undoLastTurn()
        let heard = harness.events.compactMap { event -> HeardText? in
            if case .heard(let heard) = event { return heard }
            return nil
        }
        #expect(heard.map(\.turn) == [1, 1, 1])
        #expect(heard.map(\.corrects) == [nil, 1, 1])
        #expect(harness.events.last == .retracted(turn: 1, locale: english))
        // The journal still numbers its records and chains what each replaces.
        #expect(try harness.journalRecords().map(\.replaces) == [nil, 1, 2, 3])
        // A second turn after a correction is turn 2.
        harness.engine.typedTurn("good morning")
        harness.engine.typedTurn("gracias")
        let last = harness.events.compactMap { event -> Int? in
            if case .heard(let heard) = event { return heard.turn }
            return nil
        }
        #expect(last.suffix(2) == [1, 2])
    }
}


/// A translation too long to say is said up to a bound, and the cut is said.
@Suite("Conversation engine: bounded speech")
struct BoundedSpeechTests {
    @Test func aVeryLongTurnIsSpokenUpToTheBoundAndTheCutIsSaid() throws {
        let harness = try EngineHarness()
        harness.engine.setDetectsLanguage(false)
        let long = Array(repeating: "station", count: 2_000).joined(separator: " ")
        harness.engine.typedTurn(long)
        let said = harness.synthesizer.utterances.map(\.text).joined(separator: " ")
        #expect(said.count <= ConversationEngine.maximumSpokenCharacters)
        #expect(said.count > ConversationEngine.maximumSpokenCharacters - 20)
        #expect(harness.events.contains { event in
            if case .condition(.speechCut(let spoken, let total)) = event { spoken == said.count && total > 10_000 } else { false }
        })
        // The whole translation is still shown and journaled.
        #expect(try harness.journalRecords().first?.translation.count ?? 0 > 10_000)
    }
}
