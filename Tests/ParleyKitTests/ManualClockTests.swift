import Foundation
import ParleyKit
import ParleyKitTesting
import Synchronization
import Testing

/// The clock the unit tests run on: waits end when it is advanced to their deadline, or when
/// their signal fires, and never by themselves.
@Suite("Manual clock")
struct ManualClockTests {
    /// Runs `body` on a thread of its own; the semaphore is signalled when it returns.
    private func onAThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        return done
    }

    @Test func aThreadsWaitEndsOnlyWhenTheClockReachesItsDeadline() {
        let clock = ManualClock()
        let endedAt = Recorded<Duration?>(nil)
        let done = onAThread {
            let cameDue = clock.wait(for: .seconds(1), wake: nil)
            endedAt.set(cameDue ? clock.elapsed : nil)
        }
        #expect(clock.waitForSleepers())
        clock.advance(by: .milliseconds(500))
        #expect(clock.sleepers == 1)
        clock.advance(by: .milliseconds(500))
        done.wait()
        #expect(endedAt.value == .seconds(1))
        #expect(clock.sleepers == 0)
    }

    @Test func aFiredSignalEndsTheWaitWithoutTheClockMoving() {
        let clock = ManualClock()
        let signal = WakeSignal()
        let cameDue = Recorded<Bool?>(nil)
        let done = onAThread { cameDue.set(clock.wait(for: .seconds(30), wake: signal)) }
        #expect(clock.waitForSleepers())
        signal.fire()
        done.wait()
        #expect(cameDue.value == false)
        #expect(clock.elapsed == .zero)
    }

    @Test func aTaskSleepsUntilTheClockIsAdvanced() async throws {
        let clock = ManualClock()
        _ = onAThread {
            clock.waitForSleepers()
            clock.advance(by: .seconds(2))
        }
        try await clock.sleep(for: .seconds(2))
        #expect(clock.now == ManualClock.Instant(offset: .seconds(2)))
    }

    @Test func theSystemsWaitEndsAtOnceOnAFiredSignal() {
        let signal = WakeSignal()
        signal.fire()
        #expect(!SystemTime().wait(for: .seconds(60), wake: signal))
        signal.reset()
        #expect(SystemTime().wait(for: .zero, wake: signal))
    }
}

/// A value another thread sets.
private final class Recorded<Value: Sendable>: Sendable {
    private let stored: Mutex<Value>
    init(_ value: Value) { stored = Mutex(value) }
    var value: Value { stored.withLock { $0 } }
    func set(_ value: Value) { stored.withLock { $0 = value } }
}
