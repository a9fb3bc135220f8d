/// Python's string semantics, for code ported from Python that must agree with it character for
/// character. Python's `str` is a sequence of scalars, so everything here works on scalars, never
/// on Swift's grapheme clusters (where "\"" followed by a combining mark is one Character). Its
/// whitespace (`str.strip()`, the `\s` of `re`) is `str.isspace()`, wider than Unicode's
/// White_Space: it takes the separators U+001C–U+001F.
enum PythonText {
    /// Whether Python's `str.isspace()` is true for `scalar` (CPython 3.11, Unicode 14:
    /// bidirectional class WS, B or S, or general category Zs).
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x1C...0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            true
        default:
            false
        }
    }

    /// Whether Python's `re` counts `scalar` as `\d` in a str pattern: a decimal digit of any
    /// script (Numeric_Type=Decimal, i.e. general category Nd). Swift's Unicode tables may be a
    /// version newer than Python's; they differ only on digits of scripts added since.
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.numericType == .decimal
    }

    /// `text.strip()`: without the Python whitespace at both ends.
    static func strip(_ text: some BidirectionalCollection<Unicode.Scalar>) -> String {
        var scalars = String.UnicodeScalarView()
        guard let first = text.firstIndex(where: { !isSpace($0) }),
              let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        scalars.append(contentsOf: text[first...last])
        return String(scalars)
    }

    /// `text.lstrip()`: without the Python whitespace at the start.
    static func stripStart(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.drop(while: isSpace)))
    }

    /// `text.rstrip()`: without the Python whitespace at the end.
    static func stripEnd(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(String.UnicodeScalarView(scalars[...last]))
    }

    /// Python's `str.replace`: every occurrence, left to right, without overlaps.
    static func replacingAll(_ pattern: [Unicode.Scalar], with replacement: [Unicode.Scalar],
                             in text: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        var index = 0
        while index < text.count {
            if text[index...].starts(with: pattern) {
                result += replacement
                index += pattern.count
            } else {
                result.append(text[index])
                index += 1
            }
        }
        return result
    }
}

/// A piece's text compared the way Python compares `str`: scalar for scalar. Swift's `String`
/// equality is canonical equivalence ("é" == "e\u{301}"), under which two different pieces of a
/// vocabulary would become one key and a piece could find another's id.
struct ExactText: Hashable, Sendable {
    /// The text itself.
    let text: String

    /// `text`, to be compared scalar for scalar.
    init(_ text: String) {
        self.text = text
    }

    static func == (left: ExactText, right: ExactText) -> Bool {
        left.text.utf8.elementsEqual(right.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
