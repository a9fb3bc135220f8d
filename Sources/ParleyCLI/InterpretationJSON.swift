import Foundation
import ParleyKit

/// One line of `parley interpret --json`: an object whose `event` names what happened
/// (`listening`, `partial`, `heard`, `translated`, `speaking`, `skipped`, `note`, `error`,
/// `ended`), with that event's fields; absent fields are left out and keys sorted.
struct InterpretationJSONLine: Encodable, Equatable {
    let event: String
    var locale: String?
    var text: String?
    var segment: Int?
    var start: Double?
    var end: Double?
    var cut: String?
    var source: String?
    var target: String?
    var marked: String?
    var origins: [TranslationSegment]?
    var skipped: [Int]?
    var behind: Double?
    var message: String?
    var stage: String?
    var code: String?
    var cause: String?
    var segments: Int?
    var seconds: Double?

    init(_ event: String) {
        self.event = event
    }

    /// The line for `event`.
    init(_ event: InterpretationEvent) {
        switch event {
        case .listening(let locale):
            self.init("listening")
            self.locale = locale.identifier
        case .partial(let locale, let words):
            self.init("partial")
            self.locale = locale.identifier
            text = words
        case .heard(let heard):
            self.init("heard")
            locale = heard.result.locale
            text = heard.text
            segment = heard.number
            start = Self.milliseconds(heard.start)
            end = Self.milliseconds(heard.end)
            cut = heard.cut.rawValue
        case .translated(let number, let translation):
            self.init("translated")
            segment = number
            source = translation.source.identifier
            target = translation.target.identifier
            text = translation.text
            marked = translation.markedText
            origins = translation.segments
        case .speaking(let number):
            self.init("speaking")
            segment = number
        case .skipped(let numbers, let behind):
            self.init("skipped")
            skipped = numbers
            self.behind = Self.milliseconds(behind)
        case .notice(let text):
            self.init("note")
            message = text
        case .problem(let error):
            self.init("error")
            stage = error.stage.rawValue
            code = error.code.rawValue
            message = error.message
            cause = error.cause?.description
        case .ended(let count, let seconds):
            self.init("ended")
            segments = count
            self.seconds = Self.milliseconds(seconds)
        }
    }

    /// Seconds to the millisecond, as the recognizer's word times are.
    static func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }

    /// The line as JSON text.
    var encoded: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? #"{"event":"error"}"#
    }
}
