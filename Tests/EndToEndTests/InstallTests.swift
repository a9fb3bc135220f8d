import Foundation
import Testing

/// `scripts/setup --install-only` and `--uninstall` as on a fresh machine: a copy of the
/// scripts and the shipped dictionaries in an empty checkout, the build the tests run as the
/// release binary (setup builds nothing here), and an empty home. Everything the installed
/// parley does runs from /tmp with a bare environment, as a user would type it.
@Suite("scripts/setup installs parley as a command", .serialized)
struct InstallTests {
    /// Who installs.
    enum Installer: String, CaseIterable, CustomTestStringConvertible {
        /// The user running the tests (root in CI), into a prefix standing in for /usr/local.
        case currentUser
        /// An ordinary user, `nobody`, into its own ~/.local (only when the tests run as root).
        case ordinaryUser

        var testDescription: String { rawValue }
    }

    struct Sandbox {
        let folder: URL
        let installer: Installer
        var checkout: URL { folder.appendingPathComponent("checkout") }
        var home: URL { folder.appendingPathComponent("home") }
        var binary: URL { folder.appendingPathComponent("build/parley") }
        var systemLibdir: URL { folder.appendingPathComponent("system-lib") }
        /// /usr/local's stand-in for the current user; ~/.local for the ordinary one.
        var prefix: URL {
            installer == .currentUser ? folder.appendingPathComponent("usr-local") : home.appendingPathComponent(".local")
        }
        var libdir: URL { installer == .currentUser ? systemLibdir : home.appendingPathComponent(".local/lib") }
        var installed: URL { prefix.appendingPathComponent("bin/parley") }
        var manPage: URL { prefix.appendingPathComponent("share/man/man1/parley.1") }
        var bashCompletion: URL { prefix.appendingPathComponent("share/bash-completion/completions/parley") }
        var zshCompletion: URL { prefix.appendingPathComponent("share/zsh/site-functions/_parley") }
        var shipped: URL { prefix.appendingPathComponent("share/parley/shipped") }
    }

    static var isRoot: Bool { getuid() == 0 }

    /// The release build when there is one (scripts/test makes it), else the debug build.
    static var builtBinary: URL {
        let release = InterruptEndToEndTests.releaseBinary
        return FileManager.default.isExecutableFile(atPath: release.path) ? release : ParleyProcess.binary
    }

