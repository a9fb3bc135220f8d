import Foundation

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

    /// Peak resident memory of this process so far, in MiB (VmHWM).
    static func peakResidentMiB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kib = Double(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kib / 1024
    }

    static func format(_ value: Double, _ digits: Int = 2) -> String {
        String(format: "%.\(digits)f", value)
    }
}
