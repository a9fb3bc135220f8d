import Foundation
/// Translates a whole utterance with a phrasebook pattern (`where is {X}` → `¿Dónde está
/// {X}?`): the best pattern of the highest layer that has one, each slot's words translated
/// by the caller's own translator as a fragment, and the template written around them.
/// Both translators use it right after their exact whole-utterance lookup, so an exact
/// entry always wins over a pattern.
enum PatternTranslation {
    /// A pattern that matched, with the source text each slot took.
    struct Match {
        let pattern: PhrasePattern
        let origin: TranslationOrigin
        /// Slot name → the slot's words as they were written.
        let slots: [String: String]
    }

    /// The pattern that matches the whole of `words` (normalised, contractions written out;
    /// `surface` one for one with them, as written): the user's patterns before the
    /// phrasebook's, then the one with the most literal words, then the first written.
    /// `ignoringSpaces` compares without spaces (Korean, as Vosk spaces it). A key written
    /// as a question takes only an utterance whose `mood` asks. `text` as written: one with
    /// a comma or a sentence mark inside (`I am from Canada, but…`) is more than one phrase,
    /// and no pattern takes it. `times`, the direction's clock times: a slot that is the
    /// rest of a time (`at {X}` of `at eight`) is not taken.
    static func bestMatch(_ words: [String], surface: [String], in tables: [(TranslationOrigin, PhraseTable)],
                          ignoringSpaces: Bool, mood: SentenceStyle.Mood = .question, text: String = "",
                          pack: LanguagePack = LanguagePack(language: ""), times: ClockTimes? = nil) -> Match? {
        guard words.count >= 2, !hasInnerPunctuation(text, pack: pack) else { return nil }
        let surface = surface.count == words.count ? surface : words
        for (origin, table) in tables where !table.patterns.isEmpty {
            var best: Match?
            for pattern in table.patterns where pattern.literalCount > best.map({ $0.pattern.literalCount }) ?? 0
                && (mood == .question || !pattern.asks) {
                if ignoringSpaces {
                    if let slots = pattern.matchIgnoringSpaces(words) {
                        best = Match(pattern: pattern, origin: origin, slots: slots)
                    }
                } else if let ranges = pattern.match(words),
                          ranges.allSatisfy({ opensAsMarked(words[$0.value], marker: pattern.slotsWithArticle[$0.key], pack: pack)
                              && !opensClause(words[$0.value], pack: pack)
                              && !isClockTime(words, slot: $0.value, times: times) }) {
                    best = Match(pattern: pattern, origin: origin,
                                 slots: ranges.mapValues { surface[$0].joined(separator: " ") })
                }
            }
            guard let best else { continue }
            // `i need a doctor now`: the phrasebook's `i need a doctor` says more than `i need {X}`.
            if !ignoringSpaces, leadingPhraseLength(words, in: tables) > best.pattern.literalCount { return nil }
            return best
        }
        return nil
    }

    /// Whether the word before a slot and the slot's words are a clock time (`at {X}` taking
    /// `eight`): the clock rule says it the target's way (`a las ocho`), which a slot
    /// translated alone (`en ocho`) cannot, so the pattern does not take it.
    static func isClockTime(_ words: [String], slot: Range<Int>, times: ClockTimes?) -> Bool {
        guard let times, slot.lowerBound > 0 else { return false }
        return times.translation(of: Array(words[(slot.lowerBound - 1)..<slot.upperBound]), at: 0)?.length == slot.count + 1
    }

    /// Whether a slot's words open with the language's complementizer (`que le haga una
    /// foto`): a clause, which a slot (a noun phrase or a verb) never is; the engine says
    /// `¿Quiere que le haga una foto?` whole.
    static func opensClause(_ words: ArraySlice<String>, pack: LanguagePack) -> Bool {
        words.first.map { pack.contains($0, in: "complementizer") } == true
    }

    /// Whether a slot's words fit its article marker when the pattern is read from the
    /// language that writes it (`¿Le duele {X|el}?` read backwards): they open with one of
    /// the marker's articles or a determiner of their own (`la cabeza`, `mi pie`), so a
    /// clause (`¿Le duele cuando respira?`) is not taken for a noun. Any words fit a slot
    /// without a marker, or a marker the language does not write.
    static func opensAsMarked(_ words: ArraySlice<String>, marker: String?, pack: LanguagePack) -> Bool {
        guard let marker, let forms = articleForms(marker, pack: pack), let first = words.first else { return true }
        return forms.contains(first) || pack.contains(first, in: "slot-determiners")
    }

