import Foundation
@testable import ParleyKit
import Testing

/// Vosk's JSON read into parley's results.
@Suite("Vosk results")
struct VoskResultParserTests {
    let korean = LocaleTag(language: "ko", region: "KR")

    /// The Korean model's numbered classes (`[4]`, `[25]`) and markers are not words: they
    /// reach neither the screen, the translation, the speech nor the journal.
    @Test func theModelsOwnTokensAreDropped() {
        let json = """
            {"result": [{"conf": 1.0, "end": 0.6, "start": 0.1, "word": "다음"},
                        {"conf": 0.9, "end": 0.9, "start": 0.6, "word": "[4]"},
                        {"conf": 0.8, "end": 1.4, "start": 1.0, "word": "역"},
                        {"conf": 0.5, "end": 1.6, "start": 1.4, "word": "<UNK>"}],
             "text": "다음 [4] 역 <UNK>"}
            """
        let result = VoskResultParser.final(json, locale: korean)
        #expect(result.text == "다음 역")
        #expect(result.words.map(\.word) == ["다음", "역"])
        #expect(result.alternatives.map(\.text) == ["다음 역"])
    }

    @Test func readingsLoseTheTokensAndTheDuplicatesTheyLeave() {
        let json = """
            {"alternatives": [{"confidence": 210.5, "text": "[25] 감사합니다",
                               "result": [{"end": 0.3, "start": 0.0, "word": "[25]"},
                                          {"end": 1.0, "start": 0.3, "word": "감사합니다"}]},
                              {"confidence": 200.1, "text": "감사합니다"},
                              {"confidence": 150.0, "text": "[4]"},
                              {"confidence": 120.0, "text": "감사 합니다"}]}
            """
        let result = VoskResultParser.final(json, locale: korean)
        #expect(result.text == "감사합니다")
        #expect(result.alternatives.map(\.text) == ["감사합니다", "감사 합니다"])
        #expect(result.words.map(\.word) == ["감사합니다"])
    }

    @Test func aResultOfTokensAloneIsNoSpeech() {
        #expect(VoskResultParser.final(#"{"text": "[4] [25]"}"#, locale: korean).isNoSpeech)
        #expect(VoskResultParser.partial(#"{"partial": "다음 [4]"}"#).text == "다음")
    }

    @Test(arguments: ["[4]", "[25]", "[0]", "<UNK>", "<SPOKEN_NOISE>", "!SIL"])
    func tokens(_ token: String) { #expect(VoskResultParser.isModelToken(token)) }

    @Test(arguments: ["다음", "hello", "4", "[", "it's"])
    func words(_ word: String) { #expect(!VoskResultParser.isModelToken(word)) }

    /// transcribe --json showed readings with Vosk's raw scores (85–220) next to 0–1 word
    /// confidences, and words without a confidence in alternatives mode.
    @Test func readingsGetProbabilitiesAndEveryWordAConfidence() throws {
        let json = """
            {"alternatives": [{"confidence": 210.0, "text": "병원 이 어디 예요",
                               "result": [{"end": 0.4, "start": 0.1, "word": "병원"},
                                          {"end": 0.5, "start": 0.4, "word": "이"},
                                          {"end": 0.8, "start": 0.5, "word": "어디"},
                                          {"end": 1.1, "start": 0.8, "word": "예요"}]},
                              {"confidence": 209.0, "text": "병원 이 어디 에요"},
                              {"confidence": 205.0, "text": "변 원 어디 예요"}]}
            """
        // Partial results measured two words, one at a slightly different start.
        let known = [VoskResultParser.confidenceKey("병원", 0.1): 0.9, VoskResultParser.confidenceKey("어디", 0.53): 0.7]
        let result = VoskResultParser.final(json, locale: korean, knownConfidences: known)
        let probabilities = result.alternatives.map(\.confidence)
        let e1 = exp(-1.0), e5 = exp(-5.0)
        #expect(abs(probabilities[0] - 1 / (1 + e1 + e5)) < 0.0001)
        #expect(abs(probabilities[1] - e1 / (1 + e1 + e5)) < 0.0001)
        #expect(probabilities == probabilities.sorted(by: >))
        #expect(abs(probabilities.reduce(0, +) - 1) < 0.001)
        // Measured, matched within 0.1 s, and for the rest the mean of the measured ones.
        #expect(result.words.map(\.confidence) == [0.9, 0.8, 0.7, 0.8])
    }

    @Test func withNothingMeasuredTheReadingsProbabilityStandsIn() {
        let json = """
            {"alternatives": [{"confidence": 100.0, "text": "얼마 예요",
                               "result": [{"end": 0.4, "start": 0.0, "word": "얼마"}, {"end": 0.8, "start": 0.4, "word": "예요"}]},
                              {"confidence": 100.0, "text": "얼마 에요"}]}
            """
        let result = VoskResultParser.final(json, locale: korean)
        #expect(result.alternatives.map(\.confidence) == [0.5, 0.5])
        #expect(result.words.map(\.confidence) == [0.5, 0.5])
    }

    @Test func oneReadingIsAsSureAsItsWords() {
        let json = """
            {"result": [{"conf": 1.0, "end": 0.4, "start": 0.0, "word": "얼마"},
                        {"conf": 0.6, "end": 0.8, "start": 0.4, "word": "예요"}], "text": "얼마 예요"}
            """
        #expect(VoskResultParser.final(json, locale: korean).alternatives.map(\.confidence) == [0.8])
    }
}
