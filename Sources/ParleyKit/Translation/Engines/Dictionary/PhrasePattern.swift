/// A phrasebook entry with slots: `how much do {X} cost	¿Cuánto cuestan {X}?`. The key
/// (the phrase side) matches a whole utterance whose words around the slots are the
/// key's literal words; each slot takes one or more words, translated on their own and
/// written into the template (the translation side) where it names the same slot.
///
/// A slot is a name in braces (`{X}`, `{PLACE}`). In a template, `{X|이/가}` writes the
/// slot followed by the first form when its last Korean syllable ends in a consonant and
/// the second otherwise (`역이`, `호텔이`… `바다가`); `{X|으로/로}` also takes `로` after `ㄹ`.
/// In a key, the same marker matches the slot followed by either form. Syntax in
/// `dictionaries/README.md`. `{X|el}` and `{X|un}` are Spanish's articles, agreed with the slot (`PatternTranslation`).
struct PhrasePattern: Sendable, Equatable {
    /// One piece of a key.
    enum Part: Sendable, Equatable {
        /// A literal word, normalised as phrase keys are.
        case word(String)
        /// A slot, the particle forms that may follow it (Korean keys), empty for none, and
        /// the word it may not begin with (`{X:to}`), nil for none.
        case slot(name: String, suffixes: [String], lead: String? = nil)
    }

    /// The key's pieces, in order.
    let parts: [Part]
    /// The translation as written, with its slots.
    let template: String
    /// Whether the key is written as a question (`¿Tiene {X}?`, read backwards): it takes
    /// only an utterance that asks (`tiene agua`, not `tiene que pagar`).
    let asks: Bool

    /// How many literal words the key has: of two patterns that match, the one with more wins.
    var literalCount: Int { parts.count { if case .word = $0 { true } else { false } } }

    /// Whether a side of an entry is a pattern rather than a phrase.
    static func isPattern(_ text: String) -> Bool {
        guard let open = text.firstIndex(of: "{") else { return false }
        return text[open...].contains("}")
    }

    /// The pattern of `key` → `template`; nil when the key has no literal word, no slot,
    /// two slots side by side (which words would be whose?) or a slot the template lacks.
    /// `language` writes out the key's contractions, as input's are (`i'm {X}` is `i am {X}`).
    init?(key: String, template: String, language: String?) {
        var parts: [Part] = []
        for token in key.split(whereSeparator: \.isWhitespace) {
            guard let slot = Self.slot(in: token) else {
                var words = PhraseText.words(String(token))
                if let language, SourceContractions.applies(to: language) {
                    words = SourceContractions.expand(words, language: language)
                }
                parts += words.map(Part.word)
                continue
            }
            // Text glued to the slot (`{X}이`) is a particle the slot's word carries.
            var suffixes = slot.forms
            if !slot.after.isEmpty { suffixes = [slot.after.lowercased()] }
            if !slot.before.isEmpty { parts += PhraseText.words(slot.before).map(Part.word) }
            if case .slot? = parts.last { return nil }
            parts.append(.slot(name: slot.name, suffixes: suffixes, lead: slot.lead))
        }
        let names = parts.compactMap { if case .slot(let name, _, _) = $0 { name } else { nil } }
        guard !names.isEmpty, parts.count > names.count,
              names.allSatisfy({ name in Self.slots(in: template).contains(name) }) else { return nil }
        self.parts = parts
        self.template = template
        let written = PhraseText.trimmed(key)
        asks = written.hasPrefix("¿") || written.hasSuffix("?")
    }

    /// The most words a slot takes: a longer run is a clause of its own (`i am from canada
    /// but i live in london`), which the engine says better than slot by slot.
    static let longestSlot = 5

    /// The words each slot takes when `words` (normalised, contractions written out) are
    /// the whole utterance, or nil. The first slot takes as few words as it can.
    func match(_ words: [String]) -> [String: Range<Int>]? {
        func match(_ part: Int, _ at: Int) -> [String: Range<Int>]? {
            guard part < parts.count else { return at == words.count ? [:] : nil }
            switch parts[part] {
            case .word(let word):
                guard at < words.count, words[at] == word else { return nil }
                return match(part + 1, at + 1)
            case .slot(let name, _, let lead):
                // `{X:to}` is a noun phrase or a verb without its `to`: `we would like to book…`
                // is not this pattern's (the engine says it better than slot-by-slot).
                guard at < words.count, words[at] != lead else { return nil }
                // A slot ending the key takes all the rest.
                let ends = part == parts.count - 1 ? [words.count] : Array((at + 1)..<words.count)
                for end in ends where end > at && end - at <= Self.longestSlot {
                    if var rest = match(part + 1, end) {
                        rest[name] = at..<end
                        return rest
                    }
                }
                return nil
            }
        }
        return match(0, 0)
    }

