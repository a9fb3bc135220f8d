import Foundation
import ParleyKit
import ParleyKitTesting
import Synchronization

let english = LocaleTag(language: "en", region: "US")
let spanish = LocaleTag(language: "es", region: "ES")

/// A conversation engine over the in-memory fakes, with every event it reports kept in order.
final class EngineHarness {
    let audio: InMemoryAudioSession
    let recognizer: ScriptedRecognizer
    let translator: TableTranslator
    let synthesizer: RecordingSynthesizer
    let journal: TranscriptJournal
    /// The time the recognizer, translator and synthesizer take: it stands still until a test advances it.
    let clock = ManualClock()
    let folder: URL
    let engine: ConversationEngine
    private let log = EventLog()

    static let phrases: [LanguagePair: [String: String]] = [
        LanguagePair("en", "es"): ["good morning": "Buenos días", "where is the station": "¿Dónde está la estación?",
                                   "thank you": "Gracias", "the": "el", "station": "estación"],
        LanguagePair("es", "en"): ["buenos días": "Good morning", "gracias": "Thank you", "muy bien": "Very well",
                                   "dónde está la estación": "Where is the station?"],
    ]

    init(script: [LocaleTag: [ScriptedUtterance]] = [:], missing: [LocaleTag: ParleyError] = [:],
         translatorDelay: Double = 0, chunkDelay: Double = 0, loadingDelay: Double = 0, microphone: Bool = true,
         openFailures: [AudioDirection: ParleyError] = [:], muted: Bool = false, speaker: Bool = true) throws {
        let audio = InMemoryAudioSession(microphone: microphone, speaker: speaker)
        self.audio = audio
        recognizer = ScriptedRecognizer(script: script, missing: missing, loadingDelay: loadingDelay, time: clock)
        translator = TableTranslator(Self.phrases, delay: translatorDelay, time: clock)
        let synthesizer = RecordingSynthesizer(chunkDelay: chunkDelay, time: clock)
        self.synthesizer = synthesizer
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-engine-\(UUID())")
        journal = try TranscriptJournal(folder: folder)
        let parts = ConversationParts(recognition: recognizer, translator: translator, synthesizer: { synthesizer },
                                      openAudio: { _ in AudioOpening(session: audio, failures: openFailures) }, journal: journal,
                                      time: clock)
        engine = ConversationEngine(first: english, second: spanish, parts: parts, muted: muted) { [log] event in
            log.record(event)
        }
        engine.start(audio: AudioEndpoints(kind: .devices, input: "memory", output: "memory"))
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Every event so far.
    var events: [ConversationEvent] { log.events.withLock { $0 } }

    /// Forgets the events so far.
    func clearEvents() { log.events.withLock { $0.removeAll() } }

    /// Runs `observer` on each later event, on the engine's thread.
    func observe(_ observer: @escaping @Sendable (ConversationEvent) -> Void) {
        log.observers.withLock { $0.append(observer) }
    }

    /// The journal's records, read from disk (none before the first: the file is made with it).
    func journalRecords() throws -> [TurnRecord] {
        guard FileManager.default.fileExists(atPath: journal.file.path) else { return [] }
        return try String(contentsOf: journal.file, encoding: .utf8).split(separator: "\n")
            .map { try JSONDecoder().decode(TurnRecord.self, from: Data($0.utf8)) }
    }

    /// Chunks of speech (level 500) and silence for the fake microphone.
    func speech(_ chunks: Int, level: Int16 = 500) -> [AudioChunk] {
        audio.chunks(seconds: Double(chunks) / 10, level: level)
    }

    /// Calls `body` on another thread once something waits on the clock (a model loading, a
    /// translation or a word being made): to act while the engine waits, without sleeping.
    /// Should the wait then never end (the code under test ignored `body`), the clock jumps
    /// an hour after half a minute, so the test fails on what it checks instead of hanging.
    static func whileWaiting(on clock: ManualClock, _ body: @escaping @Sendable () -> Void) {
        Thread.detachNewThread {
            clock.waitForSleepers()
            body()
            if !clock.waitForNoSleepers(limit: 30) { clock.advance(by: .seconds(3_600)) }
        }
    }
}

/// The events reported so far, and who else wants to hear of them.
private final class EventLog: Sendable {
    let events = Mutex<[ConversationEvent]>([])
    let observers = Mutex<[@Sendable (ConversationEvent) -> Void]>([])

    func record(_ event: ConversationEvent) {
        events.withLock { $0.append(event) }
        for observer in observers.withLock({ $0 }) { observer(event) }
    }
}

extension ConversationEvent {
    /// The event's kind without its payload, for comparing sequences.
    var kind: String {
        switch self {
        case .condition: "condition"
        case .problem: "problem"
        case .modelLoading: "modelLoading"
        case .listening: "listening"
        case .partial: "partial"
        case .noSpeech: "noSpeech"
        case .heard: "heard"
        case .translated: "translated"
        case .speaking: "speaking"
        case .spoken: "spoken"
        case .notSpoken: "notSpoken"
        case .passed: "passed"
        case .languageDetected: "languageDetected"
        case .retracted: "retracted"
        case .cancelled: "cancelled"
        case .audioLost: "audioLost"
        case .interpretation: "interpretation"
        case .reply: "reply"
        case .hint: "hint"
        case .refused: "refused"
        }
    }
}