    /// The most words a phrase of `tables` takes at the start of `words`, short of all of
    /// them, when it goes on into the rest (`Necesito un médico`); a phrase written as a
    /// sentence of its own (`how much are these` → `¿Cuánto cuestan estos?`) does not count.
    static func leadingPhraseLength(_ words: [String], in tables: [(TranslationOrigin, PhraseTable)]) -> Int {
        guard let first = words.first else { return 0 }
        let longest = tables.map { $0.1.longestPhrase(startingWith: first) }.max() ?? 1
        for length in stride(from: min(longest, words.count - 1), through: 2, by: -1) {
            guard let found = DictionaryTranslator.lookup(words[0..<length], in: tables) else { continue }
            return PhraseText.trimmed(found.target).last.map { ".?!".contains($0) } == true ? 0 : length
        }
        return 0
    }

    /// The translation of `text` by `match`: `fragment` translates each slot's words with
    /// the translator the pattern belongs to. The template's own punctuation stands; a
    /// template without an end mark gets `mood`'s. Nil when a slot's translation is empty
    /// (a Korean particle heard on its own): the utterance is translated without the pattern.
    static func translate(_ text: String, match: Match, source: LocaleTag, target: LocaleTag,
                          mood: SentenceStyle.Mood, rules: TranslationRules,
                          fragment: (String) throws -> Translation) throws -> Translation? {
        var plain: [String: String] = [:]
        var marked: [String: String] = [:]
        var slotSegments: [String: [TranslationSegment]] = [:]
        var infinitives: Set<String> = []
        let forms = match.pattern.templateForms()
        for (name, said) in match.slots {
            var words = said
            // `soy alérgico al marisco` → `i am allergic to {X}`: the article is the pattern's.
            // A slot the translation opens with is its subject, and keeps it (`the wifi does not work`).
            if let marker = match.pattern.slotsWithArticle[name], !match.pattern.template.hasPrefix("{"),
               let forms = articleForms(marker, pack: rules.sourcePack) {
                let split = words.split(separator: " ", maxSplits: 1).map(String.init)
                if split.count == 2, forms.contains(split[0].lowercased()) { words = split[1] }
            }
            if match.pattern.template.contains(":"), let first = PhraseText.words(words).first,
               opensWithInfinitive(first, pack: rules.sourcePack, morphology: rules.morphology) {
                infinitives.insert(name)
            }
            let translation = try fragment(words)
            guard !fragmentText(translation, marking: false).isEmpty else { return nil }
            plain[name] = fragmentText(translation, marking: false)
            marked[name] = fragmentText(translation, marking: true)
            slotSegments[name] = translation.segments
            if let marker = forms[name], marker.count == 1, articleForms(marker[0], pack: rules.targetPack) != nil,
               let article = article(marker[0], for: plain[name] ?? "", source: words, pack: rules.targetPack,
                                     articles: rules.articles) {
                plain[name] = article + " " + (plain[name] ?? "")
                marked[name] = article + " " + (marked[name] ?? "")
            }
        }
        let sourceWords = PhraseText.words(text)
        func styled(_ slots: [String: String]) -> String {
            var filled = TargetOrthography.apply(toText: match.pattern.filled(with: slots, infinitives: infinitives, pack: rules.targetPack),
                                                 language: target.language)
            let facts = SentenceFacts(sourceWords: sourceWords, asks: mood == .question)
            filled = rules.apply(.filledTemplate, to: filled, facts: facts)
            filled = rules.apply(.sentence, to: filled, facts: facts)
            return SentenceStyle.sentence(filled, mood: mood, pack: rules.targetPack)
        }
        // The template's words are the pattern's; the slots' are whoever translated them.
        let (texts, order) = match.pattern.templatePieces()
        let literal = match.pattern.parts.compactMap { if case .word(let word) = $0 { word } else { nil } }
        var segments: [TranslationSegment] = []
        for (index, piece) in texts.enumerated() {
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            // A mark alone (`?`) is the sentence's, not a piece of translation.
            if trimmed.contains(where: { $0.isLetter || $0.isNumber }) {
                segments.append(TranslationSegment(source: index == 0 ? literal.joined(separator: " ") : "",
                                                   target: trimmed, origin: match.origin))
            }
            if index < order.count { segments += slotSegments[order[index]] ?? [] }
        }
        let shown = styled(marked)
        return Translation(sourceText: text, source: source, target: target, text: styled(plain),
                           markedText: shown, segments: segments)
    }