    func makeSandbox(_ installer: Installer) throws -> Sandbox {
        let fileManager = FileManager.default
        let sandbox = Sandbox(folder: fileManager.temporaryDirectory.appendingPathComponent("parley-install-\(UUID())"),
                              installer: installer)
        for folder in [sandbox.checkout.appendingPathComponent("scripts"), sandbox.checkout.appendingPathComponent("Models"),
                       sandbox.home, sandbox.binary.deletingLastPathComponent(), sandbox.systemLibdir] {
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for script in ["scripts/setup", "scripts/setup-install", "scripts/install-engine", "scripts/prepare-piper-voice",
                       "scripts/setup-translation", "scripts/translation-models.tsv", "scripts/translation-models.sha256"] {
            try fileManager.copyItem(at: ParleyProcess.checkout.appendingPathComponent(script),
                                     to: sandbox.checkout.appendingPathComponent(script))
        }
        try fileManager.copyItem(at: ParleyProcess.checkout.appendingPathComponent("dictionaries"),
                                 to: sandbox.checkout.appendingPathComponent("dictionaries"))
        try "speech models go here\n".write(to: sandbox.checkout.appendingPathComponent("Models/README.md"),
                                            atomically: true, encoding: .utf8)
        try fileManager.copyItem(at: Self.builtBinary, to: sandbox.binary)
        if installer == .ordinaryUser, let nobody = getpwnam("nobody") {
            chown(sandbox.home.path, nobody.pointee.pw_uid, nobody.pointee.pw_gid)
        }
        return sandbox
    }

    /// Runs `command` from /tmp as the sandbox's installer, with only the environment a login
    /// would give (PATH with the prefix's bin/ first) and `extra`.
    @discardableResult
    func run(_ command: [String], in sandbox: Sandbox, extra: [String: String] = [:]) throws -> SetupScriptTests.Outcome {
        var environment = [
            "PATH": "\(sandbox.prefix.path)/bin:/usr/local/bin:/usr/bin:/bin", "HOME": sandbox.home.path,
            "LANG": "C.UTF-8", "PARLEY_SYSTEM_LIBDIR": sandbox.systemLibdir.path,
            "PARLEY_INSTALL_BINARY": sandbox.binary.path,
        ]
        if sandbox.installer == .currentUser { environment["PARLEY_PREFIX"] = sandbox.prefix.path }
        environment.merge(extra) { $1 }
        var arguments = ["/usr/bin/env", "-i"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + command
        if sandbox.installer == .ordinaryUser { arguments = ["/usr/sbin/runuser", "-u", "nobody", "--"] + arguments }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.currentDirectoryURL = URL(fileURLWithPath: "/tmp")
        return try process.runCapturingOutput()
    }

    func setup(_ arguments: [String], in sandbox: Sandbox) throws -> SetupScriptTests.Outcome {
        try run(["/bin/bash", sandbox.checkout.appendingPathComponent("scripts/setup").path] + arguments, in: sandbox)
    }

    /// Every file and link under `folder`, relative to the sandbox.
    func files(under folder: URL, in sandbox: Sandbox) -> Set<String> {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        var found: Set<String> = []
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) != true {
            found.insert(String(url.path.dropFirst(sandbox.folder.path.count + 1)))
        }
        return found
    }

    /// zsh's and fish's completions, where those shells are installed (setup does not
    /// install them): zsh's function driven with a stand-in for compadd, fish's through its
    /// own `complete -C`, which finds the file where setup put it for a user.
    func checkZshAndFish(_ sandbox: Sandbox) throws {
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") {
            let zsh = try run(["/usr/bin/zsh", "-f", "-c", """
                compadd() { local -a out; local arrays=0
                  while (( $# )); do case $1 in (-a) arrays=1 ;; (--) shift; out+=("$@"); break ;;
                    (*) if (( arrays )); then out+=("${(@P)1}"); else out+=("$1"); fi ;; esac; shift; done
                  print -r -- "${out[*]}" }
                source "$1" >/dev/null 2>&1
                words=(parley tra); CURRENT=2; _parley
                words=(parley en ""); CURRENT=3; _parley
                """, "-", sandbox.zshCompletion.path], in: sandbox)
            let lines = zsh.stdout.split(separator: "\n").map { Set($0.split(separator: " ").map(String.init)) }
            try #require(lines.count == 2, "zsh: \(zsh.stdout) \(zsh.stderr)")
            #expect(lines[0].isSuperset(of: ["translate", "transcribe"]))
            #expect(lines[1].contains("ko-KR") && !lines[1].contains("en"))
        }
        // fish reads /etc/fish/completions (a system-wide install's) before a user's own.
        if sandbox.installer == .ordinaryUser, FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"),
           !FileManager.default.fileExists(atPath: "/etc/fish/completions/parley.fish") {
            // Not --no-config: it empties fish_complete_path.
            let fish = try run(["/usr/bin/fish", "-c", "complete -C 'parley tra'; complete -C 'parley dict '"], in: sandbox)
            let words = fish.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
            #expect(words == ["transcribe", "translate", "add", "import", "list"], "fish: \(words.prefix(8)) \(fish.stderr)")
        }
    }

