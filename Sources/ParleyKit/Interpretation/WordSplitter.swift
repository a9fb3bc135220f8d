import Foundation

/// Cuts a recognized utterance that lasts longer than a subtitle may into pieces, at clause
/// boundaries found in its words: the pauses between them (their times) and how they end
/// (`TurnCues`: a word that ends a sentence is a good place, one that cannot end a clause,
/// such as "the", a bad one). Each piece lasts at most `longest` seconds from its first
/// word's start to its last word's end, unless one word alone is longer. The words are
/// kept as they were heard, in order: nothing is decoded again.
public struct WordSplitter: Sendable {
    /// The longest piece, in seconds.
    public let longest: Double
    private let cues: TurnCues?

    /// A splitter into pieces of at most `longest` seconds, reading words with `cues` (the
    /// language's; nil: the pauses alone decide).
    public init(longest: Double, cues: TurnCues? = nil) {
        self.longest = longest
        self.cues = cues
    }

    /// What a pause after a word is worth as a place to cut, in seconds of pause: a word
    /// that ends a sentence counts as a quarter-second pause more; one that cannot end a
    /// clause, a quarter-second less.
    static let cueWeight = 0.25

    /// `words` in pieces, in order; each piece at most `longest` long where a cut can make it so.
    public func pieces(_ words: [RecognizedWord]) -> [[RecognizedWord]] {
        var pieces: [[RecognizedWord]] = []
        var rest = words[...]
        while let first = rest.first {
            // The words that fit from here; a piece holds at least one word.
            let fitting = rest.prefix { $0.end - first.start <= longest }.count
            guard fitting < rest.count else {
                pieces.append(Array(rest))
                break
            }
            let end = rest.startIndex + max(1, bestCut(in: rest, fitting: fitting))
            pieces.append(Array(rest[..<end]))
            rest = rest[end...]
        }
        return pieces
    }

    /// How many of `words`' first words the piece takes: among the places after the first
    /// `fitting` words' halfway point (so pieces do not come out tiny), the one with the
    /// longest pause, weighted by the words' cues; the latest among equals.
    private func bestCut(in words: ArraySlice<Word>, fitting: Int) -> Int {
        guard fitting > 1 else { return 1 }
        var best = fitting
        var bestScore = -Double.infinity
        let base = words.startIndex
        for count in max(1, (fitting + 1) / 2)...fitting {
            let before = words[base + count - 1]
            let after = words[base + count]
            var score = max(0, after.start - before.end)
            switch cues?.reading(of: words[base..<(base + count)].map(\.word).joined(separator: " ")) {
            case .finished?: score += Self.cueWeight
            case .unfinished?: score -= Self.cueWeight
            default: break
            }
            if score >= bestScore {
                best = count
                bestScore = score
            }
        }
        return best
    }

    private typealias Word = RecognizedWord
}
