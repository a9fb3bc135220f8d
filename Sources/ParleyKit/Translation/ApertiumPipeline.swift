import Foundation
import Synchronization

/// One long-lived Apertium pipeline for one mode (`eng-spa`), in null-flush mode: each
/// request is written followed by a newline and NUL, and every stage flushes its output at
/// the NUL, so one process serves a whole conversation instead of one per sentence
/// (a new `apertium` process costs about 0.2 s before it translates anything).
final class ApertiumPipeline: Sendable {
    private struct Channel {
        let process: Process
        let input: FileHandle
        let output: Int32
    }

    /// The mode file this pipeline runs.
    let modeFile: URL
    private let channel: Mutex<Channel?>

    /// Starts the stages of `modeFile` with `-z` (null flush) added to each.
    init(modeFile: URL) throws {
        self.modeFile = modeFile
        channel = Mutex(try Self.start(modeFile))
    }

    deinit {
        channel.withLock { channel in
            if let channel { Self.stop(channel) }
        }
    }

    /// The process id of the running pipeline's shell, if it runs.
    var processIdentifier: Int32? {
        channel.withLock { $0?.process.isRunning == true ? $0?.process.processIdentifier : nil }
    }

    /// Translates one text; restarts the pipeline once if it has died.
    func translate(_ text: String) throws -> String {
        try channel.withLock { channel in
            if channel == nil || channel?.process.isRunning == false {
                if let dead = channel { Self.stop(dead) }
                channel = try Self.start(modeFile)
            }
            guard let live = channel else { throw Self.failure("could not start", cause: nil) }
            do {
                return try Self.exchange(text, over: live)
            } catch {
                Self.stop(live)
                channel = nil
                throw error
            }
        }
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

    private static func start(_ modeFile: URL) throws -> Channel {
        let mode: String
        do { mode = try String(contentsOf: modeFile, encoding: .utf8) } catch {
            throw failure("cannot read its mode file \(modeFile.path)", cause: error.localizedDescription)
        }
        let process = Process()
        // setsid gives the pipeline its own process group, so stopping it stops every stage
        // even when another child process has inherited one of its pipes.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        // $1 is the generator's option (-g: keep the * on unknown words, so they can be
        // marked as passed through), $2 the tagger's.
        process.arguments = ["/bin/bash", "-c", nullFlushScript(mode), "apertium", "-g", ""]
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        process.environment = environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            throw failure("could not start", cause: error.localizedDescription)
        }
        return Channel(process: process, input: input.fileHandleForWriting,
                       output: output.fileHandleForReading.fileDescriptor)
    }

    private static func stop(_ channel: Channel) {
        try? channel.input.close()
        if channel.process.isRunning { kill(-channel.process.processIdentifier, SIGTERM) }
        channel.process.waitUntilExit()
    }

    /// How long one sentence may take before the pipeline is deemed stuck and restarted.
    static let replyTimeoutMilliseconds: Int32 = 10_000

    private static func exchange(_ text: String, over channel: Channel) throws -> String {
        let request = escape(text.replacingOccurrences(of: "\0", with: " ")) + "\n\0"
        do { try channel.input.write(contentsOf: Data(request.utf8)) } catch {
            throw failure("stopped accepting text", cause: error.localizedDescription)
        }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var poller = pollfd(fd: channel.output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, replyTimeoutMilliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { throw failure("did not answer within \(replyTimeoutMilliseconds / 1000) s", cause: nil) }
            let count = read(channel.output, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw failure("stopped before answering", cause: nil) }
            reply += buffer[0..<count]
            if reply.last == 0 { break }
        }
        return unescape(String(decoding: reply.dropLast(), as: UTF8.self))
            .trimmingCharacters(in: .whitespacesAndNewlines)
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

    private static func failure(_ what: String, cause: String?) -> ParleyError {
        ParleyError(.translation, "The Apertium engine \(what). Check it with `echo hello | apertium eng-spa`, "
            + "or switch back with --translator dictionary.", cause: cause)
    }
}
