import Foundation
import ParleyKit
import Testing

/// What the last words say about the end of a turn, from the shipped packs' lists.
@Suite("Turn cues")
struct TurnCuesTests {
    @Test("finished sentences", arguments: [
        ("ko", "화장실이 어디예요"), ("ko", "감사합니다"), ("ko", "얼마입니까"), ("ko", "괜찮다"), ("ko", "네"),
        ("en", "thank you"), ("en", "two coffees please"), ("es", "la cuenta por favor"), ("es", "muchas gracias"),
    ])
    func finished(language: String, partial: String) {
        #expect(TurnCues(pack: .named(language)).reading(of: partial) == .finished)
    }

    @Test("words a sentence cannot end with", arguments: [
        ("ko", "공항에 가고"), ("ko", "비가 와서"), ("ko", "비싼데"), ("ko", "시간이 있으면"), ("ko", "병원이"),
        ("en", "where is the"), ("en", "i would like my"), ("en", "coffee and"), ("en", "a ticket to"),
        ("es", "quiero un"), ("es", "café con"), ("es", "pero"),
    ])
    func unfinished(language: String, partial: String) {
        #expect(TurnCues(pack: .named(language)).reading(of: partial) == .unfinished)
    }

    @Test("filled pauses", arguments: [("ko", "공항에 음"), ("ko", "어"), ("en", "i want um"), ("en", "uh"), ("es", "quiero este")])
    func filledPause(language: String, partial: String) {
        #expect(TurnCues(pack: .named(language)).reading(of: partial) == .unfinished)
    }

    @Test("words that say neither", arguments: [("ko", "커피"), ("en", "the station"), ("es", "la estación"), ("en", "")])
    func neither(language: String, partial: String) {
        #expect(TurnCues(pack: .named(language)).reading(of: partial) == .unknown)
    }

    /// A hesitation or a connective wins over a finished form before it.
    @Test func theLastWordsDecide() {
        let cues = TurnCues(pack: .named("ko"))
        #expect(cues.reading(of: "좋아요 그런데 음") == .unfinished)
        #expect(cues.reading(of: "가고 싶어요") == .finished)
    }

    /// A language without the lists has no cues: the wait never changes.
    @Test func aPackWithoutTheListsSaysNothing() {
        let cues = TurnCues(pack: LanguagePack(language: "xx"))
        #expect(cues.isEmpty)
        #expect(cues.reading(of: "anything at all") == .unknown)
    }
}
