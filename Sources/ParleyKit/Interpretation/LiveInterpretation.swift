import Foundation
import Synchronization

/// Live interpretation without turns: the microphone's speech is cut into segments
/// (`SegmentingRecognizer`) on the calling thread, which does nothing else, so recognition
/// never stops while a segment is translated or said; segments are translated and journaled
/// in order on a thread of their own (`parley.interpretation`); translations are said, when
/// a voice is asked for, on the voice's thread (`InterpretationVoice`). Every event is
/// delivered on the calling thread, as the conversation engine's are: the other threads'
/// wait in a relay that listening empties after each piece of audio (every 30 ms or so).
public struct LiveInterpretation: Sendable {
    /// The locales translated from and to.
    public let source: LocaleTag
    public let target: LocaleTag
    /// How speech is cut into segments.
    public var settings = SegmentationSettings()
    private let recognition: any SpeechRecognizing
    private let translator: any Translating
    private let journal: TranscriptJournal?
    private let recordsWritten: Int
    /// What the time the voice spoke over the microphone, and how far it is behind, are measured by.
    private let time: any TimeSource

    /// Interpretation from `source` into `target` with `recognition` and `translator`,
    /// journaling each segment to `journal` from record `recordsWritten + 1` on.
    public init(source: LocaleTag, target: LocaleTag, recognition: any SpeechRecognizing, translator: any Translating,
                journal: TranscriptJournal?, recordsWritten: Int = 0, time: any TimeSource = SystemTime()) {
        self.source = source
        self.target = target
        self.recognition = recognition
        self.translator = translator
        self.journal = journal
        self.recordsWritten = recordsWritten
        self.time = time
    }

    /// Said once when the voice speaks in the microphone's room.
    public static let sharedRoomNotice = "parley's voice and the microphone share the room: while parley speaks, the "
        + "microphone's audio is dropped so parley never interprets itself, and what is said meanwhile is lost. With "
        + "headphones or a second output device (parley interpret --headphones), listening goes on while it speaks."

    /// How listening ended.
    public enum Ending: Sendable, Equatable {
        /// `shouldStop` said so (Enter, Ctrl-C).
        case stopped
        /// The input recording was heard to its end.
        case inputEnded
        /// The microphone failed or recognition could not go on (reported as a problem).
        case failed(ParleyError)
    }

    /// Listens to `audio` until `shouldStop` says yes (asked every capture period, about
    /// 30 ms), the input ends or it fails; reports to `events`, on this thread. With
    /// `speaking`, a voice says each translation. Returns how it ended and the journal
    /// records written by then (the last segments are translated before it returns; what
    /// the voice has not said yet is dropped when stopped, said when the input ended).
    public func run(listeningTo audio: any AudioSession, speaking: InterpretationVoice.Setup? = nil,
                    shouldStop: () -> Bool, events: (InterpretationEvent) -> Void)
        -> (ending: Ending, recordsWritten: Int) {
        let relay = EventRelay()
        defer { relay.drain(into: events) }
        let stream: any RecognitionStream
        do {
            try audio.startListening()
            stream = try recognition.makeStream(for: source, sampleRate: audio.captureRate,
                                                options: RecognitionOptions(maxAlternatives: 1, partials: true))
        } catch {
            audio.stopListening()
            let failure = ParleyError.wrapping(error, stage: .recognition, code: .engineFailed)
            events(.problem(failure))
            return (.failed(failure), recordsWritten)
        }
        if speaking?.sharesRoom == true { events(.notice(Self.sharedRoomNotice)) }
        let voice = speaking.map { [time] in
            InterpretationVoice($0, clock: { time.elapsed.timeInterval }, events: relay.post)
        }
        let translating = TranslationThread(interpreter: SegmentInterpreter(
            source: source, target: target, translator: translator, journal: journal,
            recordsWritten: recordsWritten, events: relay.post), voice: voice)
        let segmenting = SegmentingRecognizer(stream: stream, segmenter: SpeechSegmenter(
            settings: settings, cues: TurnCues(pack: translator.packs.pack(source.language))))
        events(.listening(source))
        let ending = listen(to: audio, through: segmenting, translating: translating, voice: voice,
                            shouldStop: shouldStop, relay: relay, events: events)
        audio.stopListening()
        if let last = try? segmenting.finish(.end) { translating.add(last) }
        let written = translating.finish()
        voice?.finish(now: ending == .stopped)
        relay.post(.ended(segments: translating.segments, seconds: segmenting.secondsFed))
        return (ending, written)
    }

