import Foundation
import ParleyKit
import Synchronization

/// Shows interpretation as subtitles: the words of the segment in progress on the live line
/// of a terminal, then each segment's words and its translation under them on standard
/// output; notes and problems on standard error. With `json`, every event is a JSON line on
/// standard output instead. Events come from several threads: each is shown whole, in the
/// order they arrive.
final class InterpretationRenderer: Sendable {
    private let output: TerminalOutput
    private let json: Bool
    private let live: Bool
    /// Whether the live line shows something, under the lock every event is shown with.
    private let state = Mutex(false)

    /// A renderer writing to `output`; `live` draws the words in progress on the terminal's
    /// status line.
    init(output: TerminalOutput, json: Bool, live: Bool) {
        self.output = output
        self.json = json
        self.live = live && !json
    }

    func render(_ event: InterpretationEvent) {
        state.withLock { statusShown in
            if json {
                output.line(InterpretationJSONLine(event).encoded)
                return
            }
            switch event {
            case .listening(let locale):
                if live { output.status("● interpreting \(locale) — Enter or Ctrl-C ends") }
                statusShown = live
            case .partial(let locale, let words):
                if live { output.status("● \(locale): \(words)") }
                statusShown = live
            default:
                if statusShown { output.clearStatus() }
                statusShown = false
                show(event)
            }
        }
    }

    private func show(_ event: InterpretationEvent) {
        switch event {
        case .heard(let heard):
            output.line("[\(TranscribeCommand.clock(heard.start)) – \(TranscribeCommand.clock(heard.end))] "
                + "\(heard.result.locale): \(heard.text)")
        case .translated(_, let translation):
            output.line("                      \(translation.target): \(translation.markedText)")
        case .skipped(let numbers, let behind):
            output.note("The voice fell \(String(format: "%.0f", behind)) s behind: skipped the translation of "
                + "segment\(numbers.count == 1 ? "" : "s") \(numbers.map(String.init).joined(separator: ", ")) "
                + "to say the newest.")
        case .notice(let text):
            output.note(text)
        case .problem(let error):
            output.error(error)
        case .ended(let count, let seconds):
            output.note("Interpreted \(count) segment\(count == 1 ? "" : "s") in \(TranscribeCommand.clock(seconds)) of audio.")
        case .listening, .partial, .speaking:
            break
        }
    }
}
