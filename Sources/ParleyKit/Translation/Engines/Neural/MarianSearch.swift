import Foundation

/// The decoder of one translation in progress, seen by the search: the next token's scores
/// for each running hypothesis. The real one runs the ONNX decoder with its key/value cache
/// (`MarianDecoderRun`); tests use tables.
protocol NextTokenScoring: AnyObject {
    /// Logits per step: the target vocabulary's size.
    var vocabularySize: Int { get }
    /// The logits of the next token for each hypothesis, row after row (`tokens.count` rows of
    /// `vocabularySize`): `tokens[i]` is hypothesis i's newest token and `origins[i]` the row
    /// of the previous call it continues, so the cache can follow the beams. The first call
    /// has the decoder start token alone.
    func logits(after tokens: [Int], continuing origins: [Int]) throws -> [Float]
}

/// transformers' `generate()` for an encoder-decoder, batch of one, as transformers 4.57 does
/// it: greedy search over the processed logits (`_sample` without sampling) and the
/// vectorised beam search (`_beam_search`) over processed log-probabilities, with its
/// finished-hypothesis bookkeeping, length penalty and three kinds of early stopping. Scores
/// are `Float` as transformers keeps them, so ties and the -1e9 sentinels round alike.
struct MarianSearch {
    let settings: GenerationSettings
    /// Asked before each step; a true answer ends the search with `.interrupted`.
    let stopped: () -> Bool

    /// The output ids, the decoder start token first: the first hypothesis transformers returns.
    func run(_ scorer: some NextTokenScoring) throws -> [Int] {
        settings.numBeams > 1 ? try beam(scorer) : try greedy(scorer)
    }

    /// Processors on raw logits, then the first highest token, until an end token or `maxLength`.
    private func greedy(_ scorer: some NextTokenScoring) throws -> [Int] {
        var sequence = [settings.decoderStartID]
        let processors = LogitsProcessors(settings: settings)
        while sequence.count < settings.maxLength {
            try checkStopped()
            var scores = try scorer.logits(after: [sequence[sequence.count - 1]], continuing: [0])
            try checkWidth(scores, count: 1, width: scorer.vocabularySize)
            // Renormalising keeps the scores' order: the argmax does not need it.
            processors.apply(to: &scores, after: sequence, renormalizing: false)
            var best = 0
            for index in scores.indices where scores[index] > scores[best] { best = index }
            sequence.append(best)
            if settings.eosIDs.contains(best) { break }
        }
        return sequence
    }

    private struct Candidate {
        var score: Float
        var sequence: [Int]
        var origin: Int
        var hitsStop: Bool
    }

    private func beam(_ scorer: some NextTokenScoring) throws -> [Int] {
        let beams = settings.numBeams
        let width = scorer.vocabularySize
        let processors = LogitsProcessors(settings: settings)
        let beamsToKeep = max(2, 1 + settings.eosIDs.count) * beams
        let penalty = { (length: Int) in Float(pow(Double(length), settings.lengthPenalty)) }
        // Only the first beam is live at the start, so its copies are never chosen twice.
        var running = Array(repeating: [settings.decoderStartID], count: beams)
        var runningScores = [Float](repeating: -1e9, count: beams)
        runningScores[0] = 0
        var finished = Array(repeating: (sequence: [settings.decoderStartID], score: Float(-1e9), isFinished: false), count: beams)
        var improvable = true
        var origins = [0]
        var tokens = [settings.decoderStartID]
        var length = 1
        while true {
            try checkStopped()
            // After the first step every beam continues its one row.
            let sentOrigins = length == 2 ? origins.map { _ in 0 } : origins
            var logits = try rows(scorer.logits(after: tokens, continuing: sentOrigins), count: tokens.count, width: width)
            // The first step ran the start token once: every beam has its logits.
            if logits.count == 1, beams > 1 { logits = Array(repeating: logits[0], count: beams) }
            var accumulated = [Float](repeating: 0, count: beams * width)
            for beam in 0..<beams {
                var scores = logits[beam]
                Self.logSoftmax(&scores)
                processors.apply(to: &scores, after: running[beam])
                let base = beam * width
                for token in 0..<width { accumulated[base + token] = scores[token] + runningScores[beam] }
            }
            let candidates = Self.topK(accumulated, count: beamsToKeep).map { index -> Candidate in
                let (origin, token) = index.quotientAndRemainder(dividingBy: width)
                let sequence = running[origin] + [token]
                return Candidate(score: accumulated[index], sequence: sequence, origin: origin,
                                 hitsStop: settings.eosIDs.contains(token) || sequence.count >= settings.maxLength)
            }
            // The best unfinished continuations run on (finished ones sink by 1e9).
            let continuing = Self.topK(candidates.map { $0.score + ($0.hitsStop ? -1e9 : 0) }, count: beams)
            // Finished candidates among the first `beams` join the finished set when they beat it.
            let allFinished = finished.allSatisfy(\.isFinished)
            var merged = finished
            for (rank, candidate) in candidates.enumerated() {
                var score = candidate.score / penalty(length + 1 - 1)
                if allFinished, settings.earlyStopping == .always { score += -1e9 }
                if !improvable { score += -1e9 }
                let justFinished = candidate.hitsStop && rank < beams
                if !justFinished { score += -1e9 }
                merged.append((candidate.sequence, score, justFinished))
            }
            finished = Self.topK(merged.map(\.score), count: beams).map { merged[$0] }
            running = continuing.map { candidates[$0].sequence }
            runningScores = continuing.map { candidates[$0].score + (candidates[$0].hitsStop ? -1e9 : 0) }
            origins = continuing.map { candidates[$0].origin }
            tokens = running.map { $0[$0.count - 1] }
            length += 1
            // Can a running beam still beat the worst finished one?
            let hypotheticalLength = settings.earlyStopping == .never && settings.lengthPenalty > 0
                ? settings.maxLength - 1 : length - 1
            let bestPossible = runningScores[0] / penalty(hypotheticalLength)
            let worstFinished = finished.map(\.score).min() ?? -1e9
            improvable = improvable && finished.contains { bestPossible > ($0.isFinished ? worstFinished : -1e9) }
            let open = !(finished.allSatisfy(\.isFinished) && settings.earlyStopping == .always)
            let canContinue = !candidates.allSatisfy(\.hitsStop)
            if !(improvable && open && canContinue) { break }
        }
        return finished[0].sequence
    }

