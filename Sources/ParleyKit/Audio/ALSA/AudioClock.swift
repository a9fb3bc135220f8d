import Foundation

/// Keeps a PCM from running ahead of real time. A real device blocks until a capture period
/// is recorded or until there is room in the playback buffer, so this never sleeps there;
/// ALSA's file and null plugins return at once, and with this clock they behave like a
/// microphone and a speaker: audio takes as long as it lasts.
struct AudioClock {
    let rate: Int
    private var start: UInt64?
    private var frames = 0

    init(rate: Int) { self.rate = rate }

    /// Starts counting again (the PCM was stopped and prepared).
    mutating func restart() {
        start = nil
        frames = 0
    }

    /// Counts `count` more frames, then sleeps while more than `allowance` frames are ahead
    /// of the wall clock (a playback buffer's worth may be queued ahead; capture none).
    mutating func advance(by count: Int, allowance: Int = 0) {
        let now = DispatchTime.now().uptimeNanoseconds
        let started = start ?? now
        start = started
        frames += count
        sleep(untilFrame: frames - allowance, from: started, now: now)
    }

    /// Sleeps until every frame counted so far has played (a drain).
    func waitUntilPlayed() {
        guard let start else { return }
        sleep(untilFrame: frames, from: start, now: DispatchTime.now().uptimeNanoseconds)
    }

    private func sleep(untilFrame frame: Int, from start: UInt64, now: UInt64) {
        guard frame > 0 else { return }
        let due = start + UInt64(Double(frame) / Double(rate) * 1e9)
        if due > now { usleep(UInt32(min((due - now) / 1_000, 5_000_000))) }
    }
}
