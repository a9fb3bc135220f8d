import Foundation
import Synchronization

/// `lt-proc` kept running over one transducer (an analyser, or a generator with `-g`), asked
/// one NUL-terminated request at a time per process, each answer parsed once and kept. Requests
/// come from the one thread translating, so one process serves them; two that overlap each
/// get their own. Started like
/// Apertium's own pipelines (`ApertiumProcess`): its own process group, writes that cannot
/// raise SIGPIPE, every answer bounded in time. A failure gives it up for the run, and every
/// later request gets `unknown`: the rules that ask it carry on without it.
final class LttoolboxSession<Value: Sendable>: Sendable {
    /// How long one answer may take before the session is given up for this run.
    private static var timeLimit: Duration { .seconds(2) }

    private struct State {
        /// Started processes no request is using; a request takes one and gives it back.
        var idle: [ApertiumProcess] = []
        var cache: [String: Value] = [:]
        var broken = false
    }

    private let executable: URL
    private let transducer: URL
    private let flags: String
    private let unknown: Value
    private let parse: @Sendable (String) -> Value
    /// Held only to read or change the state, never while lt-proc starts or answers: a
    /// request takes an idle process (or starts one) and asks it without the lock, so a
    /// slow answer holds up no other request.
    private let state = Mutex(State())

    /// `flags` are lt-proc's (`-z`, `-g -z`); `-z` must be among them, so each request is
    /// answered at once and its answer ends with a NUL.
    init(executable: URL, transducer: URL, flags: String, unknown: Value, parse: @escaping @Sendable (String) -> Value) {
        self.executable = executable
        self.transducer = transducer
        self.flags = flags
        self.unknown = unknown
        self.parse = parse
    }

    deinit {
        for process in state.withLock({ $0.idle }) { process.stop() }
    }

    /// What a request does: answers from the cache (or as given up), or asks a process
    /// (an idle one, or nil to start one).
    private enum Next { case known(Value), ask(ApertiumProcess?) }

    /// The parsed answer to `request` (without its NUL), asked once per run.
    func answer(_ request: String) -> Value {
        let next = state.withLock { state -> Next in
            if let cached = state.cache[request] { return .known(cached) }
            if state.broken { return .known(unknown) }
            return .ask(state.idle.popLast())
        }
        switch next {
        case .known(let value):
            return value
        case .ask(let idle):
            let (value, process) = ask(request, idle)
            // A failure gives the session up: every idle process is stopped with it. A request
            // that finds it given up meanwhile stops the process it used.
            let toStop = state.withLock { state -> [ApertiumProcess] in
                state.cache[request] = value
                guard let process else {
                    state.broken = true
                    defer { state.idle = [] }
                    return state.idle
                }
                if state.broken { return [process] }
                state.idle.append(process)
                return []
            }
            for process in toStop { process.stop() }
            return value
        }
    }

    /// The answer to `request` from `process` (or a process started for it), and the process
    /// to keep; nil when lt-proc failed to start or answer, after stopping it.
    private func ask(_ request: String, _ process: ApertiumProcess?) -> (Value, ApertiumProcess?) {
        var started: ApertiumProcess?
        do {
            let process = try process ?? ApertiumProcess.start(script: "exec \"$1\" \(flags) \"$2\"",
                                                              arguments: [executable.path, transducer.path])
            started = process
            let answer = try process.exchange(Array((request + "\0").utf8), deadline: .now + Self.timeLimit) { false }
            return (parse(String(decoding: answer, as: UTF8.self)), process)
        } catch {
            started?.stop()
            return (unknown, nil)
        }
    }
}
