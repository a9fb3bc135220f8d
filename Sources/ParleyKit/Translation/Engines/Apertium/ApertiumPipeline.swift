import Foundation
import Synchronization

/// One long-lived Apertium pipeline for one mode (`eng-spa`), in null-flush mode: each
/// request is written followed by a newline and NUL, and every stage flushes its output at
/// the NUL, so one process serves a whole conversation instead of one per sentence
/// (a new `apertium` process costs about 0.2 s before it translates anything).
///
/// A serial queue owns the pipeline: calls wait their turn there, and no lock is held
/// across I/O. Every call is bounded: long text goes in requests of at most
/// `maxRequestBytes`, each with `timeLimit`; a request that overruns it, or is cancelled,
/// kills every stage, and the next call starts a fresh pipeline.
final class ApertiumPipeline: Sendable {
    private struct State {
        var process: ApertiumProcess?
        var busy = false
        var cancelled = false
    }

    /// The mode file this pipeline runs.
    let modeFile: URL
    /// How long one request may take before the pipeline is deemed stuck and killed.
    let timeLimit: Duration
    /// The most bytes sent to Apertium in one request; longer text is split at sentence
    /// ends, then at spaces.
    static let maxRequestBytes = 2_000
    private let queue: DispatchQueue
    private let state = Mutex(State())

    /// A pipeline for `modeFile`; it starts on first use (or `prepare`).
    init(modeFile: URL, timeLimit: Duration = .seconds(5)) {
        self.modeFile = modeFile
        self.timeLimit = timeLimit
        queue = DispatchQueue(label: "parley.apertium.\(modeFile.deletingPathExtension().lastPathComponent)")
    }

    deinit {
        state.withLock { $0.process }?.stop()
    }

    /// The process group of the running pipeline (its shell's pid), if it runs.
    var processIdentifier: Int32? {
        state.withLock { $0.process?.group }
    }

    /// Starts the pipeline in the background and has it translate one word, so its stages
    /// have loaded their data before the first real request.
    func prepare() {
        queue.async { [self] in
            // Marked busy, so Ctrl-C kills a start that hangs instead of waiting it out.
            state.withLock { $0.busy = true; $0.cancelled = false }
            defer { state.withLock { $0.busy = false } }
            _ = try? run("hello")
        }
    }

    /// Translates `text`, waiting for calls before it; restarts the pipeline if it has died.
    /// `stopped` is asked before each request: a caller's Ctrl-C that came while this call
    /// waited its turn stops it too.
    func translate(_ text: String, stopped: () -> Bool = { false }) throws -> String {
        try queue.sync {
            state.withLock { $0.busy = true; $0.cancelled = false }
            defer { state.withLock { $0.busy = false } }
            var replies: [String] = []
            for request in Self.requests(text) {
                if stopped() { throw ParleyError(.translation, .interrupted, "Translation interrupted.") }
                let reply: String
                do { reply = try run(request) } catch let error as ParleyError where error.code == .engineFailed {
                    // A stage died mid-conversation: a fresh pipeline gets the request once more.
                    reply = try run(request)
                }
                if !reply.isEmpty { replies.append(reply) }
            }
            return replies.joined(separator: " ")
        }
    }

    /// Stops the call in progress, if any, from another thread: it throws `.interrupted`.
    func cancel() {
        state.withLock { state in
            guard state.busy else { return }
            state.cancelled = true
            state.process?.kill()
        }
    }

    /// One request, on the queue.
    private func run(_ text: String) throws -> String {
        let process = try running()
        let (ended, added) = Self.withSentenceEnd(text.replacingOccurrences(of: "\0", with: " "))
        let request = Array((Self.escape(ended) + "\n\0").utf8)
        let reply: [UInt8]
        do {
            reply = try process.exchange(request, deadline: .now + timeLimit) {
                state.withLock { $0.cancelled }
            }
        } catch {
            process.stop()
            let cancelled = state.withLock { state in
                state.process = nil
                return state.cancelled
            }
            if cancelled { throw ParleyError(.translation, .interrupted, "Translation interrupted.") }
            switch error {
            case .timedOut:
                throw ParleyError(.translation, .timedOut, "The Apertium engine did not answer within "
                    + "\(timeLimit) and was stopped; it restarts with the next sentence. Check it with "
                    + "`echo hello | apertium eng-spa`, or use --translator dictionary.")
            case .cancelled:
                throw ParleyError(.translation, .interrupted, "Translation interrupted.")
            case .closed(let code):
                throw Self.failure("stopped before answering", cause: code.map { .system(errno: $0) })
            }
        }
        // A NUL inside the reply is no translation: a stage that died (a killed tagger)
        // lets the flush marks through without the words. Never show or journal it.
        guard !reply.contains(0) else {
            process.stop()
            state.withLock { $0.process = nil }
            throw Self.failure("answered with the words missing (a stage of its pipeline stopped)", cause: nil)
        }
        let text = Self.unescape(String(decoding: reply, as: UTF8.self)).trimmingCharacters(in: .whitespacesAndNewlines)
        return added ? Self.withoutAddedEnd(text) : text
    }

