import Foundation
import ParleyKit

/// The interpretation benchmark's recording: the committed Korean fixtures cut into their
/// phrases and joined in a shuffled order, with natural gaps of 0.3–1.2 s, for about ten
/// minutes. Where each phrase's speech ends is known, so the live run can time the end of
/// each segment to its translation.
struct InterpretRecording {
    let samples: [Int16]
    /// Sample index of the start and of the end of each phrase's speech.
    let starts: [Int]
    let ends: [Int]
    var duration: Double { Double(samples.count) / 16_000 }

    /// A deterministic generator (the same recording every run).
    private struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        mutating func unit() -> Double { Double(next() % 1_000_000) / 1_000_000 }
    }

    /// About `minutes` of the fixtures' phrases, with quiet room noise (±60) throughout.
    static func make(checkout: URL, minutes: Double) throws -> InterpretRecording {
        let folder = checkout.appendingPathComponent("Tests/IntegrationTests/Fixtures")
        let phrases = try ["ko-three-phrases-16k-mono.wav", "ko-byeongwon-eodiyeyo-16k-mono.wav", "ko-eolmayeyo-16k-mono.wav"]
            .flatMap { try Self.phrases(in: folder.appendingPathComponent($0)) }
        var generator = Generator(state: 30)
        var samples = [Int16](repeating: 0, count: 8_000)
        var starts: [Int] = [], ends: [Int] = []
        while Double(samples.count) < minutes * 60 * 16_000 {
            let phrase = phrases[Int(generator.next() % UInt64(phrases.count))]
            starts.append(samples.count)
            samples += phrase
            ends.append(samples.count)
            samples += [Int16](repeating: 0, count: Int((0.3 + 0.9 * generator.unit()) * 16_000))
        }
        samples += [Int16](repeating: 0, count: 16_000)
        let noisy = samples.map { $0 &+ Int16(Int(generator.next() % 121) - 60) }
        return InterpretRecording(samples: noisy, starts: starts, ends: ends)
    }

    /// The stretches of speech in a fixture (16 kHz mono), split at its silences of 0.25 s or more.
    static func phrases(in file: URL) throws -> [[Int16]] {
        let reader = try WAVReader(file)
        var samples: [Int16] = []
        while let piece = try reader.read(frames: 16_000) { samples += piece.mixedToMono().samples }
        var phrases: [[Int16]] = []
        var start: Int?
        var lastLoud = 0
        for (index, sample) in samples.enumerated() {
            if abs(Int(sample)) > 300 {
                if start == nil { start = index }
                lastLoud = index
            } else if let begun = start, index - lastLoud >= 4_000 {
                phrases.append(Array(samples[begun...lastLoud]))
                start = nil
            }
        }
        if let begun = start { phrases.append(Array(samples[begun...lastLoud])) }
        return phrases
    }

    /// Where `piece` starts in the recording (the file plugin hands over its samples unchanged,
    /// in whole periods from the start); nil when it is not there.
    func offset(of piece: [Int16]) -> Int? {
        guard !piece.isEmpty, piece.count <= samples.count else { return nil }
        return stride(from: 0, through: samples.count - piece.count, by: piece.count)
            .first { samples[$0..<($0 + piece.count)].elementsEqual(piece) }
    }

    /// The recording as a 16 kHz mono WAV file.
    func writeWAV(to url: URL) throws {
        try WAVFile.write(AudioChunk(samples: samples, sampleRate: 16_000), to: url)
    }
}
