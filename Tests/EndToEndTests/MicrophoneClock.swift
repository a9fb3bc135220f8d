import Foundation

/// How much of a file microphone (ALSA's file plugin, `test_mic:INFILE=…`) parley has
/// taken: the read offset of the descriptor that holds it open, from /proc. Tests that must
/// act at a moment of the audio ("Enter 3.9 s into the microphone") wait on this clock, not
/// on the wall clock: a loaded machine that starts or reads late delays it too.
struct MicrophoneClock {
    /// The raw S16_LE mono 16 kHz file the microphone reads.
    let file: URL
    /// Bytes of that audio per second.
    static let bytesPerSecond = 32_000

    /// Seconds of the file read so far; nil while no process holds it open. Every process's
    /// descriptors are looked at: at a terminal parley runs as a child of `script`.
    var seconds: Double? {
        let target = file.resolvingSymlinksInPath().path
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for pid in processes where pid.allSatisfy(\.isNumber) {
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            for descriptor in descriptors {
                guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)")) == target,
                      let info = try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(descriptor)", encoding: .utf8),
                      let line = info.split(separator: "\n").first(where: { $0.hasPrefix("pos:") }),
                      let offset = Int(line.dropFirst(4).trimmingCharacters(in: .whitespaces)) else { continue }
                return Double(offset) / Double(Self.bytesPerSecond)
            }
        }
        return nil
    }

    /// Waits until `seconds` of the file have been read; false if that takes longer than
    /// `limit` seconds of real time.
    func waitUntilRead(_ seconds: Double, limit: Double = 60) -> Bool {
        waitUntil(seconds: limit) { (self.seconds ?? 0) >= seconds }
    }

    /// Waits until `more` seconds past what is read now have been read; false past `limit`.
    func waitForMore(_ more: Double, limit: Double = 60) -> Bool {
        let now = seconds ?? 0
        return waitUntilRead(now + more, limit: limit)
    }
}
