import Foundation

/// Reads Vosk's JSON results into parley's types.
enum VoskResultParser {
    private struct Word: Decodable {
        let word: String
        let start: Double
        let end: Double
        let conf: Double?
    }

    private struct Alternative: Decodable {
        let text: String
        let confidence: Double
        let result: [Word]?
    }

    private struct Final: Decodable {
        let text: String?
        let result: [Word]?
        let alternatives: [Alternative]?
    }

    private struct Partial: Decodable {
        let partial: String?
        let partial_result: [Word]?
    }

    /// A final result, where every word has a confidence and every reading a probability,
    /// both 0–1. Vosk gives word confidences only without alternatives; in alternatives mode
    /// they come from `knownConfidences` (word + start time → confidence, from partial
    /// results, matched within 0.1 s), else the mean of the utterance's measured words, else
    /// the best reading's probability. A
    /// reading's probability is its share among the readings Vosk listed: the softmax of
    /// Vosk's scores (log-likelihoods, 85–220 and comparable only within one utterance).
    /// Without alternatives, the one reading's confidence is its words' mean. The model's own
    /// tokens (`[4]`, `<UNK>`) are left out of the text, readings and words.
    static func final(_ json: String, locale: LocaleTag, knownConfidences: [String: Double] = [:]) -> RecognitionResult {
        let decoded = try? JSONDecoder().decode(Final.self, from: Data(json.utf8))
        func words(_ raw: [Word]?, fallback: Double?) -> [RecognizedWord] {
            let kept = (raw ?? []).filter { !isModelToken($0.word) }
            let measured = kept.map { $0.conf ?? known($0.word, $0.start, in: knownConfidences) }
            let mean = measured.compactMap { $0 }.isEmpty ? nil
                : measured.compactMap { $0 }.reduce(0, +) / Double(measured.compactMap { $0 }.count)
            return zip(kept, measured).map { word, confidence in
                RecognizedWord(word: word.word, start: word.start, end: word.end,
                               confidence: confidence ?? mean ?? fallback ?? 0)
            }
        }
        if let alternatives = decoded?.alternatives, let best = alternatives.first {
            let readings = probabilities(alternatives)
            let text = withoutModelTokens(best.text)
            return RecognitionResult(locale: locale.identifier, text: text, alternatives: readings,
                                     words: words(best.result, fallback: readings.first { $0.text == text }?.confidence))
        }
        let text = withoutModelTokens(decoded?.text ?? "")
        let bestWords = words(decoded?.result, fallback: nil)
        let mean = bestWords.compactMap(\.confidence).reduce(0, +) / Double(max(1, bestWords.count))
        return RecognitionResult(locale: locale.identifier, text: text,
                                 alternatives: text.isEmpty ? [] : [RecognitionAlternative(text: text, confidence: rounded(mean))],
                                 words: bestWords)
    }

    /// Vosk's readings with their probabilities (softmax of its scores), best first; readings
    /// that are the same once the model's tokens are gone are one, with their probabilities added.
    private static func probabilities(_ alternatives: [Alternative]) -> [RecognitionAlternative] {
        let top = alternatives.map(\.confidence).max() ?? 0
        let weights = alternatives.map { exp($0.confidence - top) }
        let total = max(weights.reduce(0, +), .leastNormalMagnitude)
        var order: [String] = []
        var probability: [String: Double] = [:]
        for (alternative, weight) in zip(alternatives, weights) {
            let text = withoutModelTokens(alternative.text)
            guard !text.isEmpty else { continue }
            if probability[text] == nil { order.append(text) }
            probability[text, default: 0] += weight / total
        }
        return order.map { RecognitionAlternative(text: $0, confidence: rounded(probability[$0] ?? 0)) }
    }

    /// The confidence a partial result gave `word` starting at `start`: the same start, or
    /// the nearest within 0.1 s (a final result's times differ slightly from a partial's).
    private static func known(_ word: String, _ start: Double, in confidences: [String: Double]) -> Double? {
        guard !confidences.isEmpty else { return nil }
        let centiseconds = Int((start * 100).rounded())
        for offset in [0, -1, 1, -2, 2, -3, 3, -4, 4, -5, 5, -6, 6, -7, 7, -8, 8, -9, 9, -10, 10] {
            if let confidence = confidences["\(word)@\(centiseconds + offset)"] { return confidence }
        }
        return nil
    }

    /// Four decimals are plenty for a probability, and keep the JSON readable.
    static func rounded(_ value: Double) -> Double {
        (value * 10_000).rounded() / 10_000
    }

    /// The words so far and their confidences (keyed by `confidenceKey`).
    static func partial(_ json: String) -> (text: String, confidences: [String: Double]) {
        guard let decoded = try? JSONDecoder().decode(Partial.self, from: Data(json.utf8)) else { return ("", [:]) }
        var confidences: [String: Double] = [:]
        for word in decoded.partial_result ?? [] {
            if let conf = word.conf { confidences[confidenceKey(word.word, word.start)] = conf }
        }
        return (withoutModelTokens(decoded.partial ?? ""), confidences)
    }

    /// True for a token of the model's that is not a word: the Korean model's numbered
    /// classes (`[4]`, `[25]`), `<UNK>`, `<SPOKEN_NOISE>`, `!SIL`. Shown, they read as
    /// parley's own brackets for unknown words, and a translator makes "next 4" of them.
    static func isModelToken(_ word: some StringProtocol) -> Bool {
        (word.hasPrefix("[") && word.hasSuffix("]")) || (word.hasPrefix("<") && word.hasSuffix(">")) || word == "!SIL"
    }

    /// `text` without the model's tokens.
    static func withoutModelTokens(_ text: String) -> String {
        let words = text.split(separator: " ")
        guard words.contains(where: isModelToken) else { return text }
        return words.filter { !isModelToken($0) }.joined(separator: " ")
    }

    static func confidenceKey(_ word: String, _ start: Double) -> String {
        "\(word)@\(Int((start * 100).rounded()))"
    }
}
