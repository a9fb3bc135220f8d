import Foundation

/// The bounded hand-over between the capture thread and the listener. When it is full the
/// capture thread waits (with a real device ALSA then counts an overrun and recovers), so
/// no captured frame is silently dropped in the middle of an utterance.
final class CapturedAudioBuffer: @unchecked Sendable {
    // @unchecked: every stored property is guarded by `condition`.
    private let condition = NSCondition()
    private var chunks: [AudioChunk] = []
    private var ended = false
    private let capacity: Int

    /// A buffer holding at most `capacity` chunks.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds `chunk`, waiting while the buffer is full; false once the buffer has ended.
    func push(_ chunk: AudioChunk) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while chunks.count >= capacity && !ended { condition.wait() }
        guard !ended else { return false }
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
