import Foundation

/// Runs the built `parley` binary as a user would, with its own HOME so nothing a test
/// does touches the real user's data.
struct ParleyProcess {
    /// What a run printed and how it ended.
    typealias Outcome = ProcessOutcome

    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The binary `swift build` put beside the test bundle, or `$PARLEY_BIN`.
    static var binary: URL {
        if let explicit = ProcessInfo.processInfo.environment["PARLEY_BIN"] {
            return URL(fileURLWithPath: explicit)
        }
        let beside = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("parley")
        if let beside, FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return checkout.appendingPathComponent(".build/debug/parley")
    }

    /// A fresh home folder for one test.
    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("parley-e2e-\(UUID())")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    /// The environment a parley of this test runs with: this one's, with the test's home and
    /// no XDG folders (which would lead it to the real user's data), and `extra`.
    func childEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["XDG_DATA_HOME"] = nil
        environment["XDG_CONFIG_HOME"] = nil
        return environment.merging(extra) { $1 }
    }

    /// `binary` (the debug build by default) started with `arguments` on a pseudo-terminal
    /// in this test's home.
    func terminal(_ arguments: [String], binary: URL = ParleyProcess.binary,
                  environment extra: [String: String] = [:]) throws -> PseudoTerminal {
        // An xterm unless the test asks for another terminal (whatever TERM the tests run under).
        try PseudoTerminal(executable: binary, arguments: arguments,
                           environment: childEnvironment(["TERM": "xterm"].merging(extra) { $1 }), directory: home)
    }

    /// Runs `script` with `/bin/sh -c` in this test's environment, `$0` being the parley
    /// binary (for redirections and limits a Process cannot set: `>&-`, `ulimit`, `> /dev/full`).
    func shell(_ script: String) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, Self.binary.path]
        process.environment = childEnvironment()
        process.currentDirectoryURL = home
        return try process.runCapturingOutput()
    }

    /// Runs parley with `arguments`, feeding `input` on stdin, and waits for it to end.
    func run(_ arguments: [String], input: String = "", extraEnvironment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.environment = childEnvironment(extraEnvironment)
        process.currentDirectoryURL = home
        return try process.runCapturingOutput(input: input)
    }
}

/// A running parley that a test talks to line by line, for sessions that must be
/// inspected (or killed) before they end.
final class RunningParley: @unchecked Sendable {
    // @unchecked: `collected` is guarded by `lock`; the rest is set in init.
    let process = Process()
    private let input = Pipe()
    private let lock = NSLock()
    private var collected = ""

    init(_ parley: ParleyProcess, arguments: [String], environment extra: [String: String]) throws {
        process.executableURL = ParleyProcess.binary
        process.arguments = arguments
        process.environment = parley.childEnvironment(extra)
        process.currentDirectoryURL = parley.home
        let stdout = Pipe()
        process.standardInput = input
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        stdout.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.withLock { self.collected += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
    }

    /// Everything printed so far.
    var stdout: String { lock.withLock { collected } }

    func send(_ line: String) {
        input.fileHandleForWriting.writeToChild(Data((line + "\n").utf8))
    }

    /// Waits until stdout contains `text` (at least `times` times); false on time-out.
    func waitFor(_ text: String, times: Int = 1, seconds: Double = 60) -> Bool {
        waitUntil(seconds: seconds) { stdout.components(separatedBy: text).count > times }
    }

    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// The size of the file at `url`, 0 while there is none.
func fileSize(_ url: URL) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
}

/// Polls `condition` every 20 ms until it holds (true) or `seconds` have passed (false).
func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}
