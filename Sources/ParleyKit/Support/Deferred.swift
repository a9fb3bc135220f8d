import Foundation
import Synchronization

/// A value made on a thread of its own as soon as it is asked for, and waited for only
/// where it is needed: work that takes a while (loading espeak-ng's voices) stays off the
/// path to the prompt.
final class Deferred<Value: Sendable>: Sendable {
    private let result = Mutex<Result<Value, any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts `make` on a new thread.
    init(_ make: @escaping @Sendable () throws -> Value) {
        let thread = Thread { [self] in
            let made = Result { try make() }
            result.withLock { $0 = made }
            done.signal()
        }
        thread.name = "parley.deferred"
        thread.start()
    }

    /// The value, waiting for it if it is still being made; rethrows what making it threw.
    func value() throws -> Value {
        if let made = result.withLock({ $0 }) { return try made.get() }
        done.wait()
        done.signal()
        return try result.withLock { $0 }!.get()
    }
}
