import Foundation
import Testing

/// `--input-wav` without `--output-wav`: what the person is told once the recording is used
/// up, and that translations are not spoken.
@Suite("parley binary: a recording as the microphone")
struct RecordingInputEndToEndTests {
    @Test func theEndOfTheRecordingAndTheMissingSpeakerAreSaid() throws {
        let parley = try ParleyProcess()
        let outcome = try parley.run(["ko", "en", "--input-wav", Fixture.url("ko-eolmayeyo-16k-mono.wav").path],
                                     input: "\n:swap\n\n\n:quit\n")
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("ko-KR: 얼마"), "\(outcome.stdout)\n\(outcome.stderr)")
        let ended = "The input recording has ended: nothing more to listen to."
        #expect(outcome.stderr.components(separatedBy: ended).count - 1 == 2, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("No speech heard"), "\(outcome.stderr)")
        let noSpeaker = "No speaker: translations are shown, not spoken. Start parley with --output-wav DIR"
        #expect(outcome.stderr.components(separatedBy: noSpeaker).count - 1 == 1, "\(outcome.stderr)")
    }
}
