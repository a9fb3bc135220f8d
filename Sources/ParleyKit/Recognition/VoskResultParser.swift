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

    /// A final result. Word confidences missing from alternatives mode are filled from
    /// `knownConfidences` (word + start time → confidence, from partial results). The
    /// model's own tokens (`[4]`, `<UNK>`) are left out of the text, readings and words.
    static func final(_ json: String, locale: LocaleTag, knownConfidences: [String: Double] = [:]) -> RecognitionResult {
        let decoded = try? JSONDecoder().decode(Final.self, from: Data(json.utf8))
        func words(_ raw: [Word]?) -> [RecognizedWord] {
            (raw ?? []).filter { !isModelToken($0.word) }.map {
                RecognizedWord(word: $0.word, start: $0.start, end: $0.end,
                               confidence: $0.conf ?? knownConfidences[confidenceKey($0.word, $0.start)])
            }
        }
        if let alternatives = decoded?.alternatives, let best = alternatives.first {
            var seen = Set<String>()
            let readings = alternatives.map { RecognitionAlternative(text: withoutModelTokens($0.text), confidence: $0.confidence) }
                .filter { !$0.text.isEmpty && seen.insert($0.text).inserted }
            return RecognitionResult(locale: locale.identifier, text: withoutModelTokens(best.text),
                                     alternatives: readings, words: words(best.result))
        }
        let text = withoutModelTokens(decoded?.text ?? "")
        let bestWords = words(decoded?.result)
        let mean = bestWords.compactMap(\.confidence).reduce(0, +) / Double(max(1, bestWords.count))
        return RecognitionResult(locale: locale.identifier, text: text,
                                 alternatives: text.isEmpty ? [] : [RecognitionAlternative(text: text, confidence: mean)],
                                 words: bestWords)
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
