import Foundation
import ParleyKit

/// One line of `parley --json`'s output: an object whose `event` names what happened, with
/// the fields that event has (README: "Conversation events as JSON lines"). Absent fields are
/// left out; keys are sorted, so a line's shape is stable.
struct JSONEvent: Encodable, Equatable {
    let event: String
    var locale: String?
    var text: String?
    var turn: Int?
    var replaces: Int?
    var mode: String?
    var alternatives: [String]?
    var source: String?
    var target: String?
    var marked: String?
    var segments: [TranslationSegment]?
    var unknown: [String]?
    var spoken: String?
    var expected: String?
    var to: String?
    var stoppedEarly: Bool?
    var reason: String?
    var code: String?
    var stage: String?
    var message: String?
    var cause: String?
    var command: String?
    var speaker: String?
    var listener: String?
    var dictating: Bool?
    var muted: Bool?
    var turns: Int?
    /// What `:interpret` reported, as `parley interpret --json` writes it.
    var interpretation: InterpretationJSONLine?

    init(_ event: String) {
        self.event = event
    }

    /// An `error` line: a `ParleyError`'s stage, code, message and cause; any other error
    /// (a command line that cannot be parsed) as an `invalidInput` error of the input.
    static func error(_ error: any Error, command: String? = nil) -> JSONEvent {
        let failure = error as? ParleyError ?? ParleyError(.input, .invalidInput, "\(error)")
        var line = JSONEvent("error")
        line.stage = failure.stage.rawValue
        line.code = failure.code.rawValue
        line.message = failure.message
        line.cause = failure.cause?.description
        line.command = command
        return line
    }

    /// The line for an engine event.
    init(_ event: ConversationEvent) {
        switch event {
        case .condition(let condition):
            self.init("note")
            code = condition.code.rawValue
            message = condition.description
            locale = condition.locale?.identifier
            if let error = condition.error { (stage, cause) = (error.stage.rawValue, error.cause?.description) }
        case .problem(let error):
            self = Self.error(error)
        case .modelLoading(let tag): self.init("modelLoading", locale: tag)
        case .listening(let tag): self.init("listening", locale: tag)
        case .partial(let tag, let words):
            self.init("partial", locale: tag)
            text = words
        case .noSpeech(let tag): self.init("noSpeech", locale: tag)
        case .heard(let heard):
            self.init(heard.corrects == nil ? "heard" : "corrected", locale: heard.locale)
            (text, turn, replaces, mode, alternatives) = (heard.text, heard.turn, heard.corrects, heard.mode.rawValue, heard.readings)
        case .translated(let translation):
            self.init("translated")
            (source, target) = (translation.source.identifier, translation.target.identifier)
            (text, marked, segments, unknown) = (translation.text, translation.markedText, translation.segments, translation.unknownWords)
        case .speaking(let part):
            self.init("speaking", locale: part.locale)
            text = part.text
        case .spoken(let early):
            self.init("spoken")
            stoppedEarly = early
        case .notSpoken(let words, let tag, let why):
            self.init("notSpoken", locale: tag)
            (text, reason) = (words, why)
        case .languageDetected(let heardIn, let turnOf):
            self.init("languageDetected")
            (spoken, expected) = (heardIn.identifier, turnOf.identifier)
        case .passed(let next):
            self.init("passed")
            to = next.identifier
        case .retracted(let number, let tag):
            self.init("retracted", locale: tag)
            turn = number
        case .cancelled: self.init("cancelled")
        case .audioLost(let error):
            self.init("audioLost", copyingErrorOf: Self.error(error))
        case .interpretation(let event):
            self.init("interpretation")
            interpretation = InterpretationJSONLine(event)
        case .reply(let words):
            self.init("reply")
            text = words
        case .hint(let words):
            self.init("note")
            (code, message) = ("usage", words)
        case .refused(let error):
            self = Self.error(error)
        }
    }

    private init(_ event: String, locale tag: LocaleTag) {
        self.init(event)
        locale = tag.identifier
    }

    private init(_ event: String, copyingErrorOf error: JSONEvent) {
        self.init(event)
        (stage, code, message, cause) = (error.stage, error.code, error.message, error.cause)
    }

    /// A `ready` line: the conversation waits for the next input line; who speaks next.
    init(ready snapshot: ConversationSnapshot) {
        self.init("ready")
        (speaker, listener) = (snapshot.speaker.identifier, snapshot.listener.identifier)
        (dictating, muted, turns) = (snapshot.dictating, snapshot.muted, snapshot.turns.count)
    }

    /// The object as one line of JSON: every string escaped as JSON requires (control
    /// characters too), slashes left alone.
    var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every field is a string, number, bool or array of them: encoding cannot fail.
        return String(decoding: (try? encoder.encode(self)) ?? Data(#"{"event":"error"}"#.utf8), as: UTF8.self)
    }
}
