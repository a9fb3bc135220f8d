import Foundation

/// What a subtitle shows of each segment.
public enum SubtitleContent: String, Sendable, Equatable, CaseIterable {
    /// The words as heard.
    case original
    /// The translation (the default: subtitles are for those who do not speak the language).
    case translation
    /// The words as heard, with the translation on the line under them.
    case both
}

/// A subtitle file's format.
public enum SubtitleFormat: String, Sendable, Equatable, CaseIterable {
    /// SubRip: numbered cues, `00:01:02,345 --> 00:01:04,000`, a blank line after each.
    case srt
    /// WebVTT: a `WEBVTT` header, then cues timed `00:01:02.345 --> 00:01:04.000`.
    case vtt
}

/// One subtitle: when it is shown and its lines.
public struct SubtitleCue: Sendable, Equatable {
    /// Seconds from the start of the recording.
    public let start: Double
    public let end: Double
    /// The lines shown (at least one, none empty).
    public let lines: [String]

    /// A cue of `lines` from `start` to `end`.
    public init(start: Double, end: Double, lines: [String]) {
        self.start = start
        self.end = end
        self.lines = lines
    }

    /// The cue of `segment` showing `content`; nil when it has nothing to show (a segment
    /// whose translation failed, in a translation-only file). Timed by the segment's words.
    public static func of(_ segment: InterpretedSegment, showing content: SubtitleContent) -> SubtitleCue? {
        let original = segment.heard.text
        let translated = segment.translation?.text
        let shown: [String?] = switch content {
        case .original: [original]
        case .translation: [translated]
        case .both: [original, translated]
        }
        // A line break or a blank line inside a cue's text would end it early in a player.
        let lines = shown.compactMap { $0 }
            .flatMap { $0.split(whereSeparator: \.isNewline) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard !lines.isEmpty else { return nil }
        return SubtitleCue(start: segment.heard.start, end: segment.heard.end, lines: lines)
    }
}

/// Writes subtitle cues as SRT or WebVTT text.
public enum SubtitleWriter {
    /// The shortest time a cue is shown, in seconds: a one-word cue of a tenth of a second
    /// flickers past unread. Lengthened only into the silence before the next cue.
    public static let shortestCue = 0.5

    /// `cues` (in order) as a whole file in `format`: numbered from 1, each cue at least
    /// `shortestCue` long where the next one leaves room, never overlapping the next.
    public static func text(_ cues: [SubtitleCue], format: SubtitleFormat) -> String {
        var text = format == .vtt ? "WEBVTT\n\n" : ""
        for (index, cue) in cues.enumerated() {
            let next = index + 1 < cues.count ? cues[index + 1].start : Double.infinity
            let start = max(0, cue.start)
            // Never into the next cue; never before its own start (a player drops such a cue).
            let end = max(start + 0.001, min(max(cue.end, start + shortestCue), next))
            text += "\(index + 1)\n"
            text += "\(timestamp(start, format: format)) --> \(timestamp(end, format: format))\n"
            text += cue.lines.map { format == .vtt ? escapedForVTT($0) : $0 }.joined(separator: "\n") + "\n\n"
        }
        return text
    }

    /// `seconds` as `HH:MM:SS,mmm` (SRT) or `HH:MM:SS.mmm` (VTT).
    public static func timestamp(_ seconds: Double, format: SubtitleFormat) -> String {
        let milliseconds = Int((max(0, seconds) * 1000).rounded())
        let (hours, rest) = milliseconds.quotientAndRemainder(dividingBy: 3_600_000)
        let (minutes, rest2) = rest.quotientAndRemainder(dividingBy: 60_000)
        let (whole, millis) = rest2.quotientAndRemainder(dividingBy: 1000)
        return String(format: "%02d:%02d:%02d", hours, minutes, whole) + (format == .srt ? "," : ".")
            + String(format: "%03d", millis)
    }

    /// VTT reads `<` and `&` as markup, and `-->` inside a line as a timing line.
    static func escapedForVTT(_ line: String) -> String {
        line.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
