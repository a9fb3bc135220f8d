import Foundation
import ParleyKit
import Testing

/// SRT and WebVTT as players read them: numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm`
/// (VTT: a `WEBVTT` header and `.` before the milliseconds), a blank line after each cue.
@Suite("Subtitle files")
struct SubtitleWriterTests {
    static let cues = [
        SubtitleCue(start: 0.2, end: 1.5, lines: ["얼마예요", "How much is it?"]),
        SubtitleCue(start: 3_725.25, end: 3_727.125, lines: ["a < b & c"]),
    ]

    @Test func srtCuesAreNumberedTimedAndSeparatedByABlankLine() {
        let text = SubtitleWriter.text(Self.cues, format: .srt)
        #expect(text == """
            1
            00:00:00,200 --> 00:00:01,500
            얼마예요
            How much is it?

            2
            01:02:05,250 --> 01:02:07,125
            a < b & c


            """)
        let blocks = text.components(separatedBy: "\n\n").filter { !$0.isEmpty }
        let timing = try! Regex(#"^\d\d:\d\d:\d\d,\d\d\d --> \d\d:\d\d:\d\d,\d\d\d$"#)
        for (index, block) in blocks.enumerated() {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines[0] == "\(index + 1)")
            #expect(String(lines[1]).wholeMatch(of: timing) != nil, "\(lines[1])")
            #expect(lines.count >= 3 && lines.dropFirst(2).allSatisfy { !$0.isEmpty })
        }
    }

    @Test func vttHasItsHeaderDotsAndEscapedMarkup() {
        let text = SubtitleWriter.text(Self.cues, format: .vtt)
        #expect(text.hasPrefix("WEBVTT\n\n1\n00:00:00.200 --> 00:00:01.500\n얼마예요\nHow much is it?\n\n"))
        #expect(text.contains("01:02:05.250 --> 01:02:07.125\na &lt; b &amp; c\n\n"))
        #expect(!text.contains(","))
    }

    @Test func aShortCueIsShownLongerOnlyIntoTheSilenceBeforeTheNext() {
        let cues = [SubtitleCue(start: 1, end: 1.1, lines: ["a"]), SubtitleCue(start: 1.3, end: 1.35, lines: ["b"]),
                    SubtitleCue(start: 5, end: 5.05, lines: ["c"])]
        let text = SubtitleWriter.text(cues, format: .srt)
        #expect(text.contains("00:00:01,000 --> 00:00:01,300\na"))
        #expect(text.contains("00:00:01,300 --> 00:00:01,800\nb"))
        #expect(text.contains("00:00:05,000 --> 00:00:05,500\nc"))
    }

    @Test func aCueShowsWhatWasAskedAndNeverABlankLine() {
        let heard = HeardSegment(number: 1, result: RecognitionResult(
            locale: "ko-KR", text: "얼마 예요", alternatives: [],
            words: [RecognizedWord(word: "얼마", start: 0.5, end: 0.8, confidence: 1),
                    RecognizedWord(word: "예요", start: 0.8, end: 1.2, confidence: 1)]), cut: .pause)
        let translation = Translation(sourceText: "얼마 예요", source: LocaleTag(language: "ko", region: "KR"),
                                      target: LocaleTag(language: "en", region: "US"), text: "How much\n\nis it?", segments: [])
        let segment = InterpretedSegment(heard: heard, translation: translation)
        #expect(SubtitleCue.of(segment, showing: .original)?.lines == ["얼마 예요"])
        #expect(SubtitleCue.of(segment, showing: .translation)?.lines == ["How much", "is it?"])
        #expect(SubtitleCue.of(segment, showing: .both) == SubtitleCue(start: 0.5, end: 1.2, lines: ["얼마 예요", "How much", "is it?"]))
        #expect(SubtitleCue.of(InterpretedSegment(heard: heard, translation: nil), showing: .translation) == nil)
    }

    @Test(arguments: [(0.0, "00:00:00,000"), (59.9996, "00:01:00,000"), (36_000.5, "10:00:00,500"), (-1, "00:00:00,000")])
    func timestamps(seconds: Double, expected: String) {
        #expect(SubtitleWriter.timestamp(seconds, format: .srt) == expected)
        #expect(SubtitleWriter.timestamp(seconds, format: .vtt) == expected.replacingOccurrences(of: ",", with: "."))
    }
}
