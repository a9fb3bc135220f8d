import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension Subprocess {
    /// Why `exchange` ended without a reply.
    public enum ExchangeFailure: Error, Sendable, Equatable {
        /// The deadline passed first.
        case timedOut
        /// The caller's `cancelled` said so.
        case cancelled
        /// A pipe closed or failed (`errno`, or nil when the child simply closed its output).
        case closed(errno: Int32?)
    }

    /// Writes all of `bytes` to the child's input (started with `input: .pipe`), waiting for
    /// room. A child that has stopped reading is an error, never a SIGPIPE.
    public func write(_ bytes: some Collection<UInt8>) throws(ParleyError) {
        let input = ends.withLock { $0.input }
        do { try Descriptor.writeAll(input, bytes) } catch let failure {
            throw ParleyError(stage, .engineFailed, "Cannot write to \(name)'s input.", cause: failure.cause)
        }
    }

    /// Closes the child's input, which it reads as the end of its input.
    public func closeInput() {
        ends.withLock { ends in
            Descriptor.close(ends.input)
            ends.input = -1
        }
    }

    /// Closes parley's end of the child's output: a child that writes more gets EPIPE.
    public func closeOutput() {
        ends.withLock { ends in
            Descriptor.close(ends.output)
            ends.output = -1
        }
    }

    /// Reads what the child has written to its output (started with `output: .pipe`), at
    /// most `limit` bytes, waiting until there is some; empty at the end of its output.
    public func read(upTo limit: Int = 65_536) throws(ParleyError) -> [UInt8] {
        let output = ends.withLock { $0.output }
        var buffer = [UInt8](repeating: 0, count: limit)
        do {
            let count = try Descriptor.read(output, into: &buffer) ?? 0
            return Array(buffer[0..<count])
        } catch let failure {
            throw ParleyError(stage, .engineFailed, "Cannot read the output of \(name).", cause: failure.cause)
        }
    }

    /// Reads the child's output and error (whichever are pipes) to their ends at once, so
    /// neither fills up while the other is read. At more than `limit` bytes of either, the
    /// child is killed and reading stops there.
    public func readToEnd(limit: Int = .max) throws(ParleyError) -> (output: [UInt8], error: [UInt8]) {
        var streams = ends.withLock { [$0.output, $0.error] }
        var collected: [[UInt8]] = [[], []]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        do {
            while streams.contains(where: { $0 >= 0 }) {
                let ready = try Descriptor.wait(for: streams.map { ($0, .readable) }, milliseconds: -1)
                for (index, stream) in streams.enumerated() where stream >= 0 && ready.contains(stream) {
                    guard let count = try Descriptor.read(stream, into: &buffer) else { continue }
                    if count == 0 { streams[index] = -1; continue }
                    collected[index] += buffer[0..<count]
                    if collected[index].count > limit {
                        kill()
                        return (collected[0], collected[1])
                    }
                }
            }
        } catch let failure {
            throw ParleyError(stage, .engineFailed, "Cannot read the output of \(name).", cause: failure.cause)
        }
        return (collected[0], collected[1])
    }

    /// Writes `request` to the child's input while reading its output up to `terminator`,
    /// so neither side can block the other on a full pipe: the reply, without the
    /// terminator. Gives up at `deadline`, or when `cancelled()` says so (asked every 50 ms).
    /// For a child that answers each request and stays (Apertium's pipelines, lt-proc).
    public func exchange(_ request: [UInt8], until terminator: UInt8, deadline: ContinuousClock.Instant,
                         cancelled: () -> Bool) throws(ExchangeFailure) -> [UInt8] {
        let (input, output) = ends.withLock { ($0.input, $0.output) }
        var written = 0
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        do {
            while true {
                if cancelled() { throw ExchangeFailure.cancelled }
                let left = deadline - .now
                guard left > .zero else { throw ExchangeFailure.timedOut }
                let milliseconds = Int32(min(50, max(1, left.components.seconds * 1000
                    + left.components.attoseconds / 1_000_000_000_000_000)))
                let ready = try Descriptor.wait(for: [(output, .readable), (written < request.count ? input : -1, .writable)],
                                                milliseconds: milliseconds)
                if written < request.count, ready.contains(input) {
                    written += try Descriptor.writeSome(input, request, from: written)
                }
                if ready.contains(output) {
                    guard let count = try Descriptor.read(output, into: &buffer) else { continue }
                    guard count > 0 else { throw ExchangeFailure.closed(errno: nil) }
                    reply += buffer[0..<count]
                    if reply.last == terminator { return reply.dropLast() }
                }
            }
        } catch let failure as SystemCallError {
            throw .closed(errno: failure.errno)
        } catch let failure as ExchangeFailure {
            throw failure
        } catch {
            throw .closed(errno: nil)
        }
    }

    /// The program's name, for messages.
    var name: String { (executable as NSString).lastPathComponent }
}