    private func listen(to audio: any AudioSession, through segmenting: SegmentingRecognizer,
                        translating: TranslationThread, voice: InterpretationVoice?, shouldStop: () -> Bool,
                        relay: EventRelay, events: (InterpretationEvent) -> Void) -> Ending {
        // Said in the room, a translation is dropped from the microphone: the segment heard so
        // far ends before it, so its words are not left waiting for the voice to finish.
        // The time it spoke is counted on the clock, so the segments after it keep the
        // listening's time (what the microphone dropped is not fed).
        let sharedRoom = voice?.sharesRoom == true
        var speakingSince: Duration?
        while !shouldStop() {
            relay.drain(into: events)
            if sharedRoom {
                let speaking = voice?.isSpeaking == true
                if speaking, speakingSince == nil {
                    speakingSince = time.elapsed
                    if segmenting.inSegment {
                        do { if let heard = try segmenting.finish(.voice) { translating.add(heard) } } catch {
                            return failed(error, events: events)
                        }
                    }
                } else if !speaking, let since = speakingSince {
                    segmenting.skip(seconds: (time.elapsed - since).timeInterval)
                    speakingSince = nil
                }
            }
            guard let chunk = audio.nextCaptured(timeout: 0.1) else {
                guard let failure = audio.captureFailure else { continue }
                if failure.code == .inputEnded { return .inputEnded }
                events(.problem(failure))
                return .failed(failure)
            }
            do {
                for event in try segmenting.accept(chunk.mixedToMono().samples) {
                    switch event {
                    case .partial(let words): events(.partial(source, words))
                    case .segment(let heard): translating.add(heard)
                    }
                }
            } catch {
                return failed(error, events: events)
            }
        }
        return .stopped
    }

    private func failed(_ error: any Error, events: (InterpretationEvent) -> Void) -> Ending {
        let failure = ParleyError.wrapping(error, stage: .recognition, code: .engineFailed)
        events(.problem(failure))
        return .failed(failure)
    }
}

/// Events of the other threads, kept for the listening thread to deliver.
private final class EventRelay: Sendable {
    private let waiting = Mutex<[InterpretationEvent]>([])

    @Sendable func post(_ event: InterpretationEvent) {
        waiting.withLock { $0.append(event) }
    }

    /// Hands every event waiting to `events`, in order.
    func drain(into events: (InterpretationEvent) -> Void) {
        for event in waiting.withLock({ waiting in defer { waiting.removeAll() }; return waiting }) { events(event) }
    }
}

/// The thread that translates and journals segments in order, and hands each translation
/// to the voice.
private final class TranslationThread: @unchecked Sendable {
    // @unchecked: `interpreter` is used only on the thread, and `written`/`count` are read
    // after `done` says it has ended.
    private let waiting = HandOff<HeardSegment>()
    private let done = DispatchSemaphore(value: 0)
    private var written = 0
    private var count = 0

    init(interpreter: SegmentInterpreter, voice: InterpretationVoice?) {
        let thread = Thread { [self] in
            while let heard = waiting.next() {
                let segment = interpreter.interpret(heard)
                if let translation = segment.translation { voice?.say(translation, number: heard.number) }
                count += 1
            }
            written = interpreter.recordsWritten
            done.signal()
        }
        thread.name = "parley.interpretation"
        thread.start()
    }

    func add(_ heard: HeardSegment) { waiting.add(heard) }

    /// Segments interpreted (valid after `finish`).
    var segments: Int { count }

    /// Translates what is left, ends the thread, and returns the journal records written.
    func finish() -> Int {
        waiting.close()
        done.wait()
        return written
    }
}
