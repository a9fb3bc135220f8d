import Foundation
import ParleyKit
import Synchronization

/// A clock that stands still until a test advances it, for tests of timed work without
/// sleeping: a thread's `wait` and a task's `sleep` end when `advance(by:)` reaches their
/// deadline (a thread's also when its `WakeSignal` fires). `waitForSleepers` lets a test act
/// once the code under test is waiting.
public final class ManualClock: TimeSource {
    /// A point on the clock: the time since it was made.
    public struct Instant: InstantProtocol {
        /// The time since the clock was made.
        public var offset: Swift.Duration

        /// The instant `offset` after the clock was made.
        public init(offset: Swift.Duration) { self.offset = offset }

        public func advanced(by duration: Swift.Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Swift.Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let deadline: Swift.Duration
        let wake: WakeSignal?
        let task: CheckedContinuation<Void, Never>?
    }

    private struct State {
        var now: Swift.Duration = .zero
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())
    /// Broadcast when a sleeper comes or goes (for `waitForSleepers`).
    private let sleepersChanged = NSCondition()

    /// A clock at zero.
    public init() {}

    public var now: Instant { Instant(offset: elapsed) }
    public var minimumResolution: Swift.Duration { .zero }
    public var elapsed: Swift.Duration { state.withLock { $0.now } }

    /// How many threads and tasks are waiting on the clock.
    public var sleepers: Int { state.withLock { $0.sleepers.count } }

    /// Moves the clock on by `duration` and ends the waits that are then due.
    public func advance(by duration: Swift.Duration) {
        let (signals, tasks) = state.withLock { state -> ([WakeSignal], [CheckedContinuation<Void, Never>]) in
            state.now += duration
            let due = state.sleepers.filter { $0.value.task != nil && $0.value.deadline <= state.now }
            for id in due.keys { state.sleepers[id] = nil }
            return (state.sleepers.values.compactMap(\.wake), due.values.compactMap(\.task))
        }
        for signal in signals { signal.nudge() }
        for task in tasks { task.resume() }
        if !tasks.isEmpty { changedSleepers() }
    }

    /// Blocks until at least `count` threads or tasks wait on the clock; false if that has
    /// not happened after `limit` of real time (a guard against a hung test, not a measure).
    @discardableResult
    public func waitForSleepers(_ count: Int = 1, limit: TimeInterval = 60) -> Bool {
        let giveUp = Date(timeIntervalSinceNow: limit)
        sleepersChanged.lock()
        defer { sleepersChanged.unlock() }
        while sleepers < count {
            if !sleepersChanged.wait(until: giveUp) { return sleepers >= count }
        }
        return true
    }

    /// Blocks until nothing waits on the clock; false if something still does after `limit`
    /// of real time (a guard against a hung test, not a measure).
    @discardableResult
    public func waitForNoSleepers(limit: TimeInterval = 60) -> Bool {
        let giveUp = Date(timeIntervalSinceNow: limit)
        sleepersChanged.lock()
        defer { sleepersChanged.unlock() }
        while sleepers > 0 {
            if !sleepersChanged.wait(until: giveUp) { return sleepers == 0 }
        }
        return true
    }

    @discardableResult
    public func wait(until deadline: Swift.Duration, wake: WakeSignal?) -> Bool {
        let signal = wake ?? WakeSignal()
        let id = add(Sleeper(deadline: deadline, wake: signal, task: nil))
        defer { remove(id) }
        return signal.wait { elapsed >= deadline }
    }

    public func sleep(until deadline: Instant, tolerance: Swift.Duration?) async throws {
        await withCheckedContinuation { (task: CheckedContinuation<Void, Never>) in
            let due = state.withLock { state -> Bool in
                guard state.now < deadline.offset else { return true }
                state.sleepers[state.nextID] = Sleeper(deadline: deadline.offset, wake: nil, task: task)
                state.nextID += 1
                return false
            }
            if due { task.resume() } else { changedSleepers() }
        }
    }

    private func add(_ sleeper: Sleeper) -> Int {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.sleepers[state.nextID] = sleeper
            return state.nextID
        }
        changedSleepers()
        return id
    }

    private func remove(_ id: Int) {
        state.withLock { $0.sleepers[id] = nil }
        changedSleepers()
    }

    private func changedSleepers() {
        sleepersChanged.lock()
        sleepersChanged.broadcast()
        sleepersChanged.unlock()
    }
}
