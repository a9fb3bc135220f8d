import Foundation
import ParleyKit

/// A long conversation: 20,000 typed turns piped into one `parley en es --json --mute`,
/// timed from writing a line to reading its `ready` event, in blocks of 2,000; with the
/// process's resident memory after each block. The cost of a turn must not grow with the
/// conversation: the second (the first warms up) and the last block should be within 20%
/// of each other.
/// Left out: listening and speaking (muted; typed turns), so it measures the turn's own
/// work (detection, translation, journal, events), which is what grows if anything does.
enum SoakBenchmark {
    static func run(checkout: URL, turns: Int = 20_000, block: Int = 2_000) throws {
        let parley = checkout.appendingPathComponent(".build/release/parley")
        guard FileManager.default.isExecutableFile(atPath: parley.path) else {
            throw ParleyError(.conversation, .notFound, "Build parley first: swift build -c release")
        }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("parley-soak-\(UUID())")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["XDG_DATA_HOME"] = nil
        environment["XDG_CONFIG_HOME"] = nil
        let process = try Subprocess.start(parley.path, arguments: ["en", "es", "--json", "--mute"], environment: environment,
                                           input: .pipe, output: .pipe, error: .null, stage: .conversation)
        let lines = LineSource(process)
        _ = lines.next(containing: "\"ready\"")   // the start-up events
        let sentences = ["where is the station", "la estación está cerca", "thank you very much", "de nada, buen viaje"]
        print("Soak: \(turns) typed turns through one parley en es --json --mute (default translator)")
        print("| turns | ms/turn (block mean) | RSS MiB |")
        print("|---:|---:|---:|")
        var blocks: [(milliseconds: Double, rss: Double)] = []
        var blockStart = ContinuousClock.now
        for turn in 1...turns {
            try process.write(Array((sentences[turn % sentences.count] + "\n").utf8))
            guard lines.next(containing: "\"ready\"") != nil else { throw ParleyError(.conversation, .engineFailed, "parley ended at turn \(turn)") }
            if turn % block == 0 {
                let elapsed = ContinuousClock.now - blockStart
                let milliseconds = Double(elapsed.components.seconds) * 1000
                    + Double(elapsed.components.attoseconds) / 1e15
                let rss = residentMiB(of: process.processID)
                blocks.append((milliseconds / Double(block), rss))
                print("| \(turn) | \(Measure.format(milliseconds / Double(block))) | \(Measure.format(rss, 1)) |")
                blockStart = ContinuousClock.now
            }
        }
        process.closeInput()
        process.wait()
        // The first block pays for starting the translation engine and warming caches.
        guard blocks.count > 2, let last = blocks.last else { return }
        let first = blocks[1]
        print("last/second block: time \(Measure.format(last.milliseconds / first.milliseconds)), "
              + "RSS \(Measure.format(last.rss / first.rss)) (flat: both within 0.8–1.2; the first block warms up)")
    }

    /// VmRSS of `pid`, in MiB.
    static func residentMiB(of pid: Int32) -> Double {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }
}

/// Lines of a child's output, read as they come.
final class LineSource {
    private let process: Subprocess
    private var buffer: [UInt8] = []

    init(_ process: Subprocess) { self.process = process }

    /// The next line containing `text`, skipping others; nil at the end of output.
    func next(containing text: String) -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                if line.contains(text) { return line }
                continue
            }
            guard let more = try? process.read(), !more.isEmpty else { return nil }
            buffer.append(contentsOf: more)
        }
    }
}
