import Foundation
import ParleyKit

/// An audio session that passes everything to another and tells its watcher what went
/// through: the benchmarks date the recording's samples and the first audio of each answer
/// by the chunks captured and played.
final class WatchedAudioSession: AudioSession {
    /// What is told, on the thread that captured or played.
    struct Watcher: Sendable {
        /// A chunk was handed out by `nextCaptured`.
        var captured: @Sendable (AudioChunk) -> Void = { _ in }
        /// Speech is starting.
        var beganSpeaking: @Sendable () -> Void = {}
        /// A chunk is about to go to the speaker, and has gone.
        var willPlay: @Sendable () -> Void = {}
        var didPlay: @Sendable () -> Void = {}
    }

    private let inner: any AudioSession
    private let watcher: Watcher

    init(_ inner: any AudioSession, watcher: Watcher) {
        self.inner = inner
        self.watcher = watcher
    }

    var endpoints: AudioEndpoints { inner.endpoints }
    var captureRate: Int { inner.captureRate }
    var playbackRate: Int { inner.playbackRate }
    var summary: String { inner.summary }
    var captureFailure: ParleyError? { inner.captureFailure }

    func nextCaptured(timeout: Double) -> AudioChunk? {
        let chunk = inner.nextCaptured(timeout: timeout)
        if let chunk { watcher.captured(chunk) }
        return chunk
    }

    func startListening() throws { try inner.startListening() }
    func stopListening() { inner.stopListening() }

    func beginSpeaking() throws {
        try inner.beginSpeaking()
        watcher.beganSpeaking()
    }

    func play(_ chunk: AudioChunk) throws {
        watcher.willPlay()
        try inner.play(chunk)
        watcher.didPlay()
    }

    func endSpeaking(interrupted: Bool) throws { try inner.endSpeaking(interrupted: interrupted) }
    func switchDevice(_ direction: AudioDirection, to name: String) throws { try inner.switchDevice(direction, to: name) }
    func close() { inner.close() }
}
