/// The recognizer's utterances that make up one turn. The engine finishes the recognizer's
/// utterance at each pause that could end the turn (`Endpointer.shouldSpeculate`), so the
/// turn's words are final before the decision; when the speaker goes on, what follows is a
/// new utterance of the recognizer and the turn is their sum.
struct HeardSegments {
    private(set) var results: [RecognitionResult] = []

    /// Adds a finished utterance; one with no speech adds nothing.
    mutating func add(_ result: RecognitionResult) {
        guard !result.isNoSpeech else { return }
        results.append(result)
    }

    /// The words heard so far, finished utterances and then `partial` (the utterance in progress).
    func text(with partial: String = "") -> String {
        (results.map(\.text) + [partial]).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The turn: one utterance as the recognizer gave it (with its other readings), or several
    /// joined into one reading (their other readings do not combine) with all their words.
    func joined(locale: LocaleTag) -> RecognitionResult {
        if results.count == 1 { return results[0] }
        let text = text()
        return RecognitionResult(locale: results.first?.locale ?? locale.identifier, text: text,
                                 alternatives: text.isEmpty ? [] : [RecognitionAlternative(text: text, confidence: 1)],
                                 words: results.flatMap(\.words))
    }
}