    /// The live process, started when there is none or it has died.
    private func running() throws -> ApertiumProcess {
        if let live = state.withLock({ $0.process }) {
            if live.isRunning { return live }
            live.stop()
        }
        let mode: String
        do { mode = try String(contentsOf: modeFile, encoding: .utf8) } catch {
            throw Self.failure("cannot read its mode file \(modeFile.path)", cause: .from(error))
        }
        // $1 is the generator's option (-g: keep the * on unknown words, so they can be
        // marked as passed through), $2 the tagger's.
        let started: ApertiumProcess
        do { started = try ApertiumProcess.start(script: Self.nullFlushScript(mode), arguments: ["-g", ""]) } catch {
            guard case .closed(let code) = error else { throw Self.failure("could not start", cause: nil) }
            throw Self.failure("could not start", cause: code.map { .system(errno: $0) })
        }
        state.withLock { $0.process = started }
        return started
    }

    /// `text` cut into requests of at most `limit` bytes: at sentence ends when it can,
    /// else at spaces, else anywhere between characters.
    static func requests(_ text: String, limit: Int = maxRequestBytes) -> [String] {
        guard text.utf8.count > limit else { return [text] }
        var pieces: [String] = []
        var current = ""
        func flush() {
            if !current.trimmingCharacters(in: .whitespaces).isEmpty { pieces.append(current) }
            current = ""
        }
        for word in text.split(separator: " ") {
            if current.utf8.count + word.utf8.count + 1 > limit
                || (current.utf8.count > limit / 2 && current.last.map { ".?!".contains($0) } == true) {
                flush()
            }
            if word.utf8.count > limit {
                for character in word {
                    if current.utf8.count + character.utf8.count > limit { flush() }
                    current.append(character)
                }
            } else {
                current += current.isEmpty ? String(word) : " " + word
            }
        }
        flush()
        return pieces
    }

    /// `text` ending in a sentence mark, and whether one was added. Apertium's tagger settles
    /// the last word of its input only against what follows it: without a sentence end it
    /// tags `water` in `a glass of water` as a verb (`abrevar`) and `car` as an adjective.
    /// The `apertium` command's text deformatter adds a full stop for that reason; recognised
    /// speech has none, so the pipeline adds it here and takes it off the reply.
    static func withSentenceEnd(_ text: String) -> (text: String, added: Bool) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let last = trimmed.last(where: { !"\"'”’)»".contains($0) }), !".?!…;:".contains(last) else {
            return (text, false)
        }
        return (trimmed + " .", true)
    }

    /// The reply without the full stop `withSentenceEnd` added.
    static func withoutAddedEnd(_ reply: String) -> String {
        guard reply.hasSuffix(".") else { return reply }
        return reply.dropLast().trimmingCharacters(in: .whitespaces)
    }

    /// The mode's shell pipeline with null-flush turned on for every Apertium stage.
    static func nullFlushScript(_ mode: String) -> String {
        let stages = ["lt-proc", "apertium-tagger", "apertium-pretransfer", "apertium-transfer", "lrx-proc",
                      "apertium-interchunk", "apertium-postchunk", "cg-proc", "apertium-lex-tools"]
        return mode.trimmingCharacters(in: .whitespacesAndNewlines)
            .components(separatedBy: " | ")
            .map { stage in
                guard let program = stage.split(separator: " ").first, stages.contains(String(program)) else { return stage }
                return "\(program) -z" + stage.dropFirst(program.count)
            }
            .joined(separator: " | ")
    }

    /// Apertium's stream format reserves some characters in plain text. `$` and `/` are
    /// escaped; the markup characters, which speech never produces and which can stall the
    /// pipeline even escaped (a trailing `\^`), become spaces.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            if "^@<>[]{}\\".contains(character) {
                result.append(" ")
                continue
            }
            if "$/".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    static func unescape(_ text: String) -> String {
        var result = ""
        var escaped = false
        for character in text {
            if !escaped, character == "\\" { escaped = true; continue }
            escaped = false
            result.append(character)
        }
        return result
    }

    private static func failure(_ what: String, cause: ParleyError.Cause?) -> ParleyError {
        ParleyError(.translation, .engineFailed, "The Apertium engine \(what). Check it with `echo hello | apertium eng-spa`, "
            + "or switch back with --translator dictionary.", cause: cause)
    }
}
