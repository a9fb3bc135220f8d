/// One recognised word with where it lies in the audio.
public struct RecognizedWord: Sendable, Equatable, Codable {
    /// The word as the model spells it.
    public let word: String
    /// Seconds from the start of the stream.
    public let start: Double
    public let end: Double
    /// How sure the recognizer is of the word, 0…1: Vosk's word confidence, or where it
    /// gives none (alternatives mode) the reading's probability. Always set by parley's
    /// recognizer; optional for results made elsewhere.
    public let confidence: Double?

    /// Creates a word.
    public init(word: String, start: Double, end: Double, confidence: Double?) {
        self.word = word
        self.start = start
        self.end = end
        self.confidence = confidence
    }
}

/// One reading of an utterance, with how likely it is.
public struct RecognitionAlternative: Sendable, Equatable, Codable {
    /// The text of this reading.
    public let text: String
    /// 0…1, comparable with word confidences: with several readings, this one's share of
    /// probability among them (the softmax of Vosk's scores; they add up to at most 1); with
    /// one reading, its words' mean confidence.
    public let confidence: Double

    /// A reading of `text` with `confidence`.
    public init(text: String, confidence: Double) {
        self.text = text
        self.confidence = confidence
    }
}

/// What was heard in one utterance. Empty text means no speech: not a turn.
public struct RecognitionResult: Sendable, Equatable, Codable {
    /// The locale listened for.
    public let locale: String
    /// The best reading.
    public let text: String
    /// The readings, best first (the best is `text`).
    public let alternatives: [RecognitionAlternative]
    /// The best reading's words with their times.
    public let words: [RecognizedWord]

    /// What was heard in `locale`: the best reading, all readings best first, and its words.
    public init(locale: String, text: String, alternatives: [RecognitionAlternative], words: [RecognizedWord]) {
        self.locale = locale
        self.text = text
        self.alternatives = alternatives
        self.words = words
    }

    /// True when nothing was said (silence or noise only).
    public var isNoSpeech: Bool { text.isEmpty }
    /// When the first word starts, in seconds from the start of the stream.
    public var start: Double? { words.first?.start }
    /// When the last word ends.
    public var end: Double? { words.last?.end }
}

/// What listening reports as audio comes in.
public enum RecognitionEvent: Sendable, Equatable {
    /// The words so far of the utterance in progress.
    case partial(String)
    /// An utterance ended (the endpoint was reached).
    case final(RecognitionResult)
}
