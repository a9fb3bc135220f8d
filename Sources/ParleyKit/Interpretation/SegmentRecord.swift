import Foundation

/// One interpreted segment as the journal stores it (`"kind": "segment"`), beside a
/// conversation's turns: what was heard, when in the stream, why it ended, and its
/// translation with where each part came from.
public struct SegmentRecord: Codable, Sendable, Equatable {
    /// The record's number in the journal, from 1.
    public let turn: Int
    /// Always `segment`.
    public let kind: String
    /// The segment's number in its interpretation, from 1.
    public let segment: Int
    /// When the segment was translated (ISO 8601).
    public let time: String
    /// Seconds from the start of listening (or of the recording) to its first word's start
    /// and its last word's end.
    public let start: Double
    public let end: Double
    /// Why it ended (`pause`, `clause`, `limit`, `recognizer`, `voice`, `end`).
    public let cut: SegmentCut
    /// The speaker's and the listener's locales.
    public let from: LocaleTag
    public let to: LocaleTag
    /// What was heard.
    public let heard: String
    /// The translation; absent when it failed.
    public let translation: String?
    /// Where each part of the translation came from.
    public let segments: [TranslationSegment]

    /// Record `turn` of `heard`, translated from `source` to `target` as `translation`.
    public init(turn: Int, heard: HeardSegment, source: LocaleTag, target: LocaleTag, translation: Translation?,
                time: Date = Date()) {
        self.turn = turn
        kind = "segment"
        segment = heard.number
        self.time = Timestamp.iso8601(time)
        // Milliseconds are what the words' times carry: no float noise in the file.
        start = (heard.start * 1000).rounded() / 1000
        end = (heard.end * 1000).rounded() / 1000
        cut = heard.cut
        from = source
        to = target
        self.heard = heard.text
        self.translation = translation?.text
        segments = translation?.segments ?? []
    }
}

extension TranscriptJournal {
    /// Appends an interpreted segment and flushes it to disk, as a turn is.
    public func append(_ record: SegmentRecord) throws {
        try append(encoded: record, named: "segment \(record.segment)")
    }
}
