import Foundation
import ParleyKit
import Testing

/// The voice's queue: oldest first, and when it falls behind by more than the setting, the
/// newest, naming what it skipped. Time is passed in.
@Suite("Speech queue")
struct SpeechQueueTests {
    static func speech(_ number: Int, at heardAt: Double) -> QueuedSpeech {
        QueuedSpeech(number: number, parts: [SpokenPart(text: "segment \(number)", locale: LocaleTag(language: "en"))],
                     heardAt: heardAt)
    }

    @Test func translationsAreSaidInOrderWhileTheVoiceKeepsUp() {
        var queue = SpeechQueue(allowedLag: 10)
        for number in 1...3 { queue.add(Self.speech(number, at: Double(number))) }
        var said: [Int] = []
        while let (next, skipped) = queue.next(now: 5) {
            #expect(skipped.isEmpty)
            said.append(next.number)
        }
        #expect(said == [1, 2, 3])
    }

    @Test func aVoiceTooFarBehindSkipsToTheNewestAndNamesWhatItSkipped() {
        var queue = SpeechQueue(allowedLag: 8)
        for number in 1...4 { queue.add(Self.speech(number, at: Double(number * 2))) }
        // The oldest waiting was heard at 2 s; at 10.5 s it is 8.5 s behind.
        let next = queue.next(now: 10.5)
        #expect(next?.speech.number == 4)
        #expect(next?.skipped.map(\.number) == [1, 2, 3])
        #expect(queue.count == 0)
    }

    @Test func exactlyAtTheLagNothingIsSkipped() {
        var queue = SpeechQueue(allowedLag: 8)
        queue.add(Self.speech(1, at: 2))
        queue.add(Self.speech(2, at: 3))
        #expect(queue.next(now: 10)?.skipped.isEmpty == true)
    }

    @Test func aLoneLateTranslationIsStillSaid() {
        var queue = SpeechQueue(allowedLag: 2)
        queue.add(Self.speech(7, at: 0))
        let next = queue.next(now: 30)
        #expect(next?.speech.number == 7)
        #expect(next?.skipped.isEmpty == true)
    }

    @Test func theLagIsClampedToItsRange() {
        #expect(SpeechQueue(allowedLag: 0).allowedLag == SpeechQueue.allowedLags.lowerBound)
        #expect(SpeechQueue(allowedLag: 1_000).allowedLag == SpeechQueue.allowedLags.upperBound)
    }
}
