/// Decides, when both sides' recognizers have heard the same utterance, whether it was said
/// in the listener's language: people answer out of turn, and the speaker's recognizer then
/// writes the other language as its own words (`where is the station` heard by the Korean
/// model as `웨스 조 제이씨현 리 이다`).
///
/// Each reading is scored by two things parley already has: how sure its recognizer was
/// (mean word confidence, 0–1) and how much of it the translator knows (the share of its
/// words translated rather than passed through, 0–1). A recognizer fed a language it does
/// not know still writes real words of its own vocabulary, often with fair confidence, but
/// they seldom make text the dictionaries know. The listener's reading must win clearly,
/// with two words at least: a missed flip only repeats the old behaviour, a false one sends
/// a good turn the wrong way.
public enum SpokenLanguageJudge {
    /// One side's reading of the utterance and how much of it the translator knows.
    public struct Reading: Sendable, Equatable {
        /// What the side's recognizer heard.
        public let result: RecognitionResult
        /// The share of its words the translator knows, 0–1.
        public let knownShare: Double

        /// A reading with the share of its words the translator knows.
        public init(result: RecognitionResult, knownShare: Double) {
            self.result = result
            self.knownShare = min(1, max(0, knownShare))
        }

        /// 0–1: the mean of the recognizer's confidence and the known share.
        public var score: Double {
            guard !result.words.isEmpty else { return 0 }
            return (SpokenLanguageJudge.meanConfidence(of: result) + knownShare) / 2
        }
    }

    /// `result`, heard in `source`, as a reading scored with what `translator` knows of its
    /// words into `target` (the share translated rather than passed through; none when it
    /// cannot translate them).
    public static func reading(_ result: RecognitionResult, in source: LocaleTag, translatedBy translator: any Translating,
                               into target: LocaleTag) -> Reading {
        guard !PhraseText.words(result.text).isEmpty else { return Reading(result: result, knownShare: 0) }
        return reading(result, translation: try? translator.translate(result.text, from: source, to: target))
    }

    /// `result` as a reading scored with `translation`, its translation made already (nil:
    /// none could be made).
    public static func reading(_ result: RecognitionResult, translation: Translation?) -> Reading {
        let words = PhraseText.words(result.text)
        guard !words.isEmpty, let translation else { return Reading(result: result, knownShare: 0) }
        let unknown = translation.unknownWords.reduce(0) { $0 + PhraseText.words($1).count }
        return Reading(result: result, knownShare: 1 - Double(min(unknown, words.count)) / Double(words.count))
    }

    /// Below this score the speaker's own reading is in doubt and the listener's recognizer
    /// is asked too. Measured with the Korean model (`scripts/bench spoken-language`): Korean
    /// phrases score 0.89–1.0 (0.5 where it misheard a word), English and Spanish speech
    /// from espeak-ng 0.18–0.53.
    public static let doubtBelow = 0.75
    /// How much the listener's reading must score above the speaker's.
    public static let margin = 0.25
    /// The fewest words the listener's reading must have: one shared word decides nothing.
    public static let minimumWords = 2

    /// Whether the speaker's reading is in doubt, so the listener's recognizer should hear it too.
    public static func doubts(_ own: Reading) -> Bool {
        own.score < doubtBelow
    }

    /// Whether the utterance was clearly in the listener's language.
    public static func listenerSpoke(own: Reading, listener: Reading) -> Bool {
        listener.result.words.count >= minimumWords && listener.score >= own.score + margin
    }

    /// The mean of the words' confidences (a word without one counts as sure), 0 without words.
    public static func meanConfidence(of result: RecognitionResult) -> Double {
        guard !result.words.isEmpty else { return 0 }
        return result.words.reduce(0) { $0 + ($1.confidence ?? 1) } / Double(result.words.count)
    }
}
