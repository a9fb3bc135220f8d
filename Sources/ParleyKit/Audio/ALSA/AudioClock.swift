import Foundation

/// Keeps a PCM from running ahead of real time. A real device blocks until a capture period
/// is recorded or until there is room in the playback buffer, so this never sleeps there;
/// ALSA's file and null plugins return at once, and with this clock they behave like a
/// microphone and a speaker: audio takes as long as it lasts.
struct AudioClock {
    let rate: Int
    private let time: any TimeSource
    private var start: Duration?
    private var frames = 0

    init(rate: Int, time: any TimeSource = SystemTime()) {
        self.rate = rate
        self.time = time
    }

    /// Starts counting again (the PCM was stopped and prepared).
    mutating func restart() {
        start = nil
        frames = 0
    }

    /// Counts `count` more frames, then sleeps while more than `allowance` frames are ahead
    /// of the clock (a playback buffer's worth may be queued ahead; capture none).
    mutating func advance(by count: Int, allowance: Int = 0) {
        let now = time.elapsed
        let started = start ?? now
        start = started
        frames += count
        sleep(untilFrame: frames - allowance, from: started, now: now)
    }

    /// Sleeps until every frame counted so far has played (a drain).
    func waitUntilPlayed() {
        guard let start else { return }
        sleep(untilFrame: frames, from: start, now: time.elapsed)
    }

    /// At most 5 s at a time, as before: a clock far ahead is not waited out in one go.
    private func sleep(untilFrame frame: Int, from start: Duration, now: Duration) {
        guard frame > 0 else { return }
        let due = start + .seconds(Double(frame) / Double(rate))
        if due > now { time.wait(until: min(due, now + .seconds(5)), wake: nil) }
    }
}
