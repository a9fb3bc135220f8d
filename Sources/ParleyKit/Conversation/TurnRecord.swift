import Foundation

/// How a turn's words reached parley.
public enum TurnMode: String, Sendable, Equatable, Codable {
    /// Typed at the prompt.
    case typed
    /// Spoken into the microphone.
    case spoken
    /// Heard from a recording (`:listen FILE`).
    case recording
    /// Dictated: spoken back in the speaker's own language, not translated.
    case dictation
}

/// What a journal record is.
public enum TurnKind: String, Sendable, Equatable, Codable {
    /// A completed turn.
    case turn
    /// A turn heard again: another reading (`:alt N`) or retyped words (`:retype`) replace
    /// the turn named by `replaces`.
    case correction
    /// The turn named by `replaces` was taken back (`:undo`).
    case retraction
}

/// One completed turn as the journal stores it.
public struct TurnRecord: Codable, Sendable, Equatable {
    /// The record's number in this conversation, from 1.
    public let turn: Int
    /// A turn, a correction or a retraction.
    public let kind: TurnKind
    /// The turn a correction or retraction replaces.
    public let replaces: Int?
    /// When the turn completed (ISO 8601).
    public let time: String
    /// Which side spoke: 1 or 2.
    public let side: Int
    /// How the words reached parley (stored as `typed`, `spoken`, `recording` or `dictation`).
    public let mode: TurnMode
    /// The speaker's and the listener's locales (stored as BCP 47 tags).
    public let from: LocaleTag
    public let to: LocaleTag
    /// What was heard or typed.
    public let heard: String
    /// Other readings the recognizer offered.
    public let alternatives: [String]
    /// The translation (the same text for dictation).
    public let translation: String
    /// Where each part of the translation came from.
    public let segments: [TranslationSegment]
    /// How the words were said (speaking rate, pauses, voice), for spoken turns and turns
    /// from a recording; absent for typed ones.
    public let speech: SpeechAnalytics?

    /// Record number `turn`: `translation` spoken by `side` (0 or 1) in `mode`, said as `speech` describes.
    public init(turn: Int, kind: TurnKind = .turn, replaces: Int? = nil, side: Int, mode: TurnMode,
                translation: Translation, alternatives: [String], speech: SpeechAnalytics? = nil, time: Date = Date()) {
        self.turn = turn
        self.kind = kind
        self.replaces = replaces
        self.time = Timestamp.iso8601(time)
        self.side = side + 1
        self.mode = mode
        from = translation.source
        to = translation.target
        heard = translation.sourceText
        self.alternatives = alternatives
        self.translation = translation.text
        segments = translation.segments
        self.speech = speech
    }

    /// A retraction of `record`, numbered `turn`: the same words, marked as taken back.
    public init(turn: Int, retracting record: TurnRecord, time: Date = Date()) {
        self.turn = turn
        kind = .retraction
        replaces = record.turn
        self.time = Timestamp.iso8601(time)
        side = record.side
        mode = record.mode
        from = record.from
        to = record.to
        heard = record.heard
        alternatives = record.alternatives
        translation = record.translation
        segments = record.segments
        speech = record.speech
    }
}