    /// The pattern matched against Korean (or another language whose recogniser spaces
    /// words its own way): the key's literal text and the utterance compared without
    /// spaces, a slot followed by one of its particle forms. Each slot's text keeps the
    /// utterance's own spaces.
    func matchIgnoringSpaces(_ words: [String]) -> [String: String]? {
        var characters: [Character] = []
        var spaceBefore: Set<Int> = []
        for word in words {
            if !characters.isEmpty { spaceBefore.insert(characters.count) }
            characters += Array(word)
        }
        func text(_ range: Range<Int>) -> String {
            var result = ""
            for index in range {
                if index != range.lowerBound, spaceBefore.contains(index) { result.append(" ") }
                result.append(characters[index])
            }
            return result
        }
        // Literal words between two slots are one run of characters.
        var pieces: [(literal: [Character]?, slot: (name: String, suffixes: [String])?)] = []
        for part in parts {
            switch part {
            case .word(let word):
                if let last = pieces.last, let literal = last.literal {
                    pieces[pieces.count - 1].literal = literal + Array(word)
                } else {
                    pieces.append((Array(word), nil))
                }
            case .slot(let name, let suffixes, _):
                pieces.append((nil, (name, suffixes)))
            }
        }
        func match(_ piece: Int, _ at: Int) -> [String: String]? {
            guard piece < pieces.count else { return at == characters.count ? [:] : nil }
            if let literal = pieces[piece].literal {
                guard at + literal.count <= characters.count,
                      Array(characters[at..<(at + literal.count)]) == literal else { return nil }
                return match(piece + 1, at + literal.count)
            }
            let (name, suffixes) = pieces[piece].slot!
            guard at < characters.count else { return nil }
            for end in (at + 1)...characters.count {
                for suffix in suffixes.isEmpty ? [""] : suffixes {
                    let after = Array(suffix)
                    guard end + after.count <= characters.count,
                          Array(characters[end..<(end + after.count)]) == after,
                          var rest = match(piece + 1, end + after.count) else { continue }
                    rest[name] = text(at..<end)
                    return rest
                }
            }
            return nil
        }
        return match(0, 0)
    }

    /// The slots of the key marked with an article (`{X|el}`, `{X|un}`), and the marker:
    /// their own article is the pattern's.
    var slotsWithArticle: [String: String] {
        var result: [String: String] = [:]
        for case .slot(let name, let forms, _) in parts where forms.count == 1 && !forms[0].contains("/") {
            result[name] = forms[0]
        }
        return result
    }

    /// The template with each slot's translation written in (and its particle chosen, past
    /// the particles of the target's `pack` a value already ends with).
    /// `infinitives` names the slots whose source opens with a verb in the infinitive: a
    /// `{X:to}` slot among them is written after its `to` (`nos gustaría reservar…` →
    /// `we would like to reserve…`).
    func filled(with translations: [String: String], infinitives: Set<String> = [], pack: LanguagePack? = nil) -> String {
        Self.fill(template, with: translations, infinitives: infinitives, slotParticles: pack?.list("slot-particles") ?? [])
    }

    /// `template` with each `{NAME}` (or `{NAME|이/가}`, `{NAME:to}`) replaced by the value
    /// of NAME (upper case), its Korean particle form chosen. A value that already ends with
    /// one of `slotParticles` (`역에서`) takes no particle from the template after it.
    static func fill(_ template: String, with translations: [String: String], infinitives: Set<String> = [],
                     slotParticles: [String] = []) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let inside = rest[rest.index(after: open)..<close]
            let (name, forms, lead) = nameAndForms(inside)
            let value = translations[name] ?? ""
            if let lead, infinitives.contains(name), !value.lowercased().hasPrefix(lead + " ") { result += lead + " " }
            result += value
            rest = rest[rest.index(after: close)...]
            if slotParticles.contains(where: { value.count > $0.count && value.hasSuffix($0) }) {
                if let written = slotParticles.first(where: rest.hasPrefix) { rest = rest.dropFirst(written.count) }
            } else if forms.count == 2 {
                result += KoreanSyllables.particle(after: value, forms[0], forms[1])
            }
        }
        return result + rest
    }

    /// The template cut at its slots: the text before the first slot, between slots and
    /// after the last, with the slot names in between (for the translation's segments).
    func templatePieces() -> (texts: [String], slots: [String]) {
        var texts: [String] = []
        var slots: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            texts.append(String(rest[..<open]))
            slots.append(Self.nameAndForms(rest[rest.index(after: open)..<close]).name)
            rest = rest[rest.index(after: close)...]
        }
        return (texts + [String(rest)], slots)
    }

    /// Each slot's marker forms in the template (`{X|el}` → `X`: [`el`]).
    func templateForms() -> [String: [String]] {
        var forms: [String: [String]] = [:]
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let (name, found, _) = Self.nameAndForms(rest[rest.index(after: open)..<close])
            forms[name] = found
            rest = rest[rest.index(after: close)...]
        }
        return forms
    }

    /// The slot names a text mentions.
    static func slots(in text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(nameAndForms(rest[rest.index(after: open)..<close]).name)
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// `X|이/가` → (`X`, [`이`, `가`], nil); `X:to` → (`X`, [], `to`); `X` → (`X`, [], nil).
    /// Names are compared in upper case.
    private static func nameAndForms(_ inside: Substring) -> (name: String, forms: [String], lead: String?) {
        var inside = inside
        var lead: String?
        if let colon = inside.firstIndex(of: ":") {
            lead = inside[inside.index(after: colon)...].trimmingCharacters(in: .whitespaces).lowercased()
            inside = inside[..<colon]
        }
        let fields = inside.split(separator: "|", maxSplits: 1)
        let name = String(fields.first ?? "").trimmingCharacters(in: .whitespaces).uppercased()
        guard fields.count == 2 else { return (name, [], lead) }
        return (name, fields[1].split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }, lead)
    }

    /// The slot in a key token (`{X}`, `{X}이`, `{X|이/가}`), with the text glued before and after it.
    private static func slot(in token: Substring)
        -> (name: String, forms: [String], lead: String?, before: String, after: String)? {
        guard let open = token.firstIndex(of: "{"), let close = token[open...].firstIndex(of: "}") else { return nil }
        let (name, forms, lead) = nameAndForms(token[token.index(after: open)..<close])
        guard !name.isEmpty else { return nil }
        let after = String(token[token.index(after: close)...]).filter { !PhraseText.edgePunctuation.contains($0) }
        let before = String(token[..<open]).filter { !PhraseText.edgePunctuation.contains($0) }
        return (name, forms, lead, before, after)
    }
}
