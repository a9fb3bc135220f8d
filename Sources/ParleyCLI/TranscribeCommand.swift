import Foundation
import ParleyKit

/// `parley transcribe`: a recording to text or JSON.
struct TranscribeCommand {
    let options: TranscribeOptions
    let paths: DataPaths
    let output: TerminalOutput

    private struct Document: Encodable {
        let file: String
        let locale: String
        let duration: Double
        let segments: [Segment]
    }

    private struct Segment: Encodable {
        let start: Double
        let end: Double
        let text: String
        let alternatives: [RecognitionAlternative]
        let words: [RecognizedWord]
    }

    func run() -> Int32 {
        if case .success(let vosk) = VoskLibrary.shared { vosk.setLogging(verbose: options.verbose) }
        let recognition = VoskRecognition(store: ModelStore(roots: paths.modelRoots))
        let file = URL(fileURLWithPath: options.path)
        do {
            let (segments, duration) = try FileTranscriber(recognition: recognition)
                .transcribe(file, locale: options.locale, maxAlternatives: options.alternatives) { segment in
                    if !options.json { output.line("[\(Self.clock(segment.start)) – \(Self.clock(segment.end))] \(segment.result.text)") }
                }
            if options.json {
                let document = Document(file: file.lastPathComponent, locale: segments.first?.result.locale ?? options.locale.identifier,
                                        duration: duration, segments: segments.map {
                    Segment(start: $0.start, end: $0.end, text: $0.result.text, alternatives: $0.result.alternatives,
                            words: $0.result.words)
                })
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                output.line(String(decoding: try encoder.encode(document), as: UTF8.self))
            } else if segments.isEmpty {
                output.note("No speech in \(file.lastPathComponent) (\(String(format: "%.1f", duration)) s of audio).")
            }
            return 0
        } catch {
            output.error(error)
            return 1
        }
    }

    /// `75.5` → `01:15.50`.
    static func clock(_ seconds: Double) -> String {
        String(format: "%02d:%05.2f", Int(seconds) / 60, seconds.truncatingRemainder(dividingBy: 60))
    }
}
