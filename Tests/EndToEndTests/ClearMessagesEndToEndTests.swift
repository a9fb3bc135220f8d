import Foundation
import Testing

/// What went wrong is named where it is, with its fix: a damaged neural voice asked for by
/// name, a model folder chosen by a variable.
@Suite("parley binary: messages that name the cause")
struct ClearMessagesEndToEndTests {
    /// `say --voice NAME` for a voice cut short said "No espeak-ng voice named NAME".
    @Test func aDamagedNeuralVoiceAskedForByNameIsNamedWithItsFix() throws {
        let parley = try ParleyProcess()
        let folder = parley.home.appendingPathComponent("voices/en_US-cut-medium")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data([8]).write(to: folder.appendingPathComponent("en_US-cut-medium.onnx"))
        try Data("_ 0\n".utf8).write(to: folder.appendingPathComponent("tokens.txt"))
        try Data(#"{"locale": "en-US", "espeakVoice": "en-us", "sampleRate": 22050, "modelBytes": 13}"#.utf8)
            .write(to: folder.appendingPathComponent("voice.json"))
        let outcome = try parley.run(["say", "hello", "--lang", "en", "--voice", "en_US-cut-medium", "--wav", "out.wav"],
                                     extraEnvironment: ["PARLEY_VOICES": folder.deletingLastPathComponent().path])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("The neural voice en_US-cut-medium is broken: "), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("1 bytes, not the 13 it was installed with"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("No espeak-ng voice"))
    }

    /// With `$PARLEY_MODELS` set somewhere without models, "Installed: none" sent the person
    /// to reinstall what was installed; the variable is named.
    @Test func aModelFolderChosenByTheVariableIsNamed() throws {
        let parley = try ParleyProcess()
        let outcome = try parley.run(["transcribe", Fixture.url("ko-eolmayeyo-16k-mono.wav").path, "--lang", "ko"],
                                     extraEnvironment: ["PARLEY_MODELS": parley.home.path])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("Installed: none in \(parley.home.path), where PARLEY_MODELS has parley look alone"),
                "\(outcome.stderr)")
    }
}
