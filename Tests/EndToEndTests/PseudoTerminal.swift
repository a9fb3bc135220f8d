import Foundation
import Synchronization

/// Runs a program on a pseudo-terminal, as a person at a terminal would: the terminal is its
/// controlling terminal, so Ctrl-C typed into it becomes SIGINT, and readline is active.
final class PseudoTerminal: Sendable {
    let process: Process
    private let keyboard = Pipe()
    private let output = Mutex<String>("")

    /// Starts `executable` with `arguments` and `environment` on a new terminal, made by
    /// util-linux's `script`, which passes what is typed to the terminal and its screen back.
    init(executable: URL, arguments: [String], environment: [String: String], directory: URL) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        let command = ([executable.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        // -q quiet, -f flush at once, -e the program's exit status, -c the program; no typescript file.
        // `script` runs the command through $SHELL; `exec` replaces that shell with the program.
        // A shell left waiting (dash does not exec a lone command) would be in the terminal's
        // foreground group, die of the SIGINT that Ctrl-C sends, and report 130 for a program
        // that ended well.
        process.arguments = ["-qfec", "exec " + command.joined(separator: " "), "/dev/null"]
        process.environment = ["TERM": "xterm", "SHELL": "/bin/sh"].merging(environment) { $1 }
        process.currentDirectoryURL = directory
        let screen = Pipe()
        process.standardInput = keyboard
        process.standardOutput = screen
        process.standardError = screen
        screen.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            output.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Everything the terminal showed so far.
    var screen: String { output.withLock { $0 } }

    /// Types `keys` (`\r` is Enter, `\u{3}` is Ctrl-C, `\u{4}` is Ctrl-D).
    func type(_ keys: String) {
        keyboard.fileHandleForWriting.writeToChild(Data(keys.utf8))
    }

    /// Waits until the screen shows `text` at least `times` times; false on time-out.
    func waitFor(_ text: String, times: Int = 1, seconds: Double = 30) -> Bool {
        waitUntil(seconds: seconds) { screen.components(separatedBy: text).count > times }
    }

    /// Waits for the program to end; its exit status, or nil if it is still running after `seconds`.
    func waitForExit(seconds: Double = 10) -> Int32? {
        waitUntil(seconds: seconds) { !process.isRunning } ? process.terminationStatus : nil
    }
}
