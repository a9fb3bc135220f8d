import Foundation

/// Tells speech from a room's noise a frame at a time: a frame is speech when its energy
/// stands `speechMargin` dB above the quietest of the latest `window` frames (speech always
/// dips between syllables, a room's noise does not, so a fan that starts is learnt within
/// the window) and above `absoluteFloor`. Shared by the endpointer and the interpretation's
/// segmenter; the floor is kept for as long as its owner keeps it.
struct NoiseFloor: Sendable {
    /// Decibels above the noise floor that count as speech, and the level below which
    /// nothing is speech however quiet the room is.
    static let speechMargin = 12.0
    static let absoluteFloor = -60.0
    /// How many of the latest frames the floor is the quietest of (2.5 s of 10 ms frames).
    static let window = 250

    /// The latest frames' levels, a ring of `window`.
    private var levels: [Double] = []
    private var next = 0

    /// Takes in one frame and says whether it is speech.
    mutating func isSpeech(_ frame: ArraySlice<Int16>) -> Bool {
        let level = Self.decibels(frame)
        if levels.count < Self.window {
            levels.append(level)
        } else {
            levels[next] = level
            next = (next + 1) % Self.window
        }
        let floor = levels.min() ?? level
        return level > max(floor + Self.speechMargin, Self.absoluteFloor)
    }

    /// The mean energy of `samples` in dB below full scale (−100 for digital silence).
    static func decibels(_ samples: ArraySlice<Int16>) -> Double {
        guard !samples.isEmpty else { return -100 }
        var sum = 0.0
        for sample in samples { sum += Double(sample) * Double(sample) }
        let rms = (sum / Double(samples.count)).squareRoot() / 32_768
        return rms > 0 ? max(-100, 20 * log10(rms)) : -100
    }
}
