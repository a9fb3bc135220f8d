import Foundation
import ParleyKit
import Testing

/// The endpointer's wait with cues: what was said (the recognizer's partial words) and how
/// (the pitch at the end of the last voiced stretch), on synthetic voices and room noise.
@Suite("Endpointer cues")
struct EndpointerCuesTests {
    static let korean = TurnCues(pack: .named("ko"))

    /// A voice for one second, its last 0.4 s gliding to `end` Hz, then `silence` seconds of
    /// the room, in 30 ms chunks.
    static func utterance(endingAt end: Double, silence: Double = 1.5) -> [[Int16]] {
        let voice = PitchContourTests.voice(0.6, from: 200, to: 200) + PitchContourTests.voice(0.4, from: 200, to: end)
        return chunked(EndpointerTests.room(1).flatMap { $0 } + voice) + EndpointerTests.room(silence)
    }

    static func chunked(_ samples: [Int16]) -> [[Int16]] {
        stride(from: 0, to: samples.count, by: 480).map { Array(samples[$0..<min($0 + 480, samples.count)]) }
    }

    /// Seconds of silence after which the utterance ended (nil: it did not), with `words`
    /// heard as the voice ends and the cues of `cues`.
    static func silenceWaited(endingAt end: Double, words: String, cues: TurnCues?) -> Double? {
        var endpointer = Endpointer(trailingSilence: 0.45)
        endpointer.reset(cues: cues)
        endpointer.recognizerHeard(words)
        return EndpointerTests.endpoint(after: utterance(endingAt: end), &endpointer).map { $0 - 2 }
    }

    @Test("the wait, by what was said and how", arguments: [
        (140.0, "감사합니다", 0.3),         // finished words, falling voice: no shorter (it cut a clause at a comma)
        (200.0, "감사합니다", 0.3),         // finished words alone
        (280.0, "어디예요", 0.3),           // a question rises: its words still count
        (140.0, "커피", 0.45),              // a falling voice alone only confirms words
        (200.0, "커피", 0.45),              // a level voice: more may come
        (280.0, "커피", 0.45),              // rising
        (140.0, "공항에 가고", 0.45),       // a connective ending, however the voice fell
        (140.0, "음", 0.45),                // a filled pause
    ])
    func wait(end: Double, words: String, expected: Double) throws {
        let waited = try #require(Self.silenceWaited(endingAt: end, words: words, cues: Self.korean))
        // The room comes in 30 ms chunks: the endpoint is seen at the first chunk past the wait.
        #expect(waited >= expected - 0.001 && waited < expected + 0.03 + 0.001, "waited \(waited) s")
    }

    /// Without cues (the benchmark's "before"), finished words and a falling voice change nothing.
    @Test func withoutCuesTheFullSettingIsWaited() throws {
        let waited = try #require(Self.silenceWaited(endingAt: 140, words: "감사합니다", cues: nil))
        #expect(waited >= 0.45 - 0.001 && waited < 0.48 + 0.001)
    }

    /// Finished words the recognizer is unsure of (the small Korean model's "었다" for the
    /// first half "병원이", at 0.34) wait the full setting; sure of them, the wait is shorter;
    /// partial words carry no confidence and count as they read.
    @Test(arguments: [(0.34, 0.45), (0.59, 0.45), (0.6, 0.3), (1.0, 0.3), (nil, 0.3)] as [(Double?, Double)])
    func finishedWordsCountOnlyWhenTheRecognizerIsSureOfTheLastOne(confidence: Double?, expected: Double) throws {
        var endpointer = Endpointer(trailingSilence: 0.45)
        endpointer.reset(cues: Self.korean)
        endpointer.recognizerHeard("었다", lastWordConfidence: confidence)
        let waited = try #require(EndpointerTests.endpoint(after: Self.utterance(endingAt: 200), &endpointer).map { $0 - 2 })
        #expect(waited >= expected - 0.001 && waited < expected + 0.03 + 0.001, "waited \(waited) s")
    }

    /// The Korean model often writes a sentence's ending as a word of its own: it still ends it.
    @Test func anEndingWrittenAsAWordOfItsOwnIsFinished() {
        #expect(Self.korean.reading(of: "어디에 요") == .finished)
        #expect(Self.korean.reading(of: "도시 다") == .finished)
        #expect(Self.korean.reading(of: "공항에 가고") == .unfinished)
    }

    /// A pause shorter than the setting inside an unfinished sentence never ends the turn.
    @Test func aPauseAfterAConnectiveDoesNotEndTheTurn() {
        var endpointer = Endpointer(trailingSilence: 0.45)
        endpointer.reset(cues: Self.korean)
        endpointer.recognizerHeard("공항에 가고")
        let chunks = Self.utterance(endingAt: 140, silence: 0.4) + Self.chunked(PitchContourTests.voice(0.5, from: 200, to: 200))
        #expect(EndpointerTests.endpoint(after: chunks, &endpointer) == nil)
    }

    @Test("the wait stays within the floor and the user's setting", arguments: [0.3, 0.45, 1.0, 3.0])
    func bounds(ceiling: Double) {
        let readings: [TurnCues.Reading] = [.finished, .unfinished, .unknown]
        let contours: [PitchContour?] = [.falling, .level, .rising, nil]
        for reading in readings {
            for contour in contours {
                let wait = Endpointer.silenceNeeded(ceiling: ceiling, reading: reading, contour: contour)
                #expect(wait >= Endpointer.shortestSilence && wait <= ceiling)
            }
            #expect(Endpointer.silenceNeeded(ceiling: ceiling, reading: .unfinished, contour: .falling) == ceiling)
        }
        #expect(Endpointer.silenceNeeded(ceiling: ceiling, reading: .finished, contour: .falling)
                == Endpointer.silenceNeeded(ceiling: ceiling, reading: .finished, contour: .level))
        #expect(Endpointer.silenceNeeded(ceiling: ceiling, reading: .finished, contour: .level) < ceiling)
        #expect(Endpointer.silenceNeeded(ceiling: ceiling, reading: .unknown, contour: .level) == ceiling)
        #expect(Endpointer.silenceNeeded(ceiling: ceiling, reading: .unknown, contour: .falling) == ceiling)
        #expect(Endpointer.silenceNeeded(ceiling: ceiling, reading: .unknown, contour: .rising) == ceiling)
    }
}
