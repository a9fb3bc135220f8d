import Foundation
import ParleyKit
import ParleyKitTesting
import Synchronization
import Testing

/// Everything an interpretation reported, from whichever thread.
private final class InterpretationLog: Sendable {
    private let events = Mutex<[InterpretationEvent]>([])
    func record(_ event: InterpretationEvent) { events.withLock { $0.append(event) } }
    var all: [InterpretationEvent] { events.withLock { $0 } }
    var heard: [HeardSegment] { all.compactMap { if case .heard(let heard) = $0 { heard } else { nil } } }
    var translated: [(Int, String)] {
        all.compactMap { if case .translated(let number, let translation) = $0 { (number, translation.text) } else { nil } }
    }
}

/// Live interpretation and its journal on the fakes: the microphone plays speech and quiet,
/// the scripted recognizer hears an utterance in each stretch of speech, the table
/// translates, the recording synthesizer speaks.
@Suite("Interpretation")
struct InterpretationTests {
    static let korean = LocaleTag(language: "ko", region: "KR")
    static let english = LocaleTag(language: "en", region: "US")
    static let table: [LanguagePair: [String: String]] = [
        LanguagePair("ko", "en"): ["얼마 예요": "How much is it?", "감사합니다": "Thank you", "화장실 어디 예요": "Where is the bathroom?"],
    ]

