import Foundation

/// The bounded hand-over between the capture thread and the listener. When it is full the
/// capture thread waits (with a real device ALSA then counts an overrun and recovers), so
/// no captured frame is silently dropped in the middle of an utterance.
final class CapturedAudioBuffer: @unchecked Sendable {
    // @unchecked: every stored property is guarded by `condition`.
    private let condition = NSCondition()
    private var chunks: [AudioChunk] = []
    private var ended = false
    private var clearedCount = 0
    private let capacity: Int

    /// A buffer holding at most `capacity` chunks.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Changes every time the buffer is cleared: a chunk read before a clear is stale.
    var generation: Int {
        condition.lock()
        defer { condition.unlock() }
        return clearedCount
    }

    /// Adds `chunk`, read when the buffer was at `generation`, waiting while the buffer is
    /// full; a chunk from before the latest `clear` is dropped. False once the buffer has ended.
    func push(_ chunk: AudioChunk, generation: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while chunks.count >= capacity && !ended && generation == clearedCount { condition.wait() }
        guard !ended else { return false }
        guard generation == clearedCount else { return true }
        chunks.append(chunk)
        condition.broadcast()
        return true
    }

    /// The oldest chunk, waiting up to `timeout` seconds.
    func pop(timeout: Double) -> AudioChunk? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while chunks.isEmpty && !ended {
            if !condition.wait(until: deadline) { return nil }
        }
        guard !chunks.isEmpty else { return nil }
        let chunk = chunks.removeFirst()
        condition.broadcast()
        return chunk
    }

    /// Drops everything buffered.
    func clear() {
        condition.lock()
        chunks.removeAll()
        clearedCount += 1
        condition.broadcast()
        condition.unlock()
    }

    /// Ends the buffer: waiting pushes and pops return.
    func end() {
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }
}
