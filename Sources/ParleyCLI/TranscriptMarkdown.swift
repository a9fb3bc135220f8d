import ParleyKit

/// A saved conversation as Markdown, one section per turn.
enum TranscriptMarkdown {
    static func render(_ records: [TurnRecord]) -> String {
        var text = "# parley conversation\n\n"
        for (index, record) in records.enumerated() {
            text += "## \(index + 1). Side \(record.side), \(record.from) → \(record.to) (\(record.mode), \(record.time))\n\n"
            text += "- Heard: \(record.heard)\n"
            if record.alternatives.count > 1 {
                text += "- Alternatives: \(record.alternatives.dropFirst().joined(separator: " | "))\n"
            }
            text += "- Translation: \(record.translation)\n"
            if let speech = record.speech { text += "- Said: \(said(speech))\n" }
            let origins = Set(record.segments.map(\.origin.rawValue)).sorted()
            text += "- From: \(origins.joined(separator: ", "))\n\n"
        }
        return text
    }

    /// `142 words/min, 0.12 s between words, pitch 118 Hz, jitter 0.9%, shimmer 14.3%, 96% voiced`.
    static func said(_ speech: SpeechAnalytics) -> String {
        var parts = ["\(format(speech.speakingRate)) words/min", "\(format(speech.averagePause)) s between words"]
        if let voice = speech.voice {
            if let pitch = voice.pitch { parts.append("pitch \(format(pitch)) Hz") }
            if let jitter = voice.jitter { parts.append("jitter \(format(jitter))%") }
            if let shimmer = voice.shimmer { parts.append("shimmer \(format(shimmer))%") }
            parts.append("\(Int((voice.voicing * 100).rounded()))% voiced")
        }
        return parts.joined(separator: ", ")
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
