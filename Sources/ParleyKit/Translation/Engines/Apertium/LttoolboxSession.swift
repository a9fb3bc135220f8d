import Foundation
import Synchronization

/// One `lt-proc` kept running over one transducer (an analyser, or a generator with `-g`),
/// asked one NUL-terminated request at a time, each answer parsed once and kept. Started like
/// Apertium's own pipelines (`ApertiumProcess`): its own process group, writes that cannot
/// raise SIGPIPE, every answer bounded in time. A failure gives it up for the run, and every
/// later request gets `unknown`: the rules that ask it carry on without it.
final class LttoolboxSession<Value: Sendable>: Sendable {
    /// How long one answer may take before the session is given up for this run.
    private static var timeLimit: Duration { .seconds(2) }

    private struct State {
        var process: ApertiumProcess?
        var cache: [String: Value] = [:]
        var broken = false
    }

    private let executable: URL
    private let transducer: URL
    private let flags: String
    private let unknown: Value
    private let parse: @Sendable (String) -> Value
    /// Held while one request is asked (at most `timeLimit`): requests come from the
    /// one thread translating, so it serialises them rather than making them wait.
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
        state.withLock { $0.process }?.stop()
    }

    /// The parsed answer to `request` (without its NUL), asked once per run.
    func answer(_ request: String) -> Value {
        state.withLock { state in
            if let cached = state.cache[request] { return cached }
            let value = ask(request, &state)
            state.cache[request] = value
            return value
        }
    }

    private func ask(_ request: String, _ state: inout State) -> Value {
        guard !state.broken else { return unknown }
        do {
            if state.process == nil {
                state.process = try ApertiumProcess.start(script: "exec \"$1\" \(flags) \"$2\"",
                                                          arguments: [executable.path, transducer.path])
            }
            let answer = try state.process!.exchange(Array((request + "\0").utf8),
                                                     deadline: .now + Self.timeLimit) { false }
            return parse(String(decoding: answer, as: UTF8.self))
        } catch {
            state.process?.stop()
            state.process = nil
            state.broken = true
            return unknown
        }
    }
}
