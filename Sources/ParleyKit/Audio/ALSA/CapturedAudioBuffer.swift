import Foundation

/// The hand-over between the capture thread and the listener. While a turn listens it is a
/// bounded queue: when it is full the capture thread waits (a real device then counts an
/// overrun and recovers), so no frame is silently dropped in the middle of an utterance.
/// Between turns it is a pre-roll ring that keeps only the newest `preRollChunks`, so words
/// spoken just before a turn starts are still heard.
///
/// Chunks carry the generation of the capture state they were read in; the buffer keeps
/// only the newest generation it has seen, from a push or a `discard`, whichever comes first.
final class CapturedAudioBuffer: @unchecked Sendable {
    // @unchecked: every stored property is guarded by `condition`.
    private let condition = NSCondition()
    private var chunks: [AudioChunk] = []
    private var handingOut = false
    private var ended = false
    private var generation = 0
    private let capacity: Int
    private let preRollChunks: Int

    /// A buffer holding at most `capacity` chunks for a listener and `preRollChunks` between turns.
    init(capacity: Int, preRollChunks: Int) {
        self.capacity = capacity
        self.preRollChunks = preRollChunks
    }

    /// Adds `chunk`, read in capture generation `generation`. While handing out it waits
    /// while the buffer is full; between turns the oldest chunk makes way. A chunk of an
    /// older generation than the buffer's is dropped.
    func push(_ chunk: AudioChunk, generation: Int) {
        condition.lock()
        defer { condition.unlock() }
        advance(to: generation)
        while handingOut, chunks.count >= capacity, !ended, generation == self.generation { condition.wait() }
        guard !ended, generation == self.generation else { return }
        chunks.append(chunk)
        if !handingOut { trimToPreRoll() }
        condition.broadcast()
    }

    /// The oldest chunk, waiting up to `timeout` seconds; nil on time-out, between turns, or once ended.
    func pop(timeout: Double) -> AudioChunk? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while (chunks.isEmpty || !handingOut) && !ended {
            if !condition.wait(until: deadline) { return nil }
        }
        guard handingOut, !chunks.isEmpty else { return nil }
        let chunk = chunks.removeFirst()
        condition.broadcast()
        return chunk
    }

    /// Starts (or stops) handing chunks to a listener. Starting keeps the pre-roll, which is
    /// handed out first; stopping keeps the newest unread chunks as the next pre-roll.
    func setHandingOut(_ on: Bool) {
        condition.lock()
        handingOut = on
        if !on { trimToPreRoll() }
        condition.broadcast()
        condition.unlock()
    }

    /// Drops everything buffered before capture generation `generation` (parley spoke).
    func discard(before generation: Int) {
        condition.lock()
        advance(to: generation)
        condition.unlock()
    }

    /// Ends the buffer: waiting pushes and pops return.
    func end() {
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    private func trimToPreRoll() {
        if chunks.count > preRollChunks { chunks.removeFirst(chunks.count - preRollChunks) }
    }

    private func advance(to newer: Int) {
        guard newer > generation else { return }
        generation = newer
        chunks.removeAll()
        condition.broadcast()
    }
}
