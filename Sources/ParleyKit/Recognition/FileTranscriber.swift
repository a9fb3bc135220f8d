import Foundation

/// One endpointed stretch of speech in a recording.
public struct TranscriptSegment: Sendable, Equatable, Codable {
    /// Seconds from the start of the file.
    public let start: Double
    public let end: Double
    /// What was said, with alternatives and word timings.
    public let result: RecognitionResult
}

/// Transcribes a WAV file of any length: the audio is fed in short chunks, and every
/// endpoint Vosk finds closes a segment.
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
    /// segment as soon as its endpoint is found.
    public func transcribe(_ file: URL, locale: LocaleTag, maxAlternatives: Int = 1,
                           onSegment: (TranscriptSegment) -> Void = { _ in }) throws -> (segments: [TranscriptSegment], duration: Double) {
        let audio = try WAVFile.read(file).mixedToMono()
        guard audio.frameCount > 0 else {
            throw ParleyError(.input, "\(file.lastPathComponent) holds no audio.")
        }
        let stream = try recognition.makeStream(for: locale, sampleRate: audio.sampleRate,
                                                // Partial results carry the word confidences that alternatives mode leaves out.
                                                options: RecognitionOptions(maxAlternatives: maxAlternatives, partials: maxAlternatives > 1))
        var segments: [TranscriptSegment] = []
        func keep(_ result: RecognitionResult) {
            guard !result.isNoSpeech, let start = result.start, let end = result.end else { return }
            let segment = TranscriptSegment(start: start, end: end, result: result)
            segments.append(segment)
            onSegment(segment)
        }
        let step = max(1, Int(chunkSeconds * Double(audio.sampleRate)))
        var offset = 0
        while offset < audio.samples.count {
            let end = min(offset + step, audio.samples.count)
            if case .final(let result)? = try stream.accept(Array(audio.samples[offset..<end])) { keep(result) }
            offset = end
        }
        keep(try stream.finish())
        return (segments, audio.duration)
    }
}
