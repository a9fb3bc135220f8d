/// Text from outside parley (a dictionary, a recognizer, a typed line, a file name in an
/// error) made safe to show: control characters and bidirectional overrides can rename a
/// terminal, clear it, write its clipboard (`ESC ] 52`) or reorder what a reader sees. They
/// are shown visibly instead: ESC as `\e`, CR as `^M`, other C0 controls in caret notation,
/// DEL and the C1 controls and bidi overrides as U+FFFD. Every path that prints or saves
/// text goes through here.
public enum VisibleText {
    /// `text` with every control character and bidi override shown visibly; with
    /// `keepingLines`, newlines and tabs stay (parley's own multi-line output).
    public static func of(_ text: String, keepingLines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLines: keepingLines) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar, keepingLines: keepingLines) else {
                result.append(scalar)
                continue
            }
            switch scalar.value {
            case 0x1B: result.append(contentsOf: "\\e".unicodeScalars)
            case 0x00..<0x20: result.append(contentsOf: "^\(Character(Unicode.Scalar(scalar.value + 0x40)!))".unicodeScalars)
            default: result.append("\u{FFFD}")
            }
        }
        return String(result)
    }

    /// Whether `scalar` must not reach a terminal or a document as it is.
    static func needsEscape(_ scalar: Unicode.Scalar, keepingLines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: !keepingLines
        case 0x00..<0x20, 0x7F, 0x80..<0xA0: true
        // Bidi embeddings, overrides and isolates (LRE…RLO, LRI…PDI).
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
