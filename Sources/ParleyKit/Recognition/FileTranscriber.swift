import Foundation

/// One endpointed stretch of speech in a recording.
public struct TranscriptSegment: Sendable, Equatable, Codable {
    /// Seconds from the start of the file.
    public let start: Double
    public let end: Double
    /// What was said, with alternatives and word timings.
    public let result: RecognitionResult
    /// How it was said: speaking rate, pauses, voice.
    public let speech: SpeechAnalytics?
}

/// Transcribes a WAV file of any length: the file is read and fed a short piece at a time
/// (memory stays flat however long it is), and every endpoint Vosk finds closes a segment.
public struct FileTranscriber {
    /// The recognition to use.
    public let recognition: any SpeechRecognizing
    /// Frames fed per call: 0.25 s, the same as the Vosk Python examples' 4000 frames at 16 kHz.
    public var chunkSeconds = 0.25

    /// A transcriber over `recognition`.
    public init(recognition: any SpeechRecognizing) {
        self.recognition = recognition
    }

    /// The speech segments of `file` in `locale`; silence yields none. `onSegment` sees each
    /// segment as soon as its endpoint is found; `onProgress` hears how many seconds of the
    /// recording have been decoded, after each piece. `shouldStop` is asked before each
    /// piece: once it says yes, decoding stops and an `.interrupted` error is thrown (Ctrl-C).
    /// Errors name the file as `name` (its own name by default); `onNotice` hears what is odd
    /// about the file but read anyway (`WAVReader.notice`).
    public func transcribe(_ file: URL, named name: String? = nil, locale: LocaleTag, maxAlternatives: Int = 1,
                           onNotice: (String) -> Void = { _ in },
                           onSegment: (TranscriptSegment) -> Void = { _ in },
                           onProgress: (Double) -> Void = { _ in },
                           shouldStop: () -> Bool = { false }) throws -> (segments: [TranscriptSegment], duration: Double) {
        let name = name ?? file.lastPathComponent
        let reader = try WAVReader(file, named: name)
        if let notice = reader.notice { onNotice(notice) }
        guard reader.frameCount > 0 else {
            throw ParleyError(.input, .invalidInput, "\(name) holds no audio.")
        }
        let rate = reader.format.sampleRate
        let stream = try recognition.makeStream(for: locale, sampleRate: rate,
                                                // Partial results carry the word confidences that alternatives mode leaves out.
                                                options: RecognitionOptions(maxAlternatives: maxAlternatives, partials: maxAlternatives > 1))
        var segments: [TranscriptSegment] = []
        // The audio of the utterance in progress (from the frame `heldFrom` on), for the voice
        // analytics of its segment; dropped at each endpoint, so memory stays flat.
        var held: [Int16] = []
        var heldFrom = 0
        func keep(_ result: RecognitionResult, decodedTo: Int) {
            defer {
                held.removeAll(keepingCapacity: true)
                heldFrom = decodedTo
            }
            guard !result.isNoSpeech, let start = result.start, let end = result.end else { return }
            let first = min(held.count, max(0, Int(start * Double(rate)) - heldFrom))
            let last = min(held.count, max(first, Int((end * Double(rate)).rounded(.up)) - heldFrom))
            let segment = TranscriptSegment(start: start, end: end, result: result,
                                            speech: SpeechAnalytics(words: result.words, audio: Array(held[first..<last]),
                                                                    sampleRate: rate))
            segments.append(segment)
            onSegment(segment)
        }
        var decoded = 0
        while let piece = try reader.read(frames: max(1, Int(chunkSeconds * Double(rate)))) {
            if shouldStop() { throw ParleyError(.recognition, .interrupted, "Stopped listening to \(name).") }
            let samples = piece.mixedToMono().samples
            held += samples
            decoded += piece.frameCount
            if case .final(let result)? = try stream.accept(samples) { keep(result, decodedTo: decoded) }
            onProgress(Double(decoded) / Double(rate))
        }
        keep(try stream.finish(), decodedTo: decoded)
        return (segments, reader.duration)
    }
}
