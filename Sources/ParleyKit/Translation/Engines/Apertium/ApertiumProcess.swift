import Foundation

/// One running Apertium pipeline: a shell and its stages, started as a `Subprocess` in a
/// process group of their own (the shell's pid is the group's id), so one kill stops every
/// stage. Owned by one `ApertiumPipeline`'s serial queue; `kill` alone may be called from
/// another thread.
struct ApertiumProcess: Sendable {
    /// Why an exchange ended without a reply.
    enum Failure: Error {
        case timedOut, cancelled, closed(errno: Int32?)
    }

    private let process: Subprocess

    /// The shell's pid, which is also the process group of every stage.
    var group: Int32 { process.processID }

    /// Runs `/bin/bash -c script apertium ARGS…` with stdin/stdout on pipes, stderr on /dev/null.
    static func start(script: String, arguments: [String]) throws(Failure) -> ApertiumProcess {
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        do {
            // A group of its own, so Ctrl-C at the terminal does not reach the stages.
            return ApertiumProcess(process: try Subprocess.start("/bin/bash", arguments: ["-c", script, "apertium"] + arguments,
                                                                 environment: environment, input: .pipe, output: .pipe,
                                                                 error: .null, ownProcessGroup: true, stage: .translation))
        } catch {
            if case .system(let code)? = error.cause { throw .closed(errno: code) }
            throw .closed(errno: nil)
        }
    }

    /// True while the shell has not exited.
    var isRunning: Bool { process.isRunning }

    /// Kills every stage at once. Safe from any thread; `stop` still has to reap.
    func kill() {
        process.kill()
    }

    /// Kills the stages, closes the pipes and reaps the shell.
    func stop() {
        process.kill()
        process.closeInput()
        process.closeOutput()
        process.wait()
    }

    /// Writes `request` while reading the reply up to its closing NUL, so neither side can
    /// block the other on a full pipe. Gives up at `deadline` or when `cancelled()` says so
    /// (checked every 50 ms).
    func exchange(_ request: [UInt8], deadline: ContinuousClock.Instant,
                  cancelled: () -> Bool) throws(Failure) -> [UInt8] {
        do { return try process.exchange(request, until: 0, deadline: deadline, cancelled: cancelled) } catch {
            switch error {
            case .timedOut: throw .timedOut
            case .cancelled: throw .cancelled
            case .closed(let code): throw .closed(errno: code)
            }
        }
    }
}
