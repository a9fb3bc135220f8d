import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A program parley starts: the one way parley and its benchmarks run another program
/// (Apertium's pipelines and lt-proc, gzip, the installer, `parley check-model`).
///
/// It is started with `posix_spawn`, which is safe in a process with many threads (a
/// `fork` there copies locks other threads hold). The child gets only its three standard
/// streams: every other descriptor is closed on exec, so a long-lived child never holds
/// another child's pipe open. Signals parley handles or ignores are back to their default
/// in the child, and none is blocked. A `Subprocess` may be shared between threads, but
/// one thread at a time reads or writes each of its pipes; `kill` and `terminate` may come
/// from any thread.
public final class Subprocess: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable, Equatable {
        /// A pipe to parley: parley writes the child's input or reads its output.
        case pipe
        /// `/dev/null`: no input, output thrown away.
        case null
        /// parley's own descriptor (its terminal, its pipe).
        case inherit
    }

    /// How a child ended.
    public enum Termination: Sendable, Equatable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal (this number) ended it.
        case signalled(Int32)

        /// Exited with status 0.
        public var succeeded: Bool { self == .exited(0) }

        public var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    /// The child's process id (also its process group's, when started in a group of its own).
    public let processID: Int32
    /// The program's path or name, for messages.
    public let executable: String
    /// Whether signals go to the child's whole process group.
    public let ownsProcessGroup: Bool
    let stage: Stage
    let ends: Mutex<Ends>
    private let ending = Mutex<Termination?>(nil)

    /// parley's ends of the child's pipes; -1 where there is none or it was closed.
    struct Ends {
        var input: Int32
        var output: Int32
        var error: Int32
    }

    init(processID: Int32, executable: String, ownsProcessGroup: Bool, stage: Stage, ends: Ends) {
        self.processID = processID
        self.executable = executable
        self.ownsProcessGroup = ownsProcessGroup
        self.stage = stage
        self.ends = Mutex(ends)
    }

    /// Closes the pipes still open and reaps the child if it has already ended; a child
    /// still running is not waited for (call `wait` first to leave no zombie).
    deinit {
        ends.withLock { ends in
            for end in [ends.input, ends.output, ends.error] { Descriptor.close(end) }
        }
        _ = poll()
    }

    /// Starts `executable` (a path, or a name looked up on `PATH`) with `arguments`.
    /// `environment` nil keeps parley's; `workingDirectory` nil keeps parley's;
    /// `ownProcessGroup` puts the child (and whatever it starts) in a new process group, so
    /// Ctrl-C at the terminal does not reach it and `kill` reaches all of it. Failures are
    /// `stage` errors: `.libraryMissing` when the program is not there.
    public static func start(_ executable: String, arguments: [String] = [], environment: [String: String]? = nil,
                             workingDirectory: String? = nil, input: Stream = .null, output: Stream = .inherit,
                             error: Stream = .inherit, ownProcessGroup: Bool = false,
                             stage: Stage = .configuration) throws(ParleyError) -> Subprocess {
        do {
            return try Spawn(input: input, output: output, error: error)
                .run(executable, arguments: arguments, environment: environment ?? ProcessInfo.processInfo.environment,
                     workingDirectory: workingDirectory, ownProcessGroup: ownProcessGroup, stage: stage)
        } catch let failure {
            let name = (executable as NSString).lastPathComponent
            switch failure.errno {
            case ENOENT where workingDirectory.map({ !FileManager.default.fileExists(atPath: $0) }) ?? false:
                throw ParleyError(stage, .notFound, "Cannot run \(name): its working folder \(workingDirectory!) does not exist.",
                                  cause: failure.cause)
            case ENOENT, ENOTDIR:
                throw ParleyError(stage, .libraryMissing, "Cannot run \(executable): it is not installed "
                    + "(no such program\(executable.contains("/") ? "" : " on PATH")). Install it, or check the path.",
                                  cause: failure.cause)
            case EACCES, ENOEXEC:
                throw ParleyError(stage, .libraryMissing, "Cannot run \(executable): it is not an executable program "
                    + "(check its permissions).", cause: failure.cause)
            default:
                throw ParleyError(stage, .engineFailed, "Cannot start \(name).", cause: failure.cause)
            }
        }
    }

    /// How the child ended, waiting for it to end. Asking again gives the same answer.
    @discardableResult
    public func wait() -> Termination {
        if let known = ending.withLock({ $0 }) { return known }
        var status: Int32 = 0
        var reaped = waitpid(processID, &status, 0)
        while reaped < 0, errno == EINTR { reaped = waitpid(processID, &status, 0) }
        return record(reaped == processID ? Self.termination(status) : .exited(-1))
    }

    /// How the child ended, or nil while it runs (does not wait).
    public func poll() -> Termination? {
        if let known = ending.withLock({ $0 }) { return known }
        var status: Int32 = 0
        let reaped = waitpid(processID, &status, WNOHANG)
        if reaped == 0 { return nil }
        return record(reaped == processID ? Self.termination(status) : .exited(-1))
    }

    /// True while the child has not ended.
    public var isRunning: Bool { poll() == nil }

    /// Asks the child to end (SIGTERM), to its whole group when it has one.
    public func terminate() { send(SIGTERM) }

    /// Ends the child at once (SIGKILL), its whole group when it has one.
    public func kill() { send(SIGKILL) }

    /// Sends `signal` to the child, or its group. A child already reaped is left alone
    /// (its process id may be another program's by now), but not its group: the stages
    /// a shell started outlive it, and the kernel keeps the group's id while they live.
    public func send(_ signal: Int32) {
        ending.withLock { known in
            guard known == nil || ownsProcessGroup else { return }
            _ = Glibc.kill(ownsProcessGroup ? -processID : processID, signal)
        }
    }

    private func record(_ termination: Termination) -> Termination {
        ending.withLock { known in
            if known == nil { known = termination }
            return known!
        }
    }

    private static func termination(_ status: Int32) -> Termination {
        // WIFEXITED / WTERMSIG are macros Swift does not import.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}
