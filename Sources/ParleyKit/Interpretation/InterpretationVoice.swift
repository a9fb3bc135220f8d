import Foundation
import Synchronization

/// The voice of live interpretation: says translations on a thread of its own
/// (`parley.interpretation-voice`), so listening and translating never wait for it, in the
/// order of a `SpeechQueue` (which skips to the newest when the voice falls behind).
///
/// With `sharesRoom`, the speaker is in the microphone's room: speech goes through the
/// session's echo guard, so the microphone drops what it hears meanwhile (parley never
/// interprets itself) and `isSpeaking` tells the listening thread to end its segment first.
/// Otherwise (headphones, a second device) the microphone goes on listening.
public final class InterpretationVoice: Sendable {
    /// How the voice speaks.
    public struct Setup: Sendable {
        /// The synthesizer.
        public let synthesizer: any SpeechSynthesizing
        /// The session played through (the microphone's own, or one of its own).
        public let session: any AudioSession
        /// True when the speaker and the microphone share a room.
        public let sharesRoom: Bool
        /// The voices of each locale.
        public let voices: VoiceSettings
        /// How far behind the voice may fall before it skips.
        public let allowedLag: Double

        /// A voice speaking with `synthesizer` through `session`.
        public init(synthesizer: any SpeechSynthesizing, session: any AudioSession, sharesRoom: Bool,
                    voices: VoiceSettings = VoiceSettings(), allowedLag: Double = SpeechQueue.defaultLag) {
            self.synthesizer = synthesizer
            self.session = session
            self.sharesRoom = sharesRoom
            self.voices = voices
            self.allowedLag = allowedLag
        }
    }

    private let setup: Setup
    private let waiting = HandOff<QueuedSpeech>()
    private let speaking = Atomic<Bool>(false)
    private let stopping = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)
    private let clock: @Sendable () -> Double

    /// Starts the voice's thread; `events` hears what it says and skips. `clock` reads
    /// seconds (monotonic) for how far behind it is.
    public init(_ setup: Setup, clock: @escaping @Sendable () -> Double = InterpretationVoice.uptime,
                events: @escaping @Sendable (InterpretationEvent) -> Void) {
        self.setup = setup
        self.clock = clock
        let thread = Thread { [self] in
            var queue = SpeechQueue(allowedLag: setup.allowedLag)
            while !stopping.load(ordering: .relaxed) {
                // Everything that came meanwhile joins the queue before the next is chosen;
                // with nothing to say, the thread waits for more (or the end).
                let (items, closed) = queue.count == 0 ? waiting.takeAll() : waiting.takeAvailable()
                items.forEach { queue.add($0) }
                if queue.count == 0, closed { break }
                guard !stopping.load(ordering: .relaxed), let (next, skipped) = queue.next(now: clock()) else { continue }
                if let oldest = skipped.first {
                    events(.skipped(segments: skipped.map(\.number), behind: clock() - oldest.heardAt))
                }
                speaking.store(true, ordering: .relaxed)
                say(next, events: events)
                speaking.store(false, ordering: .relaxed)
            }
            done.signal()
        }
        thread.name = "parley.interpretation-voice"
        thread.start()
    }

    /// Seconds since boot, for `clock`.
    public static let uptime: @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// True when the speaker shares the microphone's room.
    public var sharesRoom: Bool { setup.sharesRoom }

    /// True while a translation is being said.
    public var isSpeaking: Bool { speaking.load(ordering: .relaxed) }

    /// Queues segment `number`'s translation, heard now.
    public func say(_ translation: Translation, number: Int) {
        waiting.add(QueuedSpeech(number: number, parts: translation.spokenParts, heardAt: clock()))
    }

    /// Ends the voice: with `now`, what it is saying stops and the rest is dropped; else it
    /// says what is queued first. Returns once its thread has ended.
    public func finish(now: Bool) {
        if now {
            stopping.store(true, ordering: .relaxed)
            waiting.removeAll()
            setup.synthesizer.stop()
        }
        waiting.close()
        done.wait()
    }

    private func say(_ speech: QueuedSpeech, events: @Sendable (InterpretationEvent) -> Void) {
        let parts = ConversationEngine.bounded(speech.parts, limit: ConversationEngine.maximumSpokenCharacters)
        guard !parts.isEmpty else { return }
        events(.speaking(number: speech.number))
        do {
            _ = try SpeechOutput(synthesizer: setup.synthesizer, session: setup.session)
                .speak(parts, style: { locale in (setup.voices.voice(for: locale), setup.voices.settings(for: locale)) },
                       shouldStop: { self.stopping.load(ordering: .relaxed) },
                       skipped: { _, error in
                           events(.problem(ParleyError.wrapping(error, stage: .synthesis, code: .engineFailed)))
                       })
        } catch {
            events(.problem(ParleyError.wrapping(error, stage: .synthesis, code: .engineFailed)))
        }
    }
}
