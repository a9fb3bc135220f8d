import Foundation
import Testing

/// `parley transcribe --json`: every word a confidence, every reading a comparable score,
/// and how each segment was said.
@Suite("parley binary: transcribe --json")
struct TranscribeJSONEndToEndTests {
    @Test func everySegmentSaysHowItWasSaidOnOneScaleOfConfidence() throws {
        let parley = try ParleyProcess()
        let outcome = try parley.run(["transcribe", Fixture.url("ko-three-phrases-16k-mono.wav").path, "--lang", "ko",
                                      "--json", "--alternatives", "3"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let segments = try #require(document["segments"] as? [[String: Any]])
        #expect(segments.count == 3)
        for segment in segments {
            let words = try #require(segment["words"] as? [[String: Any]])
            #expect(words.allSatisfy { ($0["confidence"] as? Double).map { (0...1).contains($0) } == true }, "\(words)")
            let readings = try #require(segment["alternatives"] as? [[String: Any]])
            #expect(readings.allSatisfy { ($0["confidence"] as? Double).map { (0...1).contains($0) } == true }, "\(readings)")
            let speech = try #require(segment["speech"] as? [String: Any], "\(segment)")
            #expect((60...400).contains(speech["speakingRate"] as? Double ?? 0), "\(speech)")
            #expect(speech["averagePause"] as? Double != nil)
            let voice = try #require(speech["voice"] as? [String: Any])
            // espeak-ng's Korean voice: about 84–100 Hz (Praat measures the same).
            #expect((70...120).contains(voice["pitch"] as? Double ?? 0), "\(voice)")
            #expect((0...5).contains(voice["jitter"] as? Double ?? -1), "\(voice)")
            #expect((0...40).contains(voice["shimmer"] as? Double ?? -1), "\(voice)")
            #expect((0.5...1).contains(voice["voicing"] as? Double ?? -1), "\(voice)")
        }
    }
}
