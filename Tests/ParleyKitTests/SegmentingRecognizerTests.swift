import Foundation
import ParleyKit
import Testing

/// A stream that "hears" a word in every chunk with speech in it, timed by its own clock
/// (the samples it was fed, padding included, as Vosk times words), and counts how its
/// utterances were ended.
private final class ClockedStream: RecognitionStream {
    let locale = LocaleTag(language: "en", region: "US")
    let sampleRate = 16_000
    private var fed = 0
    private var words: [RecognizedWord] = []
    private var heard = 0
    private(set) var ended = 0
    private(set) var finished = 0

    func accept(_ samples: [Int16]) throws -> RecognitionEvent? {
        defer { fed += samples.count }
        guard samples.contains(where: { abs(Int($0)) > 1_000 }) else { return nil }
        heard += 1
        words.append(RecognizedWord(word: "w\(heard)", start: Double(fed) / Double(sampleRate),
                                    end: Double(fed + samples.count) / Double(sampleRate), confidence: 1))
        return .partial(words.map(\.word).joined(separator: " "))
    }

    func finish() throws -> RecognitionResult {
        finished += 1
        return take()
    }

    func endUtterance() throws -> RecognitionResult {
        ended += 1
        return take()
    }

    func reset() { words = [] }

    private func take() -> RecognitionResult {
        defer { words = [] }
        let text = words.map(\.word).joined(separator: " ")
        return RecognitionResult(locale: locale.identifier, text: text, alternatives: [], words: words)
    }
}

@Suite("Segmenting recognizer")
struct SegmentingRecognizerTests {
    /// Feeds `samples` in 30 ms chunks; the events in order.
    private static func feed(_ samples: [Int16], to recognizer: SegmentingRecognizer) throws -> [SegmentingRecognizer.Event] {
        try stride(from: 0, to: samples.count, by: 480).flatMap { start in
            try recognizer.accept(Array(samples[start..<min(start + 480, samples.count)]))
        }
    }

    private static func segments(_ events: [SegmentingRecognizer.Event]) -> [HeardSegment] {
        events.compactMap { if case .segment(let heard) = $0 { heard } else { nil } }
    }

    @Test func segmentsAreNumberedTimedOnTheInputAndEndedAsTheRecognizerWouldEndThem() throws {
        let stream = ClockedStream()
        let recognizer = SegmentingRecognizer(stream: stream, segmenter: SpeechSegmenter(
            settings: SegmentationSettings(longestSegment: 6, pause: 0.5)))
        let audio = SpeechSegmenterTests.room(0.3) + SpeechSegmenterTests.speech(1) + SpeechSegmenterTests.room(1)
            + SpeechSegmenterTests.speech(1.2) + SpeechSegmenterTests.room(1)
        let events = try Self.feed(audio, to: recognizer)
        let heard = Self.segments(events)
        #expect(heard.map(\.number) == [1, 2])
        #expect(heard.map(\.cut) == [.pause, .pause])
        // Timed on the input, though the stream heard half a second of quiet after each cut.
        #expect(abs(heard[0].start - 0.3) < 0.04 && abs(heard[0].end - 1.3) < 0.04, "\(heard[0].start)–\(heard[0].end)")
        #expect(abs(heard[1].start - 2.3) < 0.04 && abs(heard[1].end - 3.5) < 0.04, "\(heard[1].start)–\(heard[1].end)")
        #expect(stream.ended == 2 && stream.finished == 0)
        #expect(events.contains(.partial("w1 w2")))
        #expect(abs(recognizer.secondsFed - 4.5) < 0.001)
        #expect(try recognizer.finish() == nil)
        #expect(stream.finished == 1)
    }

    /// While parley speaks in the room the microphone drops its audio: the words after it
    /// are timed on the input's clock, the time it spoke counted in.
    @Test func inputThatWasNeverFedIsCountedInTheTimes() throws {
        let recognizer = SegmentingRecognizer(stream: ClockedStream(), segmenter: SpeechSegmenter(
            settings: SegmentationSettings(longestSegment: 6, pause: 0.5)))
        let first = Self.segments(try Self.feed(SpeechSegmenterTests.room(0.3) + SpeechSegmenterTests.speech(1)
            + SpeechSegmenterTests.room(1), to: recognizer))
        recognizer.skip(seconds: 2)
        let second = Self.segments(try Self.feed(SpeechSegmenterTests.speech(1) + SpeechSegmenterTests.room(1), to: recognizer))
        #expect(first.count == 1 && second.count == 1)
        #expect(abs((second.first?.start ?? 0) - 4.3) < 0.04, "\(second.first?.start ?? 0)")
        #expect(abs(recognizer.secondsFed - 6.3) < 0.001)
    }

    @Test func theEndOfTheInputFinishesTheSegmentInProgress() throws {
        let stream = ClockedStream()
        let recognizer = SegmentingRecognizer(stream: stream, segmenter: SpeechSegmenter())
        _ = try Self.feed(SpeechSegmenterTests.speech(0.9), to: recognizer)
        #expect(recognizer.inSegment)
        let last = try #require(try recognizer.finish(.end))
        #expect(last.cut == .end && last.number == 1)
        #expect(stream.finished == 1 && stream.ended == 0)
    }

    @Test func longSpeechBecomesSegmentsNoLongerThanTheLongest() throws {
        let stream = ClockedStream()
        let recognizer = SegmentingRecognizer(stream: stream, segmenter: SpeechSegmenter(
            settings: SegmentationSettings(longestSegment: 4, pause: 0.5)))
        let events = try Self.feed(SpeechSegmenterTests.speech(13) + SpeechSegmenterTests.room(1), to: recognizer)
        let heard = Self.segments(events)
        #expect(heard.count >= 4, "\(heard.map(\.cut))")
        #expect(heard.allSatisfy { $0.end - $0.start <= 4.05 }, "\(heard.map { $0.end - $0.start })")
        // Every word heard is in exactly one segment, in order.
        let words = heard.flatMap { $0.result.words.map(\.word) }
        #expect(words.count == Set(words).count)
        #expect(heard.flatMap { $0.result.words.map(\.start) } == heard.flatMap { $0.result.words.map(\.start) }.sorted())
    }

    @Test func theRecognizersOwnEndpointEndsASegmentToo() throws {
        let script = ScriptedUtteranceFixture.recognizer()
        let stream = try script.makeStream(for: LocaleTag(language: "en", region: "US"), sampleRate: 16_000,
                                           options: RecognitionOptions(maxAlternatives: 1, partials: true))
        let recognizer = SegmentingRecognizer(stream: stream, segmenter: SpeechSegmenter())
        let events = try Self.feed(SpeechSegmenterTests.speech(0.3), to: recognizer)
        #expect(Self.segments(events).map(\.cut) == [.recognizer])
        #expect(Self.segments(events).first?.text == "good morning")
    }
}

import ParleyKitTesting

/// A scripted recognizer whose one utterance ends at its own endpoint after 3 chunks.
enum ScriptedUtteranceFixture {
    static func recognizer() -> ScriptedRecognizer {
        let english = LocaleTag(language: "en", region: "US")
        return ScriptedRecognizer(script: [english: [ScriptedUtterance("good morning", locale: english, endpointAfter: 3)]])
    }
}
