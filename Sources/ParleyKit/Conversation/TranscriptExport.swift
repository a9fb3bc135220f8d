import Foundation

/// A conversation's turns saved by a person (`:save FILE.md|FILE.json`): Markdown to read,
/// or JSON (the journal's records) for other programs.
public enum TranscriptExport {
    /// Writes `turns` to `url` (mode 0600, replacing it at once), in the format its extension
    /// names: `.md`/`.markdown` or `.json`. Throws an `.invalidInput` error for another extension.
    public static func write(_ turns: [TurnRecord], to url: URL) throws {
        let data: Data
        switch url.pathExtension.lowercased() {
        case "json":
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            data = try encoder.encode(turns)
        case "md", "markdown":
            data = Data(markdown(turns).utf8)
        default:
            throw ParleyError(.conversation, .invalidInput, "Save as .md (Markdown) or .json: \(url.lastPathComponent) has neither.")
        }
        try AtomicFile.write(data, to: url, permissions: 0o600, stage: .conversation)
    }

    /// `records` as Markdown, one section per turn.
    public static func markdown(_ records: [TurnRecord]) -> String {
        var text = "# parley conversation\n\n"
        for (index, record) in records.enumerated() {
            text += "## \(index + 1). Side \(record.side), \(record.from) → \(record.to) (\(record.mode), \(record.time))\n\n"
            text += "- Heard: \(inline(record.heard))\n"
            if record.alternatives.count > 1 {
                text += "- Alternatives: \(record.alternatives.dropFirst().map(inline).joined(separator: " | "))\n"
            }
            text += "- Translation: \(inline(record.translation))\n"
            let origins = Set(record.segments.map(\.origin.rawValue)).sorted()
            text += "- From: \(origins.joined(separator: ", "))\n\n"
        }
        return text
    }

    /// What was said, as inline Markdown text: line breaks and other controls shown visibly
    /// (a CR in a turn could start a forged `## 9.` section), and Markdown's and HTML's
    /// marks escaped (raw `<script>` or `[link](…)` is shown, not interpreted).
    static func inline(_ said: String) -> String {
        var result = ""
        for character in VisibleText.of(said) {
            if "\\`*_[]<>&#|!".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
