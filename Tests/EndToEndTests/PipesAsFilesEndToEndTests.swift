import Foundation
import Testing

/// A pipe where parley expects a file (a library named by a variable, the history) once made
/// it wait forever without a word: each is now named, and parley goes on without it.
@Suite("parley binary: pipes where files belong")
struct PipesAsFilesEndToEndTests {
    func pipe(in parley: ParleyProcess, _ name: String) -> String {
        let path = parley.home.appendingPathComponent(name).path
        mkfifo(path, 0o600)
        return path
    }

    @Test func aLibraryVariableNamingAPipeIsNamedNotWaitedOn() throws {
        let parley = try ParleyProcess()
        let vosk = pipe(in: parley, "libvosk.so"), sherpa = pipe(in: parley, "libsherpa.so")
        let recording = Fixture.url("ko-eolmayeyo-16k-mono.wav").path
        // `timeout` ends a parley that waits: exit 137 instead of a hung test run.
        let transcribe = try parley.shell("PARLEY_LIBVOSK='\(vosk)' timeout -s KILL 30 \"$0\" transcribe '\(recording)' --lang ko")
        #expect(transcribe.status == 1, "\(transcribe.stderr)")
        #expect(transcribe.stderr.contains("\(vosk) is a pipe"), "\(transcribe.stderr)")
        let say = try parley.shell("PARLEY_SHERPA_ONNX='\(sherpa)' timeout -s KILL 30 \"$0\" say hello --lang en --wav out.wav")
        #expect(say.status == 0, "\(say.stderr)")
        #expect(FileManager.default.fileExists(atPath: parley.home.appendingPathComponent("out.wav").path))
        let doctor = try parley.shell("PARLEY_LIBVOSK='\(vosk)' PARLEY_SHERPA_ONNX='\(sherpa)' timeout -s KILL 60 \"$0\" doctor")
        #expect(doctor.status != 137)
        #expect(doctor.stdout.contains("is a pipe"), "\(doctor.stdout)")
    }

    @Test func aPipeAsTheHistoryIsNamedAndThePromptComes() throws {
        let parley = try ParleyProcess()
        let folder = parley.home.appendingPathComponent(".local/share/parley")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        mkfifo(folder.appendingPathComponent("history").path, 0o600)
        let terminal = try parley.terminal(["en", "es", "--mute"], environment: ["ALSA_CONFIG_PATH": "/dev/null"])
        #expect(terminal.waitFor("en-US → es-ES ›", seconds: 20), "screen: \(terminal.screen)")
        #expect(terminal.screen.contains("history is a pipe"), "screen: \(terminal.screen)")
        terminal.type("good morning\r")
        #expect(terminal.waitFor("Buenos días"), "screen: \(terminal.screen)")
        terminal.type("\u{4}")
        #expect(terminal.waitForExit() == 0)
    }
}
