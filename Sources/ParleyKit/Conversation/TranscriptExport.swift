import Foundation

/// A conversation's turns saved by a person (`:save FILE.md|FILE.json`): Markdown to read,
/// or JSON (the journal's records) for other programs.
public enum TranscriptExport {
    /// Writes `turns` to `url` (mode 0600, replacing it at once), in the format its extension
    /// names: `.md`/`.markdown` or `.json`. Throws an `.invalidInput` error for another extension.
    public static func write(_ turns: [TurnRecord], to url: URL) throws {
        try requireFolder(of: url)
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
        try AtomicFile.write(data, to: url, permissions: 0o600, stage: .conversation, what: "the conversation")
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
            if let speech = record.speech { text += "- Said: \(said(speech))\n" }
            let origins = Set(record.segments.map(\.origin.rawValue)).sorted()
            text += "- From: \(origins.joined(separator: ", "))\n\n"
        }
        return text
    }

    /// `:save` into a folder that does not exist is refused, naming it, rather than the
    /// folder being made (as root, anywhere) without anyone asking for it.
    static func requireFolder(of url: URL) throws {
        let folder = url.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else {
            throw ParleyError(.conversation, .unwritable,
                "Not saved: the folder \(folder.path) does not exist. Create it first (mkdir -p \(folder.path)) "
                + "or save into a folder that exists.")
        }
        guard isFolder.boolValue else {
            throw ParleyError(.conversation, .unwritable, "Not saved: \(folder.path) is a file, not a folder.")
        }
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
