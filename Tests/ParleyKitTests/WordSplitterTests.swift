import Foundation
import ParleyKit
import Testing

/// A long utterance of a recording cut into subtitles at clause boundaries of its words.
@Suite("Word splitter")
struct WordSplitterTests {
    /// Words of 0.4 s each, with the pauses `gaps` after them (0.05 s where none is given).
    static func words(_ texts: [String], gaps: [Int: Double] = [:]) -> [RecognizedWord] {
        var time = 0.0
        return texts.enumerated().map { index, text in
            defer { time += 0.4 + (gaps[index] ?? 0.05) }
            return RecognizedWord(word: text, start: time, end: time + 0.4, confidence: 0.9)
        }
    }

    @Test func piecesKeepEveryWordInOrderAndLastAtMostTheLongest() {
        let words = Self.words((1...40).map { "w\($0)" }, gaps: [9: 0.3, 17: 0.25, 30: 0.4])
        let pieces = WordSplitter(longest: 6).pieces(words)
        #expect(pieces.flatMap { $0 } == words)
        #expect(pieces.allSatisfy { $0.last!.end - $0.first!.start <= 6 }, "\(pieces.map { $0.map(\.word) })")
        // The longest pause within reach is where the first cut falls.
        #expect(pieces.first?.last?.word == "w10")
    }

    @Test func aShortUtteranceIsOnePiece() {
        let words = Self.words(["얼마", "예요"])
        #expect(WordSplitter(longest: 6).pieces(words) == [words])
        #expect(WordSplitter(longest: 6).pieces([]).isEmpty)
    }

    @Test func aWordLongerThanTheLongestIsAPieceOfItsOwn() {
        let long = RecognizedWord(word: "long", start: 0, end: 3, confidence: 1)
        let short = RecognizedWord(word: "short", start: 3.1, end: 3.4, confidence: 1)
        #expect(WordSplitter(longest: 2).pieces([long, short]) == [[long], [short]])
    }

    @Test func aFinishedSentenceIsPreferredToAnEqualPauseAfterAnOpenWord() {
        // Equal pauses after "thank you" (finished) and after "the" (cannot end a clause).
        let texts = ["i", "would", "like", "it", "thank", "you", "and", "then", "the", "coffee", "is", "good", "for", "us", "all"]
        let words = Self.words(texts, gaps: [5: 0.2, 8: 0.2])
        let pieces = WordSplitter(longest: 5, cues: TurnCues(pack: .named("en"))).pieces(words)
        #expect(pieces.first?.last?.word == "you", "\(pieces.map { $0.map(\.word) })")
    }
}
