import Foundation
import Testing
@testable import ParleyKit

/// A decoder made of a table: each hypothesis's next-token probabilities follow from its
/// tokens so far. It follows the beams through `origins` as the real cache does.
final class TableScorer: NextTokenScoring {
    let vocabularySize: Int
    private let probabilities: ([Int]) -> [Float]
    private(set) var histories: [[Int]] = []
    private(set) var calls = 0

    init(vocabularySize: Int, probabilities: @escaping ([Int]) -> [Float]) {
        self.vocabularySize = vocabularySize
        self.probabilities = probabilities
    }

    func logits(after tokens: [Int], continuing origins: [Int]) throws -> [Float] {
        calls += 1
        histories = histories.isEmpty ? [[tokens[0]]] : zip(tokens, origins).map { histories[$1] + [$0] }
        return histories.flatMap { probabilities($0).map { logf(max($0, 1e-12)) } }
    }
}

/// Greedy and beam search as transformers' `generate()` runs them, on table decoders.
@Suite("Marian search")
struct MarianSearchTests {
    // Tokens: 0 </s>, 1 <pad> (the start), 2 A, 3 B, 4 C.
    static let settings = GenerationSettings(
        decoderStartID: 1, eosIDs: [0], padID: 1, maxLength: 10, minLength: 0, numBeams: 1, lengthPenalty: 1,
        earlyStopping: .heuristic, badWordsIDs: [[1]], forcedEOSIDs: [0], renormalizeLogits: false)

    /// From the start A is likelier than B, but after A nothing is likely, while B ends at once.
    static func garden(_ history: [Int]) -> [Float] {
        switch history.last {
        case 1: [0.0, 0.0, 0.55, 0.45, 0.0]
        case 2: [0.30, 0.0, 0.0, 0.0, 0.35 + 0.35]
        case 3: [0.95, 0.0, 0.0, 0.0, 0.05]
        default: [1.0, 0.0, 0.0, 0.0, 0.0]
        }
    }

    func run(_ settings: GenerationSettings, _ table: @escaping ([Int]) -> [Float]) throws -> [Int] {
        try MarianSearch(settings: settings, stopped: { false }).run(TableScorer(vocabularySize: 5, probabilities: table))
    }

    @Test func greedyTakesTheLikeliestTokenEachStep() throws {
        #expect(try run(Self.settings, Self.garden) == [1, 2, 4, 0])
    }

    @Test func beamsFindTheLikelierWholeSentence() throws {
        var settings = Self.settings
        settings.numBeams = 2
        // Scored by their sums: B </s> (0.45 × 0.95) beats A C </s> (0.55 × 0.7).
        settings.lengthPenalty = 0
        #expect(try run(settings, Self.garden) == [1, 3, 0])
    }

    @Test func theEndTokenIsForcedAtTheMaximumLength() throws {
        var settings = Self.settings
        settings.maxLength = 3
        let loop: ([Int]) -> [Float] = { _ in [0.01, 0.0, 0.9, 0.09, 0.0] }
        #expect(try run(settings, loop) == [1, 2, 0])
        settings.numBeams = 3
        #expect(try run(settings, loop) == [1, 2, 0])
    }

    @Test func withoutAForcedEndTheOutputStopsAtTheMaximumLength() throws {
        var settings = Self.settings
        settings.maxLength = 4
        settings.forcedEOSIDs = []
        #expect(try run(settings, { _ in [0.01, 0.0, 0.9, 0.09, 0.0] }) == [1, 2, 2, 2])
    }

    @Test func noEndBeforeTheMinimumLength() throws {
        var settings = Self.settings
        settings.minLength = 3
        // The end is likeliest at once, but two tokens come first (start + 2 = 3).
        #expect(try run(settings, { _ in [0.9, 0.0, 0.06, 0.04, 0.0] }) == [1, 2, 2, 0])
    }

    @Test func bannedTokensAreNeverProduced() throws {
        // The pad is the likeliest token but banned.
        #expect(try run(Self.settings, { $0.count < 3 ? [0.0, 0.8, 0.15, 0.05, 0.0] : [1, 0, 0, 0, 0] }) == [1, 2, 2, 0])
        var settings = Self.settings
        settings.badWordsIDs = [[1], [2, 2]]
        // A banned pair: after A, A is banned, so B comes.
        #expect(try run(settings, { $0.count < 3 ? [0.0, 0.8, 0.15, 0.05, 0.0] : [1, 0, 0, 0, 0] }) == [1, 2, 3, 0])
    }

    @Test func aStopAsksBetweenSteps() {
        var asked = 0
        let search = MarianSearch(settings: Self.settings, stopped: { asked += 1; return asked > 2 })
        #expect(throws: ParleyError.self) { try search.run(TableScorer(vocabularySize: 5) { _ in [0.01, 0, 0.99, 0, 0] }) }
        do {
            _ = try search.run(TableScorer(vocabularySize: 5) { _ in [0.01, 0, 0.99, 0, 0] })
        } catch let error as ParleyError {
            #expect(error.code == .interrupted)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func logitsOfTheWrongWidthAreABrokenModel() {
        let scorer = TableScorer(vocabularySize: 5) { _ in [0.5, 0.5, 0.0] }
        #expect {
            try MarianSearch(settings: Self.settings, stopped: { false }).run(scorer)
        } throws: { ($0 as? ParleyError)?.code == .modelBroken }
    }

    @Test func theLengthPenaltyDecidesBetweenShortAndLong() throws {
        // Short: </s> at once (p 0.4). Long: A then </s> (0.6 × 0.9 = 0.54), per token 0.27 vs 0.4.
        let table: ([Int]) -> [Float] = { history in history.count == 1 ? [0.4, 0, 0.6, 0, 0] : [0.9, 0, 0.1, 0, 0] }
        var settings = Self.settings
        settings.numBeams = 2
        settings.lengthPenalty = 0
        #expect(try run(settings, table) == [1, 2, 0])
        settings.lengthPenalty = 1
        #expect(try run(settings, table) == [1, 2, 0])
        settings.lengthPenalty = -2
        #expect(try run(settings, table) == [1, 0])
    }

    @Test func topKKeepsTheLargestInOrderAndTiesInPlace() {
        #expect(MarianSearch.topK([0.1, 0.5, 0.3, 0.5, -1], count: 3) == [1, 3, 2])
        #expect(MarianSearch.topK([-Float.infinity, 2], count: 2) == [1, 0])
    }

    @Test func logSoftmaxKeepsBannedTokensOut() {
        var values: [Float] = [1, 2, -.infinity]
        MarianSearch.logSoftmax(&values)
        #expect(abs(exp(values[0]) + exp(values[1]) - 1) < 1e-6)
        #expect(values[2] == -.infinity)
    }
}
