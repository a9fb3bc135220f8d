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
            let origins = Set(record.segments.map(\.origin.rawValue)).sorted()
            text += "- From: \(origins.joined(separator: ", "))\n\n"
        }
        return text
    }
}
