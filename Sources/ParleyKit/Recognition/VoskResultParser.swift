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
    /// `knownConfidences` (word + start time → confidence, from partial results).
    static func final(_ json: String, locale: LocaleTag, knownConfidences: [String: Double] = [:]) -> RecognitionResult {
        let decoded = try? JSONDecoder().decode(Final.self, from: Data(json.utf8))
        func words(_ raw: [Word]?) -> [RecognizedWord] {
            (raw ?? []).map {
                RecognizedWord(word: $0.word, start: $0.start, end: $0.end,
                               confidence: $0.conf ?? knownConfidences[confidenceKey($0.word, $0.start)])
            }
        }
        if let alternatives = decoded?.alternatives, let best = alternatives.first {
            return RecognitionResult(locale: locale.identifier, text: best.text,
                                     alternatives: alternatives.filter { !$0.text.isEmpty }
                                        .map { RecognitionAlternative(text: $0.text, confidence: $0.confidence) },
                                     words: words(best.result))
        }
        let text = decoded?.text ?? ""
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
        return (decoded.partial ?? "", confidences)
    }

    static func confidenceKey(_ word: String, _ start: Double) -> String {
        "\(word)@\(Int((start * 100).rounded()))"
    }
}