    /// The forms of the article a slot is marked with (`el` → `el la los las`, `un` → `un una
    /// unos unas`): the row of the language's `agreement.tsv` that `marker` opens; nil when
    /// the marker is no article there.
    static func articleForms(_ marker: String, pack: LanguagePack) -> [String]? {
        pack.table("agreement").first { $0.first == marker }
    }

    /// The article a `{X|el}` or `{X|un}` slot takes before `translation` (of `source`):
    /// Spanish agrees it with the noun (`la penicilina`, `una buena tarde`); nil when the slot
    /// has a determiner of its own (`mi maleta`: the pack's `slot-determiners.txt`) or the
    /// language's pack has no `article-agreement`.
    static func article(_ marker: String, for translation: String, source: String, pack: LanguagePack,
                        articles: SpanishArticles?) -> String? {
        // The direction's agreement rules, which the target's orthography applies too.
        guard let articles,
              let first = translation.split(separator: " ").first?.lowercased(),
              !pack.contains(first, in: "slot-determiners") else { return nil }
        // Only the article's written form and the noun's source are read.
        let agreed = articles.agreeing([
            TranslationSegment(source: "", target: marker, origin: .phrasebook),
            TranslationSegment(source: source, target: translation, origin: .engine),
        ], readingAnyWord: true)
        return agreed[0].target
    }

    /// Whether `word` is a verb in the infinitive, as the analyser of `morphology` reads it
    /// (an infinitive is its own base form: `reservar`); false where there is no analyser.
    static func opensWithInfinitive(_ word: String, pack: LanguagePack, morphology: any Morphology) -> Bool {
        guard let analyser = morphology.analyser(for: pack.language) else { return false }
        func isInfinitive(_ form: String) -> Bool { analyser.readings(of: form).contains { $0.partOfSpeech == "vblex" && $0.base == form } }
        if isInfinitive(word) { return true }
        // With its pronouns attached (`sentarnos`, `verte`, `probárselo`): the infinitive
        // before them, its written accent taken off.
        let clitics = pack.words("clitics")
        var rest = word
        while let clitic = clitics.filter({ rest.hasSuffix($0) && rest.count > $0.count + 2 }).max(by: { $0.count < $1.count }) {
            rest = String(rest.dropLast(clitic.count))
            let plain = rest.folding(options: .diacriticInsensitive, locale: nil)
            if isInfinitive(rest) || isInfinitive(plain) { return true }
        }
        return false
    }

    /// A slot's translation as it stands inside the template: the text its translator
    /// wrote as an utterance (`, por favor` and all), without the end mark, and with a small
    /// first letter unless its first word is a name.
    static func fragmentText(_ translation: Translation, marking: Bool) -> String {
        var text = Substring(marking ? translation.markedText : translation.text)
        while let last = text.last, ".?!…,;".contains(last) || last.isWhitespace { text = text.dropLast() }
        while let first = text.first, PhraseText.openingMarks.contains(first) || first.isWhitespace { text = text.dropFirst() }
        // The segments keep a name's capital (`Madrid`) and nothing else's.
        guard let first = translation.segments.first(where: { !$0.target.isEmpty }) else { return String(text) }
        let word = [.engine, .passthrough, .number].contains(first.origin) ? first.target : SentenceStyle.embedded(first.target)
        guard word.first(where: \.isLetter)?.isLowercase == true,
              let index = text.firstIndex(where: \.isLetter) else { return String(text) }
        return text[..<index] + text[index].lowercased() + text[text.index(after: index)...]
    }

    /// Whether `text` has a comma, semicolon or sentence mark before its last word, other
    /// than the comma before a closing `please` (`the menu, please`: `ProtectedSpans.closers`).
    static func hasInnerPunctuation(_ text: String, pack: LanguagePack = LanguagePack(language: "")) -> Bool {
        let tokens = text.split(whereSeparator: \.isWhitespace)
        return tokens.indices.dropLast().contains { index in
            guard let last = tokens[index].last(where: { !"\"'”’)»".contains($0) }), ",;:.?!…".contains(last) else { return false }
            let rest = tokens[(index + 1)...].flatMap { PhraseText.words(String($0)) }
            let closers = pack.words("closers")
            return !(last == "," && rest.allSatisfy { closers.contains($0) })
        }
    }
}
