import Foundation
import ParleyKit

/// `parley transcribe`: a recording to text or JSON.
struct TranscribeCommand {
    let options: TranscribeOptions
    let paths: DataPaths
    /// How a bare `--lang` resolves: the config's table.
    let preferences: PreferredLocales
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
        /// Speaking rate, pauses and voice (SpeechAnalytics).
        let speech: SpeechAnalytics?
    }

    func run() -> Int32 {
        RecognizerKind.standard.setLogging(verbose: options.verbose)
        let recognition = RecognizerKind.standard.make(modelRoots: paths.modelRoots, preferences: preferences)
        let input: RecordingInput
        do { input = try RecordingInput(path: options.path) } catch {
            output.error(error)
            return 1
        }
        // The spooled copy of a piped recording lives until the end.
        defer { withExtendedLifetime(input) {} }
        let (file, piped, shownName) = (input.file, input.piped, input.shownName)
        do {
            let progress = TranscriptionProgress(output: output, file: file)
            let (segments, duration) = try FileTranscriber(recognition: recognition)
                .transcribe(file, named: piped ? shownName : nil, locale: options.locale, maxAlternatives: options.alternatives,
                            onNotice: { output.note($0) }, onSegment: { segment in
                    progress.clear()
                    guard !options.json else { return }
                    output.line("[\(Self.clock(segment.start)) – \(Self.clock(segment.end))] \(segment.result.text)")
                    let others = segment.result.alternatives.dropFirst().map(\.text).filter { $0 != segment.result.text }
                    if !others.isEmpty {
                        output.line("                      or: " + others.enumerated()
                            .map { "\($0.offset + 2)) \($0.element)" }.joined(separator: "  "))
                    }
                }, onProgress: progress.show)
            progress.clear()
            if options.json {
                let document = Document(file: shownName, locale: segments.first?.result.locale ?? options.locale.identifier,
                                        duration: duration, segments: segments.map {
                    Segment(start: $0.start, end: $0.end, text: $0.result.text, alternatives: $0.result.alternatives,
                            words: $0.result.words, speech: $0.speech)
                })
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                output.line(String(decoding: try encoder.encode(document), as: UTF8.self))
            } else if segments.isEmpty {
                output.note("No speech in \(shownName) (\(String(format: "%.1f", duration)) s of audio).")
            }
            return 0
        } catch {
            output.error(input.shown(error))
            return 1
        }
    }

    /// `75.5` → `01:15.50`.
    static func clock(_ seconds: Double) -> String {
        String(format: "%02d:%05.2f", Int(seconds) / 60, seconds.truncatingRemainder(dividingBy: 60))
    }
}

/// How far a long transcription has got, on one line of a terminal's standard error
/// (refreshed at most twice a second, and at once after a segment's line cleared it, so it is
/// never blank while the work goes on; nothing when standard error is not a terminal or the
/// recording is short).
final class TranscriptionProgress {
    private let output: TerminalOutput
    private let total: Double
    private let name: String
    private let shown: Bool
    /// What the line says is going on (`transcribing`, `interpreting`).
    private let verb: String
    private let now: () -> UInt64
    private var lastShown: UInt64 = 0
    private var visible = false

    convenience init(output: TerminalOutput, file: URL, doing verb: String = "transcribing") {
        let total = (try? WAVReader(file).duration) ?? 0
        self.init(output: output, name: file.lastPathComponent, total: total,
                  shown: Descriptor.isTerminal(STDERR_FILENO) && total >= 30, doing: verb)
    }

    init(output: TerminalOutput, name: String, total: Double, shown: Bool, doing verb: String = "transcribing",
         now: @escaping () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        self.output = output
        self.name = name
        self.total = total
        self.shown = shown
        self.verb = verb
        self.now = now
    }

    func show(_ seconds: Double) {
        if let line = line(at: seconds) { output.status(line) }
    }

    /// The line to draw after `seconds` of the recording, or nil when the one shown stays.
    func line(at seconds: Double) -> String? {
        let now = now()
        guard shown, !visible || now - lastShown > 500_000_000 else { return nil }
        lastShown = now
        visible = true
        return "\(verb) \(name): \(TranscribeCommand.clock(seconds)) of \(TranscribeCommand.clock(total)) "
            + "(\(Int(seconds / total * 100))%)"
    }

    func clear() {
        guard visible else { return }
        output.clearStatus()
        visible = false
    }
}
