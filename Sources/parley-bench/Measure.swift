import Foundation
import ParleyKit

/// Wall-clock timing helpers for the benchmarks: medians of repeated runs, because these
/// machines are shared and noisy.
enum Measure {
    /// Seconds taken by `body`.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The median of `runs` timings of `body`, in seconds.
    static func median(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var samples: [Double] = []
        samples.reserveCapacity(runs)
        for _ in 0..<runs { samples.append(try seconds(body)) }
        return samples.sorted()[samples.count / 2]
    }

    /// One utterance of `synthesizer`: milliseconds to its first chunk, seconds in all, and
    /// seconds of audio made.
    static func utterance(_ text: String, by synthesizer: any SpeechSynthesizing, voice: VoiceRequest) throws
        -> (firstMilliseconds: Double, seconds: Double, audioSeconds: Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        var first: UInt64?
        let report = try synthesizer.synthesize(text, voice: voice, settings: .standard) { _ in
            if first == nil { first = DispatchTime.now().uptimeNanoseconds }
            return true
        }
        let end = DispatchTime.now().uptimeNanoseconds
        return (Double((first ?? end) - start) / 1e6, Double(end - start) / 1e9, report.duration)
    }

    /// Peak resident memory of this process so far, in MiB (VmHWM).
    static func peakResidentMiB() -> Double { residentMiB(field: "VmHWM") }

    /// This process's resident memory in MiB: now (VmRSS) or at its peak (VmHWM).
    static func residentMiB(field: String = "VmRSS") -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
              let kib = Double(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kib / 1024
    }

    /// Runs `executable` with `arguments` to its end, its output thrown away (a `Subprocess`
    /// waits with waitpid: Foundation's `waitUntilExit` polls in 50 ms steps, which would
    /// swamp what is measured).
    static func spawnAndWait(_ executable: String, _ arguments: [String]) throws {
        try Subprocess.start(executable, arguments: arguments, output: .null, error: .null, stage: .synthesis).wait()
    }

    static func format(_ value: Double, _ digits: Int = 2) -> String {
        String(format: "%.\(digits)f", value)
    }
}