    /// Chunks of 0.1 s: speech is level 3000, quiet is zero.
    static func stretch(_ audio: InMemoryAudioSession, speech: Double, quiet: Double) -> [AudioChunk] {
        audio.chunks(seconds: speech, level: 3_000) + audio.chunks(seconds: quiet, level: 0)
    }

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("parley-interpretation-\(UUID())")
    }

    static func journalLines(_ journal: TranscriptJournal) throws -> [[String: Any]] {
        try String(contentsOf: journal.file, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func eachStretchOfSpeechIsShownTranslatedAndJournaledInOrderWhileListeningGoesOn() throws {
        let audio = InMemoryAudioSession()
        let phrases = ["얼마 예요", "감사합니다", "화장실 어디 예요"]
        // The room is heard first: speech stands out from its quiet.
        audio.say(audio.chunks(seconds: 0.3, level: 0) + phrases.flatMap { _ in Self.stretch(audio, speech: 0.5, quiet: 0.8) })
        audio.endAfterQueuedAudio()
        let recognizer = ScriptedRecognizer(script: [Self.korean: phrases.map {
            ScriptedUtterance($0, locale: Self.korean, endpointAfter: nil)
        }])
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = try TranscriptJournal(folder: folder, name: "interpretation")
        let log = InterpretationLog()
        let interpretation = LiveInterpretation(source: Self.korean, target: Self.english, recognition: recognizer,
                                                translator: TableTranslator(Self.table), journal: journal, recordsWritten: 4)
        let (ending, written) = interpretation.run(listeningTo: audio, shouldStop: { false }, events: log.record)
        #expect(ending == .inputEnded)
        #expect(written == 7)
        #expect(log.heard.map(\.text) == phrases)
        #expect(log.heard.map(\.cut) == [.pause, .pause, .pause])
        #expect(log.translated.map(\.0) == [1, 2, 3])
        #expect(log.translated.map(\.1) == ["How much is it?", "Thank you", "Where is the bathroom?"])
        // Each segment's words come just before its translation.
        let order = log.all.compactMap { event -> String? in
            switch event {
            case .heard(let heard): "heard \(heard.number)"
            case .translated(let number, _): "translated \(number)"
            default: nil
            }
        }
        #expect(order == ["heard 1", "translated 1", "heard 2", "translated 2", "heard 3", "translated 3"])
        #expect(log.all.first == .listening(Self.korean))
        #expect(log.all.last == .ended(segments: 3, seconds: 4.2))
        let records = try Self.journalLines(journal)
        #expect(records.map { $0["kind"] as? String } == ["segment", "segment", "segment"])
        #expect(records.map { $0["turn"] as? Int } == [5, 6, 7])
        #expect(records.map { $0["segment"] as? Int } == [1, 2, 3])
        #expect(records.map { $0["heard"] as? String } == phrases)
        #expect(records.map { $0["translation"] as? String } == ["How much is it?", "Thank you", "Where is the bathroom?"])
        #expect(records.allSatisfy { $0["start"] is Double && $0["end"] is Double && $0["cut"] as? String == "pause" })
        #expect(records.allSatisfy { $0["from"] as? String == "ko-KR" && $0["to"] as? String == "en-US" })
        #expect(journal.file.lastPathComponent.hasPrefix("interpretation-"))
    }

    @Test func stoppingEndsListeningAndTranslatesWhatWasHeardSoFar() throws {
        let audio = InMemoryAudioSession()
        audio.say(audio.chunks(seconds: 0.4, level: 3_000))
        let recognizer = ScriptedRecognizer(script: [Self.korean: [ScriptedUtterance("얼마 예요", locale: Self.korean, endpointAfter: nil)]])
        let log = InterpretationLog()
        let interpretation = LiveInterpretation(source: Self.korean, target: Self.english, recognition: recognizer,
                                                translator: TableTranslator(Self.table), journal: nil)
        let (ending, _) = interpretation.run(listeningTo: audio, shouldStop: { audio.unheardChunks == 0 }, events: log.record)
        #expect(ending == .stopped)
        #expect(log.heard.map(\.cut) == [.end])
        #expect(log.translated.map(\.1) == ["How much is it?"])
        #expect(audio.transitions.first == .startListening && audio.transitions.last == .stopListening)
    }

    @Test func aFailedTranslationIsReportedAndTheSegmentKeptUntranslated() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = try TranscriptJournal(folder: folder)
        let log = InterpretationLog()
        // The table has no Korean → Spanish: every translation fails.
        let interpreter = SegmentInterpreter(source: Self.korean, target: LocaleTag(language: "es", region: "ES"),
                                             translator: TableTranslator(Self.table), journal: journal, events: log.record)
        let heard = HeardSegment(number: 1, result: RecognitionResult(locale: "ko-KR", text: "얼마 예요", alternatives: [], words: [
            RecognizedWord(word: "얼마", start: 1.25, end: 1.5, confidence: 1), RecognizedWord(word: "예요", start: 1.5, end: 2.0004, confidence: 1),
        ]), cut: .clause)
        let segment = interpreter.interpret(heard)
        #expect(segment.translation == nil)
        #expect(log.all.contains { if case .problem(let error) = $0 { error.code == .pairUnavailable } else { false } })
        let record = try #require(try Self.journalLines(journal).first)
        #expect(record["translation"] == nil)
        #expect(record["start"] as? Double == 1.25 && record["end"] as? Double == 2.0)
        #expect(record["cut"] as? String == "clause")
    }

    @Test func theVoiceSaysEveryTranslationInOrderThroughTheEchoGuard() throws {
        let audio = InMemoryAudioSession()
        let phrases = ["얼마 예요", "감사합니다"]
        // The room is heard first: speech stands out from its quiet.
        audio.say(audio.chunks(seconds: 0.3, level: 0) + phrases.flatMap { _ in Self.stretch(audio, speech: 0.5, quiet: 0.8) })
        audio.endAfterQueuedAudio()
        let recognizer = ScriptedRecognizer(script: [Self.korean: phrases.map {
            ScriptedUtterance($0, locale: Self.korean, endpointAfter: nil)
        }])
        let synthesizer = RecordingSynthesizer()
        let log = InterpretationLog()
        let interpretation = LiveInterpretation(source: Self.korean, target: Self.english, recognition: recognizer,
                                                translator: TableTranslator(Self.table), journal: nil)
        let (ending, _) = interpretation.run(
            listeningTo: audio, speaking: InterpretationVoice.Setup(synthesizer: synthesizer, session: audio, sharesRoom: true),
            shouldStop: { false }, events: log.record)
        #expect(ending == .inputEnded)
        // The input ended: what was queued is said to its end before `run` returns.
        #expect(synthesizer.utterances.map(\.text) == ["How much is it?", "Thank you"])
        #expect(log.all.filter { if case .speaking = $0 { true } else { false } } == [.speaking(number: 1), .speaking(number: 2)])
        #expect(audio.utterances.count == 2)
        #expect(audio.transitions.filter { $0 == .beginSpeaking }.count == 2)
    }
}
