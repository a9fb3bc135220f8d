import Foundation
import Synchronization

/// Time as parley's threads see it: a `Clock` (so anything that takes `any Clock<Duration>`
/// takes it) that also blocks a thread. parley's timed work runs on threads of its own, never
/// on the Swift concurrency pool (the capture thread, the engine's, a fake model's load), and
/// `Clock.sleep` is `async`; `wait(until:wake:)` is the same wait for a thread. Production
/// passes `SystemTime`; tests pass `ManualClock` (ParleyKitTesting) and advance it.
public protocol TimeSource: Clock where Duration == Swift.Duration {
    /// The time since this source's origin; never goes back.
    var elapsed: Swift.Duration { get }
    /// Blocks the calling thread until `elapsed` reaches `deadline`, or until `wake` fires
    /// (returning false): how a thread waits for a duration that another thread may cut short.
    @discardableResult
    func wait(until deadline: Swift.Duration, wake: WakeSignal?) -> Bool
}

extension TimeSource {
    /// Blocks the calling thread for `duration`, or until `wake` fires (false).
    @discardableResult
    public func wait(for duration: Swift.Duration, wake: WakeSignal? = nil) -> Bool {
        wait(until: elapsed + duration, wake: wake)
    }
}

/// What a thread waiting on a `TimeSource` watches besides the time: `fire` ends the wait
/// early (a translation cancelled, speech stopped), until `reset`.
public final class WakeSignal: Sendable {
    /// Held while a waiter checks its deadline and the flag; broadcast when either may have changed.
    let condition = NSCondition()
    private let fired = Mutex(false)

    /// A signal not fired yet.
    public init() {}

    /// Ends every wait on this signal, now and until `reset`.
    public func fire() {
        condition.lock()
        fired.withLock { $0 = true }
        condition.broadcast()
        condition.unlock()
    }

    /// Lets waits on this signal last again.
    public func reset() {
        condition.lock()
        fired.withLock { $0 = false }
        condition.unlock()
    }

    /// True between `fire` and `reset`.
    public var hasFired: Bool { fired.withLock { $0 } }

    /// Blocks the calling thread until `done()` (checked at first and at each `nudge`) or until
    /// the signal fires: false when it fired. A clock's wait is built on it.
    public func wait(until done: () -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if hasFired { return false }
            if done() { return true }
            condition.wait()
        }
    }

    /// Wakes the waiters to check their deadline again (the time moved), without firing.
    public func nudge() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }
}

/// The machine's monotonic time (`ContinuousClock`): what parley runs on outside tests.
public struct SystemTime: TimeSource {
    public typealias Instant = ContinuousClock.Instant
    private static let origin = ContinuousClock.now

    /// The system's time.
    public init() {}

    public var now: Instant { ContinuousClock.now }
    public var minimumResolution: Swift.Duration { ContinuousClock().minimumResolution }

    public func sleep(until deadline: Instant, tolerance: Swift.Duration?) async throws {
        try await ContinuousClock().sleep(until: deadline, tolerance: tolerance)
    }

    public var elapsed: Swift.Duration { ContinuousClock.now - Self.origin }

    @discardableResult
    public func wait(until deadline: Swift.Duration, wake: WakeSignal?) -> Bool {
        guard let wake else {
            while case let left = deadline - elapsed, left > .zero { Thread.sleep(forTimeInterval: left.timeInterval) }
            return true
        }
        wake.condition.lock()
        defer { wake.condition.unlock() }
        while true {
            if wake.hasFired { return false }
            let left = deadline - elapsed
            if left <= .zero { return true }
            _ = wake.condition.wait(until: Date(timeIntervalSinceNow: left.timeInterval))
        }
    }
}

extension Swift.Duration {
    /// The duration in seconds, as a `TimeInterval`.
    public var timeInterval: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
