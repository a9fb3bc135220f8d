import Foundation
import ParleyKit
import Synchronization

/// `parley check-model LOCALE FOLDER`, the child side of the doctor's model check: loads the
/// model with Kaldi's log on (its "Loading …" lines tell the parent which part failed),
/// prints `ok` or the error on stdout, and exits 0 or 1 (3 when there is no libvosk to load
/// it with). Kaldi may also abort the process: the parent reads that from the exit status.
enum ModelCheckCommand {
    static func run(locale: LocaleTag, folder: String, output: TerminalOutput) -> Int32 {
        let library: VoskLibrary
        switch VoskLibrary.shared {
        case .success(let loaded): library = loaded
        case .failure(let error):
            output.line(error.message)
            return 3
        }
        library.setLogging(verbose: true)
        do {
            try ModelLoadTest.run(folder: URL(fileURLWithPath: folder), locale: locale, library: library)
            output.line("ok")
            return 0
        } catch {
            output.line("\(error)")
            return 1
        }
    }
}

/// What loading a model in a child process showed.
enum ModelVerdict: Equatable {
    /// Every part loaded and decoded silence.
    case loads
    /// The model did not load; `detail` names the broken file where it could be found.
    case broken(detail: String)
    /// The check itself could not be done (no libvosk, no parley binary, a time-out).
    case unchecked(String)
}

/// The parent side: runs `parley check-model` for a model and turns its exit status, its
/// verdict and Kaldi's log into a `ModelVerdict`. Nothing Kaldi prints reaches the terminal.
struct ModelLoadProbe {
    /// The parley binary to run (the running one, for the doctor).
    let executable: URL
    /// How long a load may take before the child is killed (a small model takes 1–3 s).
    var timeout: Double = 120

    /// The running program, when it is parley (not a test runner).
    static var runningParley: ModelLoadProbe? {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.lastPathComponent == "parley" ? ModelLoadProbe(executable: executable) : nil
    }

    func verdict(for model: InstalledModel) -> ModelVerdict {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["check-model", model.locale.identifier, model.folder.path]
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            return .unchecked("could not run \(executable.path) to load it (\(ParleyError.Cause.from(error)))")
        }
        let log = Collected()
        let reader = Thread { log.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let pid = process.processIdentifier
        let timedOut = TimeOut()
        let watchdog = DispatchWorkItem {
            timedOut.fired.store(true, ordering: .relaxed)
            kill(pid, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let said = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        process.waitUntilExit()
        watchdog.cancel()
        let kaldi = log.wait()
        if timedOut.fired.load(ordering: .relaxed) { return .unchecked("did not finish loading in \(Int(timeout)) s") }
        if process.terminationReason == .exit, process.terminationStatus == 0 { return .loads }
        let problem = ModelDiagnosis.inspect(model.folder) ?? ModelDiagnosis.fromLog(kaldi, folder: model.folder)
        if process.terminationReason == .exit, process.terminationStatus == 3 { return .unchecked(said) }
        if let problem { return .broken(detail: problem.description) }
        if process.terminationReason == .uncaughtSignal {
            return .broken(detail: "loading it crashed (signal \(process.terminationStatus))")
        }
        return .broken(detail: said.isEmpty ? "it does not load" : said)
    }
}

/// Bytes a reader thread collects, handed over once it has read to the end.
private final class Collected: Sendable {
    private let data = Mutex<Data?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func set(_ value: Data) {
        data.withLock { $0 = value }
        done.signal()
    }

    func wait() -> String {
        done.wait()
        return String(decoding: data.withLock { $0 } ?? Data(), as: UTF8.self)
    }
}

/// Set by the watchdog when it had to kill the child.
private final class TimeOut: Sendable {
    let fired = Atomic<Bool>(false)
}
