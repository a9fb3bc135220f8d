import Dispatch
import Foundation
import Synchronization

/// The single owner of espeak-ng's process-wide state. Every espeak call in parley runs
/// through `perform` on one serial queue, never on the Swift concurrency pool.
public final class EspeakRuntime: Sendable {
    /// The process's one runtime.
    public static let shared = EspeakRuntime()

    private let queue = DispatchQueue(label: "parley.espeak-ng")
    /// Set once, on the queue, by `initializeIfNeeded`.
    private let initialization = Mutex<Result<Int, ParleyError>?>(nil)

    private init() {}

    /// Runs `body` on the espeak-ng queue after making sure the library is initialised;
    /// throws a `.synthesis` error when its data folder is missing or broken.
    public func perform<T>(_ body: () throws -> T) throws -> T {
        try queue.sync {
            _ = try initializeIfNeeded().get()
            return try body()
        }
    }

    /// The output sample rate espeak-ng reported when it started (22050 Hz).
    public func sampleRate() throws -> Int {
        try queue.sync { try initializeIfNeeded().get() }
    }

    private func initializeIfNeeded() -> Result<Int, ParleyError> {
        dispatchPrecondition(condition: .onQueue(queue))
        if let done = initialization.withLock({ $0 }) { return done }
        let result = Espeak.initialize()
        initialization.withLock { $0 = result }
        return result
    }

    /// The library's version and data folder, as espeak-ng reports them.
    public func info() throws -> (version: String, dataPath: String) {
        try perform { Espeak.info() }
    }
}
