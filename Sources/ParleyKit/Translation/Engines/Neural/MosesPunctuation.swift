/// sacremoses' `MosesPunctNormalizer(lang).normalize(text)` (sacremoses 0.2.0, a port of Moses'
/// normalize-punctuation.perl) with the options transformers' MarianTokenizer builds it with:
/// only the language, so `penn`, `norm_quote_commas` and `norm_numbers` on and
/// `pre_replace_unicode_punct`, `post_remove_control_chars` and `perl_parity` off. Opus-MT's
/// training data went through this script, so text normalised the same way looks like what the
/// model learnt from (curly quotes become straight ones, French spacing goes, "…" becomes "...").
///
/// Every substitution runs in sacremoses' order, each over the whole text as Python's `re.sub`
/// does: leftmost match first, scanning on after the end of each match. The text is handled
/// as Unicode scalars, as Python's `str` is, so a combining mark never hides a quote from a rule.
struct MosesPunctuation: Sendable {
    /// The language the rules were chosen for, as given (`nil` as transformers passes when the
    /// tokenizer has no `source_lang`).
    let language: String?
    /// The substitutions, in the order they run.
    private let rules: [Rule]

    /// The normaliser for `language`, a bare code as sacremoses compares it: "en" moves quotes
    /// after commas and full stops, "de", "es" and "fr" the other way; "de", "es", "cz", "cs" and
    /// "fr" read a digit–no-break space–digit as a thousands separator (","), every other
    /// language (and `nil`) as a decimal point (".").
    init(language: String?) {
        self.language = language
        var rules = Self.extraWhitespace + Self.penn + Self.unicode + Self.frenchQuotes + Self.pseudoSpaces
        switch language {
        case "en": rules += Self.englishQuotesBeforeCommas
        case "de", "es", "fr": rules += Self.quotesAfterCommas
        default: break
        }
        let separator: Unicode.Scalar = ["de", "es", "cz", "cs", "fr"].contains(language) ? "," : "."
        rules.append(Rule { text, at in
            // (\d)\u00A0(\d) → \1,\2 or \1.\2
            guard at + 2 < text.count, PythonText.isDigit(text[at]), text[at + 1] == "\u{A0}",
                  PythonText.isDigit(text[at + 2]) else { return nil }
            return (at + 3, [text[at], separator, text[at + 2]])
        })
        self.rules = rules
    }

    /// `text` normalised, then stripped of Python whitespace at both ends (`str.strip()`).
    func normalize(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        for rule in rules {
            scalars = rule.apply(to: scalars)
        }
        return PythonText.strip(scalars)
    }

    /// One `re.sub(pattern, replacement, text)`. `match` answers, for a start position, where
    /// the pattern's leftmost match there ends and what replaces it, or nil when it does not
    /// match there. No pattern here can match the empty string.
    private struct Rule: Sendable {
        let match: @Sendable (_ text: [Unicode.Scalar], _ at: Int) -> (end: Int, replacement: [Unicode.Scalar])?

        /// A rule that matches as `match` says.
        init(_ match: @escaping @Sendable (_ text: [Unicode.Scalar], _ at: Int) -> (end: Int, replacement: [Unicode.Scalar])?) {
            self.match = match
        }

        /// A plain string pattern.
        init(_ pattern: String, _ replacement: String) {
            let pattern = Array(pattern.unicodeScalars), replacement = Array(replacement.unicodeScalars)
            self.init { text, at in
                guard text.count - at >= pattern.count,
                      text[at..<at + pattern.count].elementsEqual(pattern) else { return nil }
                return (at + pattern.count, replacement)
            }
        }

        /// `re.sub` of this rule over `text`.
        func apply(to text: [Unicode.Scalar]) -> [Unicode.Scalar] {
            var result: [Unicode.Scalar] = []
            result.reserveCapacity(text.count)
            var index = 0
            while index < text.count {
                if let found = match(text, index) {
                    result += found.replacement
                    index = found.end
                } else {
                    result.append(text[index])
                    index += 1
                }
            }
            return result
        }
    }

    /// ` +` → " ": a run of U+0020 (only that space) becomes one.
    private static let collapseSpaces = Rule { text, at in
        guard text[at] == " " else { return nil }
        var end = at + 1
        while end < text.count, text[end] == " " { end += 1 }
        return (end, [" "])
    }

    /// `([a-zA-Z])<quote>([a-zA-Z])` → `\1'\2`: an apostrophe between ASCII letters.
    private static func apostrophe(_ quote: Unicode.Scalar) -> Rule {
        Rule { text, at in
            guard at + 2 < text.count, isASCIILetter(text[at]), text[at + 1] == quote,
                  isASCIILetter(text[at + 2]) else { return nil }
            return (at + 3, [text[at], "'", text[at + 2]])
        }
    }

