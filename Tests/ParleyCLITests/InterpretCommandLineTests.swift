import Foundation
import ParleyKit
import Testing
@testable import ParleyCLI

/// `parley interpret`'s command line, and its JSON lines.
@Suite("Command line: interpret")
struct InterpretCommandLineTests {
    func interpret(_ arguments: [String]) throws -> InterpretOptions? {
        guard case .interpret(let options) = try CommandLineParser.parse(["interpret"] + arguments) else { return nil }
        return options
    }

    @Test func aRecordingIntoSubtitleFiles() throws {
        let options = try #require(try interpret(["ko", "en", "--input-wav", "talk.wav", "--srt", "out.srt", "--vtt", "out.vtt",
                                                  "--subtitles", "both", "--longest", "4.5", "--json"]))
        #expect(options.source.identifier == "ko-KR" && options.target.identifier == "en-US")
        #expect(options.inputWAV == "talk.wav" && options.srt == "out.srt" && options.vtt == "out.vtt")
        #expect(options.subtitles == .both && options.json)
        #expect(options.segmentation.longestSegment == 4.5)
        #expect(try interpret(["ko", "en", "--input-wav", "-"])?.inputWAV == "-")
    }

    @Test func liveWithTheVoice() throws {
        let options = try #require(try interpret(["ko", "en", "--headphones", "--output", "hw:1", "--speak-lag", "20"]))
        #expect(options.inputWAV == nil && options.speak && options.headphones)
        #expect(options.output == "hw:1" && options.speakLag == 20)
        #expect(options.subtitles == .translation)
        #expect(options.segmentation == SegmentationSettings())
    }

    @Test(arguments: [
        (["ko"], "the language spoken and the one to translate into"),
        (["ko", "ko-KR"], "Both languages are ko"),
        (["ko", "xx"], "Unknown language 'xx'"),
        (["ko", "en", "--srt", "a.srt"], "add --input-wav FILE"),
        (["ko", "en", "--input-wav", "a.wav", "--speak"], "--speak is for live interpretation"),
        (["ko", "en", "--subtitles", "all"], "original, translation or both"),
        (["ko", "en", "--longest", "30"], "--longest takes seconds from 2 to 15 (got '30')"),
        (["ko", "en", "--longest", "nan"], "--longest takes seconds"),
        (["ko", "en", "--speak-lag", "1"], "--speak-lag takes seconds from 2 to 60"),
        (["ko", "en", "--mute"], "Unknown option '--mute' for interpret"),
    ])
    func mistakesAreNamed(arguments: [String], message: String) {
        #expect {
            try CommandLineParser.parse(["interpret"] + arguments)
        } throws: { error in
            (error as? UsageError)?.message.contains(message) == true
        }
    }

    @Test func jsonLinesHaveTheirEventAndSortedKeys() {
        let heard = HeardSegment(number: 2, result: RecognitionResult(locale: "ko-KR", text: "얼마 예요", alternatives: [], words: [
            RecognizedWord(word: "얼마", start: 1.0000001, end: 1.3, confidence: 1), RecognizedWord(word: "예요", start: 1.3, end: 1.75, confidence: 1),
        ]), cut: .clause)
        #expect(InterpretationJSONLine(.heard(heard)).encoded
            == #"{"cut":"clause","end":1.75,"event":"heard","locale":"ko-KR","segment":2,"start":1,"text":"얼마 예요"}"#)
        #expect(InterpretationJSONLine(.skipped(segments: [3, 4], behind: 11.25)).encoded
            == #"{"behind":11.25,"event":"skipped","skipped":[3,4]}"#)
        #expect(InterpretationJSONLine(.ended(segments: 3, seconds: 9.9)).encoded == #"{"event":"ended","seconds":9.9,"segments":3}"#)
    }
}
