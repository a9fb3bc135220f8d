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
        // The second Enter hears the recording's last silence (and says so, and that it has
        // ended); the third has nothing left: it says the recording has ended, not "No speech".
        let ended = "The input recording has ended: nothing more to listen to."
        #expect(outcome.stderr.components(separatedBy: ended).count - 1 == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.components(separatedBy: "No speech heard").count - 1 <= 1, "\(outcome.stderr)")
        #expect(outcome.stderr.hasSuffix(ended + " Type your turns, or take one from another recording with :listen FILE.wav.\n"),
                "\(outcome.stderr)")
        let noSpeaker = "No speaker: translations are shown, not spoken. Start parley with --output-wav DIR"
        #expect(outcome.stderr.components(separatedBy: noSpeaker).count - 1 == 1, "\(outcome.stderr)")
    }
}
