import Foundation
import Testing
@testable import ParleyKit

/// What spoken-language detection rests on, with the real Korean model and dictionaries:
/// speech in another language, heard by the Korean model, comes out as Korean words it is
/// unsure of and the dictionaries do not know, so the Korean side's reading is doubted and
/// the other side's recognizer is asked; Korean speech is not doubted. (Only the Korean
/// model is installed here; with a second model, the engine test's flip can be run on real
/// audio: see `SpokenLanguageTests`.)
@Suite("Spoken language detection with the Korean model", .serialized)
struct SpokenLanguageIntegrationTests {
    static let korean = LocaleTag(language: "ko")
    static let english = LocaleTag(language: "en", region: "US")
    static let translator = AutoTranslator(library: DictionaryLibrary(layers: [
        .init(origin: .phrasebook, folder: AutoTranslatorIntegrationTests.shipped),
    ]))

    /// The Korean model's reading of `audio`, scored as the engine scores it.
    func koreanReading(of audio: AudioChunk) throws -> SpokenLanguageJudge.Reading {
        let stream = try RecognitionIntegrationTests.recognition.makeStream(for: Self.korean, sampleRate: audio.sampleRate,
                                                                           options: .conversation)
        let result = try stream.hearAll(audio) ?? RecognitionResult(locale: "ko", text: "", alternatives: [], words: [])
        return SpokenLanguageJudge.reading(result, in: Self.korean, translatedBy: Self.translator, into: Self.english)
    }

    /// English speech from committed recordings (espeak-ng's, made by `scripts/make-korean-fixtures`):
    /// synthesised here, it would share espeak-ng's process-wide state with the synthesis tests.
    @Test(arguments: ["en-train-station-16k-mono.wav", "en-find-my-hotel-16k-mono.wav"])
    func englishSpeechHeardByTheKoreanModelIsDoubted(_ fixture: String) throws {
        let reading = try koreanReading(of: try WAVFile.read(RecognitionIntegrationTests.fixture(fixture)))
        #expect(!reading.result.words.isEmpty, "the model wrote nothing")
        #expect(SpokenLanguageJudge.doubts(reading), "\(reading.result.text): score \(reading.score)")
    }

    @Test(arguments: ["ko-eolmayeyo-16k-mono.wav", "ko-three-phrases-16k-mono.wav"])
    func koreanSpeechIsNotDoubted(_ fixture: String) throws {
        let audio = try WAVFile.read(RecognitionIntegrationTests.fixture(fixture))
        let reading = try koreanReading(of: audio)
        #expect(!SpokenLanguageJudge.doubts(reading), "\(reading.result.text): score \(reading.score)")
    }
}