    private func checkStopped() throws {
        if stopped() { throw ParleyError(.translation, .interrupted, "The translation was stopped.") }
    }

    /// `values` cut into `count` rows of `width`.
    private func rows(_ values: [Float], count: Int, width: Int) throws -> [[Float]] {
        try checkWidth(values, count: count, width: width)
        return (0..<count).map { Array(values[($0 * width)..<(($0 + 1) * width)]) }
    }

    /// A scorer that returns another size is a model whose vocabulary does not match its tokenizer's.
    private func checkWidth(_ values: [Float], count: Int, width: Int) throws {
        guard width > 0, values.count == count * width else {
            throw ParleyError(.translation, .modelBroken,
                              "The translation model gave \(values.count) scores for \(count) hypotheses of a "
                              + "\(width)-token vocabulary: its decoder does not match its vocabulary.")
        }
    }

    /// log_softmax in place, as torch computes it: x - max - log(Σ exp(x - max)).
    static func logSoftmax(_ values: inout [Float]) {
        guard let top = values.max(), top.isFinite else { return }
        // (-inf entries stay -inf: their exp is 0.)
        var sum: Float = 0
        for value in values { sum += expf(value - top) }
        let shift = top + logf(sum)
        for index in values.indices { values[index] -= shift }
    }

    /// The indices of the `count` largest values, largest first; equal values keep their order.
    static func topK(_ values: [Float], count: Int) -> [Int] {
        var chosen: [Int] = []
        chosen.reserveCapacity(count + 1)
        for index in values.indices {
            let value = values[index]
            if chosen.count == count, let last = chosen.last, !(value > values[last]) { continue }
            var position = chosen.count
            while position > 0, value > values[chosen[position - 1]] { position -= 1 }
            chosen.insert(index, at: position)
            if chosen.count > count { chosen.removeLast() }
        }
        return chosen
    }
}

/// The logits processors `generate()` builds from a Marian generation config, in its order:
/// banned token sequences, the minimum length, the end token forced at the maximum length,
/// and renormalisation (`renormalize_logits`) when asked.
struct LogitsProcessors {
    let settings: GenerationSettings

    /// Applies them to one hypothesis's scores, given its tokens so far (the start token first);
    /// `renormalizing: false` leaves out the last, order-keeping step.
    func apply(to scores: inout [Float], after sequence: [Int], renormalizing: Bool = true) {
        // NoBadWordsLogitsProcessor: an end token is never banned on its own.
        // A longer sequence is banned only where the hypothesis ends in all but its last token.
        for banned in settings.badWordsIDs where !(banned.count == 1 && settings.eosIDs.contains(banned[0])) {
            if banned.count > 1 {
                guard banned.count <= sequence.count, sequence.suffix(banned.count - 1).elementsEqual(banned.dropLast())
                else { continue }
            }
            if let last = banned.last, last < scores.count { scores[last] = -.infinity }
        }
        // MinLengthLogitsProcessor.
        if sequence.count < settings.minLength {
            for eos in settings.eosIDs where eos < scores.count { scores[eos] = -.infinity }
        }
        // ForcedEOSTokenLogitsProcessor.
        if !settings.forcedEOSIDs.isEmpty, sequence.count == settings.maxLength - 1 {
            for index in scores.indices { scores[index] = -.infinity }
            for eos in settings.forcedEOSIDs where eos < scores.count { scores[eos] = 0 }
        }
        // LogitNormalization, always last.
        if renormalizing, settings.renormalizeLogits { MarianSearch.logSoftmax(&scores) }
    }
}