    @Test(arguments: Installer.allCases)
    func setupInstallsACommandThatWorksFromAnyFolderAndUninstallLeavesNothing(installer: Installer) throws {
        try #require(installer == .currentUser || Self.isRoot, "only root can install as another user")
        let sandbox = try makeSandbox(installer)
        defer { try? FileManager.default.removeItem(at: sandbox.folder) }
        // The user's own data before anything is installed: it must outlive the uninstall.
        try run([sandbox.binary.path, "dict", "add", "en", "es", "good morning", "buenos días"], in: sandbox)
        try run(["/bin/sh", "-c", "mkdir -p ~/.config/parley ~/.local/share/parley/transcripts && echo '[es]' > ~/.config/parley/config"
                 + " && echo '{}' > ~/.local/share/parley/transcripts/conversation-1.jsonl"
                 + " && mkdir -p \(sandbox.libdir.path)/parley/sherpa-onnx && touch \(sandbox.libdir.path)/libvosk.so.0.3.45"
                 + " \(sandbox.libdir.path)/parley/sherpa-onnx/VERSION && ln -s libvosk.so.0.3.45 \(sandbox.libdir.path)/libvosk.so"],
                in: sandbox)
        let libraries = ["libvosk.so", "libvosk.so.0.3.45", "parley/sherpa-onnx/VERSION"]
            .map { String(sandbox.libdir.appendingPathComponent($0).path.dropFirst(sandbox.folder.path.count + 1)) }
        let before = files(under: sandbox.folder, in: sandbox).subtracting(libraries)
        #expect(before.contains { $0.hasPrefix("home/.local/share/parley/dictionaries/") }, "\(before)")

        let install = try setup(["--install-only"], in: sandbox)
        #expect(install.status == 0, "stderr: \(install.stderr)")
        #expect(install.stdout.contains("parley: installed as \(sandbox.installed.path)"), "\(install.stdout)")

        // From /tmp, by name, as a user types it.
        let version = try run(["parley", "--version"], in: sandbox)
        #expect(version.stdout.range(of: #"^parley \d+\.\d+\.\d+ \((commit [0-9a-f]{7,}(\+changes)?|unknown commit)\)\n$"#,
                                     options: .regularExpression) != nil, "\(version.stdout)")
        let doctor = try run(["parley", "doctor"], in: sandbox)
        #expect(doctor.stdout.contains("searched \(sandbox.shipped.path)/Models"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("dictionary en→es:") && doctor.stdout.contains("phrasebook"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("parley: 0.") && doctor.stdout.contains("data in \(sandbox.shipped.path)"))
        // Its fixes name parley install, which works from /tmp too.
        #expect(doctor.stdout.contains("→ parley install model en-US"), "\(doctor.stdout)")
        // The installed parley fetches models itself, into the user's own folder (the next
        // setup replaces the shipped copy).
        let fetch = try run(["parley", "install", "model", "fr"], in: sandbox,
                            extra: ["PARLEY_VOSK_MODEL_BASE": sandbox.folder.appendingPathComponent("no-server").absoluteString])
        #expect(fetch.status == 1 && fetch.stderr.contains("installing into \(sandbox.home.path)/.local/share/parley/models"),
                "\(fetch.stdout) \(fetch.stderr)")
        #expect(fetch.stdout.contains("model fr-FR: download failed (no network?); later run: parley install model fr-FR"),
                "\(fetch.stdout)")
        let manPath = try run(["man", "-w", "parley"], in: sandbox)
        #expect(manPath.stdout == sandbox.manPage.path + "\n", "\(manPath.stdout) \(manPath.stderr)")
        let man = try run(["man", "parley"], in: sandbox, extra: ["MANPAGER": "cat", "MANWIDTH": "80"])
        #expect(man.stdout.contains("parley - an offline two-way interpreter for the terminal"), "\(man.stdout) \(man.stderr)")
        #expect(man.stdout.contains("parley completions bash|zsh|fish"))

        // Bash's completion function, driven as bash drives it on Tab.
        let completion = try run(["/bin/bash", "--norc", "-c", """
            source "$1"; complete -p parley
            COMP_WORDS=(parley tra); COMP_CWORD=1; _parley; echo "${COMPREPLY[*]}"
            COMP_WORDS=(parley en ""); COMP_CWORD=2; _parley; echo "${COMPREPLY[*]}"
            COMP_WORDS=(parley say hola --voice ""); COMP_CWORD=4; _parley; echo "${COMPREPLY[*]}"
            """, "-", sandbox.bashCompletion.path], in: sandbox)
        let lines = completion.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count >= 4, "stdout: \(completion.stdout) stderr: \(completion.stderr)")
        #expect(lines[0] == "complete -F _parley parley")
        #expect(lines[1] == "translate transcribe translators")
        let second = Set(lines[2].split(separator: " ").map(String.init))
        #expect(second.isSuperset(of: ["es", "es-ES", "ko", "ko-KR", "fr"]), "\(lines[2])")
        #expect(second.isDisjoint(with: ["en", "en-US", "translate"]), "\(lines[2])")
        #expect(lines[3].split(separator: " ").contains("espeak"), "\(lines[3])")

        try checkZshAndFish(sandbox)

        // After a git pull, setup again updates in place: a new file arrives, a removed one goes.
        let added = sandbox.checkout.appendingPathComponent("dictionaries/zz-xx.tsv")
        try "hello\tzz\n".write(to: added, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: sandbox.checkout.appendingPathComponent("dictionaries/README.md"))
        let update = try setup(["--install-only"], in: sandbox)
        #expect(update.status == 0, "stderr: \(update.stderr)")
        #expect(update.stdout.contains("parley: updated as \(sandbox.installed.path)"), "\(update.stdout)")
        #expect(FileManager.default.fileExists(atPath: sandbox.shipped.appendingPathComponent("dictionaries/zz-xx.tsv").path))
        #expect(!FileManager.default.fileExists(atPath: sandbox.shipped.appendingPathComponent("dictionaries/README.md").path))

        let uninstall = try setup(["--uninstall"], in: sandbox)
        #expect(uninstall.status == 0, "stderr: \(uninstall.stderr)")
        #expect(uninstall.stdout.contains("removed \(sandbox.installed.path)"), "\(uninstall.stdout)")
        let leftovers = files(under: sandbox.folder, in: sandbox)
            .filter { !$0.hasPrefix("checkout/") && !$0.hasPrefix("build/") }
            // PulseAudio's ALSA plugin leaves its runtime link when the doctor probes the devices.
            .filter { !$0.hasPrefix("home/.config/pulse/") }
            .subtracting(before)
        #expect(leftovers.isEmpty, "left behind: \(leftovers.sorted())")
        #expect(before.isSubset(of: files(under: sandbox.folder, in: sandbox).union(["checkout/dictionaries/README.md"])),
                "the user's files are kept")
        #expect(!FileManager.default.fileExists(atPath: sandbox.libdir.appendingPathComponent("libvosk.so").path))
    }
}
