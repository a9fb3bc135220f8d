import Foundation
import Testing

/// Broken speech models, through the binary: Kaldi reports them on stderr from deep inside
/// libvosk (and may abort), so these run in processes of their own, never in the test runner.
/// Each model is a folder of symlinks to the checkout's Korean model with one part broken
/// in a real file of its own, so the shared model is never touched.
@Suite("parley binary: broken speech models")
struct BrokenModelEndToEndTests {
    static let korean = ParleyProcess.checkout.appendingPathComponent("Models/ko-KR").resolvingSymlinksInPath()
    static let silence = Fixture.url("silence-2s-16k.wav")

    /// `root/ko-KR`: every file of the Korean model linked, then `breaking` applied to it.
    static func brokenModel(in root: URL, _ breaking: (URL) throws -> Void) throws -> URL {
        let folder = root.appendingPathComponent("ko-KR")
        let fileManager = FileManager.default
        let files = try #require(fileManager.enumerator(atPath: korean.path)).compactMap { $0 as? String }
        for file in files {
            let source = korean.appendingPathComponent(file), target = folder.appendingPathComponent(file)
            var isFolder: ObjCBool = false
            _ = fileManager.fileExists(atPath: source.path, isDirectory: &isFolder)
            if isFolder.boolValue {
                try fileManager.createDirectory(at: target, withIntermediateDirectories: true)
            } else {
                try fileManager.createSymbolicLink(at: target, withDestinationURL: source)
            }
        }
        try breaking(folder)
        return root
    }

    /// Replaces the link `file` with the first `bytes` bytes of the real file.
    static func cut(_ file: String, to bytes: Int) -> (URL) throws -> Void {
        { folder in
            let data = try FileHandle(forReadingFrom: korean.appendingPathComponent(file)).read(upToCount: bytes) ?? Data()
            try FileManager.default.removeItem(at: folder.appendingPathComponent(file))
            try data.write(to: folder.appendingPathComponent(file))
        }
    }

    static func remove(_ file: String) -> (URL) throws -> Void {
        { try FileManager.default.removeItem(at: $0.appendingPathComponent(file)) }
    }

    struct Breakage: Sendable, CustomStringConvertible {
        let name: String
        let file: String
        let reason: String
        var description: String { name }
    }

    /// A truncated graph and a missing i-vector extractor used to get "the model may need a
    /// higher sample rate" after Kaldi's raw ERROR lines, and `doctor` said OK.
    static let breakages = [
        Breakage(name: "HCLr.fst cut to 1 MB", file: "graph/HCLr.fst", reason: "graph/HCLr.fst is cut short"),
        Breakage(name: "ivector/final.ie missing", file: "ivector/final.ie", reason: "ivector/final.ie is missing"),
    ]

    static func breaking(_ breakage: Breakage) -> (URL) throws -> Void {
        breakage.reason.hasSuffix("missing") ? remove(breakage.file) : cut(breakage.file, to: 1_000_000)
    }

    @Test(arguments: breakages)
    func aBrokenFileIsNamedWithTheFixAndKaldiStaysQuiet(_ breakage: Breakage) throws {
        let parley = try ParleyProcess()
        let models = try Self.brokenModel(in: parley.home.appendingPathComponent("models"), Self.breaking(breakage))
        let outcome = try parley.run(["transcribe", Self.silence.path, "--lang", "ko"], extraEnvironment: ["PARLEY_MODELS": models.path])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("The speech model for ko-KR in \(models.path)/ko-KR is broken: \(breakage.reason)"),
                "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.contains("Reinstall it with parley install model ko-KR."))
        #expect(!outcome.stderr.contains("ERROR"), "Kaldi's own lines reached the terminal: \(outcome.stderr)")
        #expect(!outcome.stderr.contains("sample rate"))
    }

    @Test(arguments: breakages)
    func doctorLoadTestsEachModel(_ breakage: Breakage) throws {
        let parley = try ParleyProcess()
        let models = try Self.brokenModel(in: parley.home.appendingPathComponent("models"), Self.breaking(breakage))
        let outcome = try parley.run(["doctor"], extraEnvironment: ["PARLEY_MODELS": models.path])
        #expect(outcome.stdout.contains("BROKEN  speech model ko-KR: \(breakage.reason)"), "stdout: \(outcome.stdout)")
        #expect(outcome.stdout.contains("→ parley install model ko-KR"))
        #expect(!outcome.stdout.contains("OK      speech model ko-KR"))
        #expect(!(outcome.stdout + outcome.stderr).contains("ERROR"))
    }

    /// A part only Kaldi can judge: the conversation's message points at the doctor, which
    /// loads the model in a child process and names the file from Kaldi's log.
    @Test func aPartOnlyKaldiCanJudgeIsNamedByTheDoctor() throws {
        let parley = try ParleyProcess()
        let models = try Self.brokenModel(in: parley.home.appendingPathComponent("models")) { folder in
            let model = folder.appendingPathComponent("am/final.mdl")
            try FileManager.default.removeItem(at: model)
            try "garbage".write(to: model, atomically: true, encoding: .utf8)
        }
        let environment = ["PARLEY_MODELS": models.path]
        let transcribe = try parley.run(["transcribe", Self.silence.path, "--lang", "ko"], extraEnvironment: environment)
        #expect(transcribe.status == 1)
        #expect(transcribe.stderr.contains("could not be loaded: it is incomplete or not a Vosk model (parley doctor names "
            + "the broken file). Reinstall it with parley install model ko-KR."), "stderr: \(transcribe.stderr)")
        let doctor = try parley.run(["doctor"], extraEnvironment: environment)
        #expect(doctor.stdout.contains("BROKEN  speech model ko-KR: am/final.mdl cannot be read:"),
                "stdout: \(doctor.stdout)")
        #expect(!(doctor.stdout + doctor.stderr).contains("ERROR ("))
    }
}