    /// `[a-zA-Z]`: ASCII letters only, as the pattern says.
    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    // EXTRA_WHITESPACE (normalize-punctuation.perl lines 21–30).
    private static let extraWhitespace: [Rule] = [
        Rule("\r", ""), Rule("(", " ("), Rule(")", ") "), collapseSpaces,
        Rule { text, at in
            // \) ([.!:?;,]) → )\1
            guard at + 2 < text.count, text[at] == ")", text[at + 1] == " ",
                  ".!:?;,".unicodeScalars.contains(text[at + 2]) else { return nil }
            return (at + 3, [")", text[at + 2]])
        },
        Rule("( ", "("), Rule(" )", ")"),
        Rule { text, at in
            // (\d) % → \1%
            guard at + 2 < text.count, PythonText.isDigit(text[at]), text[at + 1] == " ",
                  text[at + 2] == "%" else { return nil }
            return (at + 3, [text[at], "%"])
        },
        Rule(" :", ":"), Rule(" ;", ";"),
    ]

    // NORMALIZE_UNICODE_IF_NOT_PENN, which sacremoses adds when `penn` is true (lines 33–34).
    private static let penn: [Rule] = [Rule("`", "'"), Rule("''", " \" ")]

    // NORMALIZE_UNICODE (lines 37–50).
    private static let unicode: [Rule] = [
        Rule("\u{201E}", "\""), Rule("\u{201C}", "\""), Rule("\u{201D}", "\""), Rule("\u{2013}", "-"),
        Rule("\u{2014}", " - "), collapseSpaces, Rule("\u{B4}", "'"),
        apostrophe("\u{2018}"), apostrophe("\u{2019}"),
        Rule("\u{2018}", "'"), Rule("\u{201A}", "'"), Rule("\u{2019}", "'"), Rule("''", "\""),
        Rule("\u{B4}\u{B4}", "\""), Rule("\u{2026}", "..."),
    ]

    // FRENCH_QUOTES (lines 52–57), with their no-break spaces.
    private static let frenchQuotes: [Rule] = [
        Rule("\u{A0}\u{AB}\u{A0}", "\""), Rule("\u{AB}\u{A0}", "\""), Rule("\u{AB}", "\""),
        Rule("\u{A0}\u{BB}\u{A0}", "\""), Rule("\u{A0}\u{BB}", "\""), Rule("\u{BB}", "\""),
    ]

    // HANDLE_PSEUDO_SPACES (lines 59–67).
    private static let pseudoSpaces: [Rule] = [
        Rule("\u{A0}%", "%"), Rule("n\u{BA}\u{A0}", "n\u{BA} "), Rule("\u{A0}:", ":"),
        Rule("\u{A0}\u{BA}C", " \u{BA}C"), Rule("\u{A0}cm", " cm"), Rule("\u{A0}?", "?"),
        Rule("\u{A0}!", "!"), Rule("\u{A0};", ";"), Rule(",\u{A0}", ", "), collapseSpaces,
    ]

    // EN_QUOTATION_FOLLOWED_BY_COMMA: "([,.]+) → \1"
    private static let englishQuotesBeforeCommas: [Rule] = [
        Rule { text, at in
            guard text[at] == "\"" else { return nil }
            var end = at + 1
            while end < text.count, text[end] == "," || text[end] == "." { end += 1 }
            guard end > at + 1 else { return nil }
            return (end, Array(text[at + 1..<end]) + ["\""])
        },
    ]

    // DE_ES_FR_QUOTATION_FOLLOWED_BY_COMMA: ," → ", and (\.+)"(\s*[^<]) → "\1\2, which leaves a
    // full stop before a quote that ends the text or comes right before a tag.
    private static let quotesAfterCommas: [Rule] = [
        Rule(",\"", "\","),
        Rule { text, at in
            var quote = at
            while quote < text.count, text[quote] == "." { quote += 1 }
            guard quote > at, quote < text.count, text[quote] == "\"" else { return nil }
            var spaceEnd = quote + 1
            while spaceEnd < text.count, PythonText.isSpace(text[spaceEnd]) { spaceEnd += 1 }
            let end: Int
            if spaceEnd < text.count, text[spaceEnd] != "<" {
                end = spaceEnd + 1           // \s* takes every space, [^<] the next character
            } else if spaceEnd > quote + 1 {
                end = spaceEnd               // backtracking: [^<] takes the last space
            } else {
                return nil
            }
            return (end, ["\""] + text[at..<quote] + text[(quote + 1)..<end])
        },
    ]
}
