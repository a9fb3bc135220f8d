import Foundation
import Testing

/// `parley install model|voice|translation`: the built parley runs the installer it ships
/// with (scripts/install-engine) against servers that are file:// folders, into the folder a
/// `$PARLEY_…` variable names, with the checks setup makes.
@Suite("parley install")
struct InstallCommandEndToEndTests {
    /// A Vosk model list and archive for fr-FR in `server`; `listMatches: false` gives the list
    /// a wrong MD5.
    static func serveFrenchModel(in server: URL, listMatches: Bool) throws {
        try FileManager.default.createDirectory(at: server, withIntermediateDirectories: true)
        let name = "vosk-model-small-fr-0.22"
        let zip = server.appendingPathComponent("\(name).zip")
        let script = """
            import hashlib, json, sys, zipfile
            zip_path, name, matches, server = sys.argv[1], sys.argv[2], sys.argv[3] == "1", sys.argv[4]
            with zipfile.ZipFile(zip_path, "w") as z:
                for part in ["am/final.mdl", "conf/model.conf", "conf/mfcc.conf", "graph/HCLG.fst"]:
                    z.writestr(name + "/" + part, "fake " + part)
            data = open(zip_path, "rb").read()
            md5 = hashlib.md5(data).hexdigest() if matches else "0" * 32
            json.dump([{"lang": "fr", "name": name, "size": len(data), "md5": md5, "type": "small"}],
                      open(server + "/model-list.json", "w"))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SetupScriptTests.python)
        process.arguments = ["-c", script, zip.path, name, listMatches ? "1" : "0", server.path]
        let outcome = try process.runCapturingOutput()
        try #require(outcome.status == 0, "\(outcome.stderr)")
    }

    /// A variable naming a file instead of a folder is named with the fix; a relative
    /// XDG_CACHE_HOME is ignored (downloads never land in the working folder).
    @Test func aTargetThatIsNoFolderAndARelativeCacheAreHandled() throws {
        let parley = try ParleyProcess()
        let file = parley.home.appendingPathComponent("a-file")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        let refused = try parley.run(["install", "model", "fr"], extraEnvironment: ["PARLEY_MODELS": file.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("\(file.path) is not a folder, so nothing can be installed into it (PARLEY_MODELS "
                                        + "names it): point PARLEY_MODELS at a folder, or unset it."), "\(refused.stderr)")
        let relative = try parley.run(["install", "model", "fr"], extraEnvironment: [
            "PARLEY_MODELS": parley.home.appendingPathComponent("models").path, "XDG_CACHE_HOME": "relative-cache",
            "PARLEY_VOSK_MODEL_BASE": parley.home.appendingPathComponent("no-server").absoluteString])
        #expect(relative.status == 1 && relative.stdout.contains("model fr-FR: download failed"), "\(relative.stdout)")
        #expect(!FileManager.default.fileExists(atPath: parley.home.appendingPathComponent("relative-cache").path))
        #expect(FileManager.default.fileExists(atPath: parley.home.appendingPathComponent(".cache/parley/models").path))
    }

    @Test(arguments: [true, false])
    func aModelIsCheckedAgainstItsListAndInstalledWhereParleyReadsModels(listMatches: Bool) throws {
        let parley = try ParleyProcess()
        let server = parley.home.appendingPathComponent("alphacephei")
        let models = parley.home.appendingPathComponent("models")
        try Self.serveFrenchModel(in: server, listMatches: listMatches)
        let outcome = try parley.run(["install", "model", "fr"], extraEnvironment: [
            "PARLEY_VOSK_MODEL_BASE": server.absoluteString, "PARLEY_MODELS": models.path,
            "XDG_CACHE_HOME": parley.home.appendingPathComponent("cache").path])
        #expect(outcome.stderr.contains("installing into \(models.path)"), "\(outcome.stderr)")
        let installed = models.appendingPathComponent("fr-FR/am/final.mdl")
        if listMatches {
            #expect(outcome.status == 0, "\(outcome.stdout) \(outcome.stderr)")
            #expect(outcome.stdout.contains("model fr-FR: installed (vosk-model-small-fr-0.22)"), "\(outcome.stdout)")
            #expect(FileManager.default.fileExists(atPath: installed.path))
            // What is installed is installed again when asked: parley names this command for a broken model.
            let again = try parley.run(["install", "model", "fr-FR"], extraEnvironment: [
                "PARLEY_VOSK_MODEL_BASE": server.absoluteString, "PARLEY_MODELS": models.path,
                "XDG_CACHE_HOME": parley.home.appendingPathComponent("cache").path])
            #expect(again.status == 0 && again.stdout.contains("model fr-FR: reinstalled"), "\(again.stdout)")
        } else {
            #expect(outcome.status == 1)
            #expect(outcome.stdout.contains("the download of vosk-model-small-fr-0.22 is damaged (its MD5 differs from the "
                                            + "Vosk model list's) and was removed; run parley install model fr-FR again"),
                    "\(outcome.stdout)")
            #expect(!FileManager.default.fileExists(atPath: installed.path))
        }
        // Nothing half-unpacked is left beside the models.
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: models.path)) ?? []
        #expect(leftovers.allSatisfy { !$0.hasPrefix(".") }, "\(leftovers)")
    }

    @Test func aVoiceTheCollectionDoesNotListIsRefused() throws {
        let parley = try ParleyProcess()
        let server = parley.home.appendingPathComponent("piper")
        try FileManager.default.createDirectory(at: server, withIntermediateDirectories: true)
        try "{}".write(to: server.appendingPathComponent("voices.json"), atomically: true, encoding: .utf8)
        let voices = parley.home.appendingPathComponent("voices")
        let outcome = try parley.run(["install", "voice", "xx_XX-nobody-low"], extraEnvironment: [
            "PARLEY_PIPER_VOICE_BASE": server.absoluteString, "PARLEY_VOICES": voices.path,
            "XDG_CACHE_HOME": parley.home.appendingPathComponent("cache").path])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("voice xx_XX-nobody-low: not in the Piper voice list"), "\(outcome.stdout)")
    }

    @Test func withoutTheNetworkItSaysSoAndFails() throws {
        let parley = try ParleyProcess()
        let outcome = try parley.run(["install", "translation", "en-es"], extraEnvironment: [
            "PARLEY_TRANSLATION_BASE": parley.home.appendingPathComponent("no-hub").absoluteString,
            "PARLEY_TRANSLATION_MODELS": parley.home.appendingPathComponent("translation").path,
            "XDG_CACHE_HOME": parley.home.appendingPathComponent("cache").path])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("translation en-es: no neural model (see above); Apertium translates. "
                                        + "Later: parley install translation en-es"), "\(outcome.stdout)")
    }

    @Test(arguments: [
        (["install"], "install needs what to install"),
        (["install", "model"], "install model needs a locale"),
        (["install", "model", "xq"], "Unknown language 'xq'"),
        (["install", "voice", "../../etc"], "is not a voice name"),
        (["install", "translation", "en"], "install translation needs a direction"),
        (["install", "translation", "en-US-es"], "install translation needs a direction"),
        (["install", "translation", "en-en"], "names one"),
        (["install", "font", "x"], "Unknown thing to install 'font'"),
    ])
    func mistakesAreNamed(arguments: [String], message: String) throws {
        let outcome = try ParleyProcess().run(arguments)
        #expect(outcome.status == 2, "\(outcome.stdout) \(outcome.stderr)")
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
    }
}
