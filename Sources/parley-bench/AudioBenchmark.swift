import Foundation
import ParleyKit

/// A turn cycle (listen → speak → listen) with the persistent ALSA session against the same
/// cycle closing and reopening both PCMs each turn, over ALSA's file/null plugins (the test
/// configuration: the null plugin does not pace time, so this measures the overhead the
/// session adds, not audio durations); and the buffering latency the periods imply.
enum AudioBenchmark {
    static func run(checkout: URL) throws {
        let config = checkout.appendingPathComponent("Tests/IntegrationTests/alsa-test.conf")
        guard FileManager.default.fileExists(atPath: config.path) else {
            print("audio benchmark: run it from the checkout (needs Tests/IntegrationTests/alsa-test.conf)")
            return
        }
        setenv("ALSA_CONFIG_PATH", config.path, 1)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bench-audio-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("mic.raw")
        try Data(count: 16_000 * 2 * 30).write(to: input)
        let microphone = "test_mic:INFILE=\(input.path)"
        let speaker = "test_speaker:OUTFILE=\(folder.appendingPathComponent("out.raw").path)"
        let speech = AudioChunk(samples: [Int16](repeating: 100, count: 22_050 / 2), sampleRate: 22_050)

        func turn(_ session: ALSAAudioSession) throws {
            try session.startListening()
            for _ in 0..<5 { _ = session.nextCaptured(timeout: 1) }   // listen: 0.5 s
            session.stopListening()
            try session.beginSpeaking()
            try session.play(speech)                                   // speak: 0.5 s
            try session.endSpeaking(interrupted: false)
        }
        let turns = 50
        // Unpaced and without pre-roll: the null plugin would otherwise take 0.5 s of wall time per listen, hiding
        // the overhead this compares.
        let persistent = try ALSAAudioSession(input: microphone, output: speaker, preRollSeconds: 0, paced: false)
        try turn(persistent)
        var kept: [Double] = []
        var reopened: [Double] = []
        for _ in 0..<turns {
            kept.append(try Measure.seconds { try turn(persistent) })
            reopened.append(try Measure.seconds {
                let session = try ALSAAudioSession(input: microphone, output: speaker, preRollSeconds: 0, paced: false)
                try turn(session)
                session.close()
            })
        }
        persistent.close()
        let keptMedian = kept.sorted()[turns / 2], reopenedMedian = reopened.sorted()[turns / 2]
        print("audio benchmark (ALSA file/null plugins, \(turns) turns each, interleaved)")
        print("  persistent session:     \(Measure.format(keptMedian * 1000, 3)) ms per turn cycle (median)")
        print("  reopen both PCMs/turn:  \(Measure.format(reopenedMedian * 1000, 3)) ms per turn cycle (median)")
        print("  ratio: reopening costs \(Measure.format(reopenedMedian / keptMedian, 1))× the persistent cycle, "
              + "+\(Measure.format((reopenedMedian - keptMedian) * 1000, 3)) ms a turn before any device latency")
        print("  buffering: capture period \(Measure.format(persistent.capturePeriodSeconds * 1000, 0)) ms "
              + "(audio reaches the recognizer at most one period late); playback buffer "
              + "\(Measure.format(persistent.playbackBufferSeconds * 1000, 0)) ms, started once 2 periods "
              + "(\(Measure.format(persistent.playbackBufferSeconds * 500, 0)) ms) are queued")
    }
}
