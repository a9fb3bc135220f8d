import Foundation
import Testing

/// `scripts/setup --pair`: the Apertium package's name is found however Debian spells it,
/// with stand-ins for apt-cache and dpkg-query so the machine's package lists do not matter.
@Suite("setup --pair: Apertium packages")
struct SetupPairTests {
    typealias Outcome = ProcessOutcome

    /// Runs scripts/setup-apertium-pair with an apt that knows only `known` packages, of
    /// which `installed` are installed, and a modes folder holding `modes`.
    func run(_ arguments: [String], known: [String] = ["apertium-fr-es", "apertium-eng-spa"],
             installed: [String] = ["apertium-fr-es"], modes: [String] = ["fr-es", "es-fr"]) throws -> Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-pair-\(UUID())")
        let stubs = folder.appendingPathComponent("bin"), modesFolder = folder.appendingPathComponent("modes")
        try FileManager.default.createDirectory(at: stubs, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: modesFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for mode in modes { try "lt-proc x\n".write(to: modesFolder.appendingPathComponent("\(mode).mode"), atomically: true, encoding: .utf8) }
        let scripts = [
            "apt-cache": "case \" \(known.joined(separator: " ")) \" in *\" $2 \"*) echo \"Package: $2\"; echo Version: 1;; *) exit 100;; esac",
            "dpkg-query": "case \" \(installed.joined(separator: " ")) \" in *\" $3 \"*) echo 'install ok installed';; *) exit 1;; esac",
            "apt-get": "echo \"apt-get $*\" >&2",
        ]
        for (name, body) in scripts {
            let file = stubs.appendingPathComponent(name)
            try "#!/bin/bash\n\(body)\n".write(to: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [ParleyProcess.checkout.appendingPathComponent("scripts/setup-apertium-pair").path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = stubs.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["PARLEY_APERTIUM_MODES"] = modesFolder.path
        process.environment = environment
        let stdout = folder.appendingPathComponent("out"), stderr = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: stdout)
        process.standardError = try FileHandle(forWritingTo: stderr)
        try process.run()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: try String(contentsOf: stdout, encoding: .utf8),
                       stderr: try String(contentsOf: stderr, encoding: .utf8))
    }

    @Test(arguments: [("fr-es", "apertium-fr-es"), ("es-fr", "apertium-fr-es"), ("en-es", "apertium-eng-spa"),
                      ("spa-eng", "apertium-eng-spa"), ("FR-ES", "apertium-fr-es")])
    func findsThePackageHoweverDebianSpellsIt(_ pair: String, _ package: String) throws {
        let outcome = try run(["--resolve", pair])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == package + "\n")
    }

    @Test func anInstalledPairReportsItsModesOnStdoutAndProgressOnStderr() throws {
        let outcome = try run(["fr-es"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "apertium-fr-es: modes es-fr fr-es\n")
        #expect(outcome.stderr.contains("apertium-fr-es is already installed"))
        let fresh = try run(["fr-es"], installed: [])
        #expect(fresh.stderr.contains("installing apertium-fr-es"))
        #expect(fresh.stderr.contains("apt-get install -y -qq --no-install-recommends apertium-fr-es"))
    }

    @Test func aPairDebianDoesNotPackageOrABadRequestSaysSo() throws {
        let missing = try run(["--resolve", "en-ko"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no Debian package translates en↔ko (tried apertium-eng-kor"))
        let bad = try run(["french"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--pair needs two languages joined by a hyphen, like --pair fr-es"))
        let noModes = try run(["fr-es"], modes: [])
        #expect(noModes.status == 1)
        #expect(noModes.stderr.contains("no mode for fr↔es"))
    }
}
