/// Words from outside (a typed or piped line, a JSON string, a recognizer) made fit to
/// translate. A control character (NUL, ESC, BEL, DEL, C1) is no word: inside a line it
/// once cut Apertium's text short (`hel\0lo world` gave a segment whose source was empty,
/// and the journal kept it) or leaked its markers (`hel\u{1}*lo`). Each becomes a space, as
/// a tab or a line break does; the text is otherwise as given.
public enum InputText {
    /// `text` with every control character as a space.
    public static func cleaned(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? " " : $0 }))
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }
}
