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
        let process: Subprocess
        do {
            process = try Subprocess.start(executable.path, arguments: ["check-model", model.locale.identifier, model.folder.path],
                                           input: .null, output: .pipe, error: .pipe, stage: .recognition)
        } catch {
            return .unchecked("could not run \(executable.path) to load it (\(error.cause ?? .text(error.message)))")
        }
        let timedOut = TimeOut()
        let watchdog = DispatchWorkItem {
            timedOut.fired.store(true, ordering: .relaxed)
            process.kill()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        // Both at once: Kaldi's log can fill its pipe while the verdict is still to come.
        let streams = (try? process.readToEnd()) ?? (output: [], error: [])
        let ending = process.wait()
        watchdog.cancel()
        let said = String(decoding: streams.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let kaldi = String(decoding: streams.error, as: UTF8.self)
        if timedOut.fired.load(ordering: .relaxed) { return .unchecked("did not finish loading in \(Int(timeout)) s") }
        if ending == .exited(0) { return .loads }
        let problem = ModelDiagnosis.inspect(model.folder) ?? ModelDiagnosis.fromLog(kaldi, folder: model.folder)
        if ending == .exited(3) { return .unchecked(said) }
        if let problem { return .broken(detail: problem.description) }
        if case .signalled(let signal) = ending {
            return .broken(detail: "loading it crashed (signal \(signal))")
        }
        return .broken(detail: said.isEmpty ? "it does not load" : said)
    }
}

/// Set by the watchdog when it had to kill the child.
private final class TimeOut: Sendable {
    let fired = Atomic<Bool>(false)
}
