import Foundation

/// Translates with the dictionary layers, matching the way speech arrives: the whole
/// utterance first, then the longest phrase at each position, then single words, then
/// the base form of an inflected word (`tickets` → `ticket`). Contractions are written
/// out first (`I'm` → `i am`, `del` → `de el`). Numbers are carried over; unknown words are kept
/// as they were written (a name keeps its capital) and marked as passed through.
public struct DictionaryTranslator: Translating {
    public let name = "dictionary"
    /// The dictionaries translated from.
    public let library: DictionaryLibrary
    /// The library's language packs.
    public var packs: LanguagePacks { library.packs }
    /// The translation rules of each direction, built on its first sentence.
    private let rules: TranslationRules.Cache

    /// A translator over `library`, whose morphology its rules ask about words.
    public init(library: DictionaryLibrary) {
        self.library = library
        rules = TranslationRules.Cache(morphology: library.morphology, packs: library.packs)
    }

    /// Weighs the words each side's dictionaries know, besides letters and common words.
    public func isClearly(_ listener: LocaleTag, not speaker: LocaleTag, text: String) -> Bool {
        library.isClearly(listener, not: speaker, text: text)
    }

    /// Cheap: it lists the layers' folders and loads no table (it is asked at start-up).
    public func engine(from source: LocaleTag, to target: LocaleTag) -> String? {
        library.availablePairs()[LanguagePair(source, target)] == nil ? nil : name
    }

    public func translate(_ text: String, from source: LocaleTag, to target: LocaleTag) throws -> Translation {
        let pair = LanguagePair(source, target)
        let tables = library.tables(for: pair)
        guard !tables.isEmpty else { throw missingPair(pair) }
        // Each sentence on its own (`I think I am lost. Could you help me?`): a sentence's
        // frame, mood and word order are its own. A whole entry of several sentences still wins.
        let sentences = ApertiumSentence.sentences(text)
        if sentences.count > 1, Self.lookup(PhraseText.words(text)[...], in: tables) == nil {
            let parts = try sentences.map { try translate($0, from: source, to: target) }
            func joined(_ texts: [String]) -> String {
                zip(sentences, texts).map { SentenceStyle.keepingEnd(of: $0, $1) }.filter { !$0.isEmpty }.joined(separator: " ")
            }
            return Translation(sourceText: text, source: source, target: target,
                               text: joined(parts.map(\.text)), markedText: joined(parts.map(\.markedText)),
                               segments: parts.flatMap(\.segments))
        }
        var words = PhraseText.words(text)
        var surface = PhraseText.surfaceWords(text)
        if surface.count != words.count { surface = words }
        // The direction's rules, packs, morphology and forms, built on its first sentence.
        let direction = rules.rules(from: source, to: target)
        let mood = SentenceStyle.mood(of: text, words: words, pack: direction.sourcePack)
        (words, surface) = SourceContractions.expand(words, surface: surface, language: source.language)
        let loose = Self.spacesAreLoose(pack: direction.sourcePack)

        if let whole = Self.lookup(words[...], in: tables, joiningWithoutSpaces: loose) {
            // A derived direction's whole phrase is an English key, written in lower case:
            // its `i` needs its capital too.
            let segment = TargetOrthography.apply(to: [TranslationSegment(source: words.joined(separator: " "),
                target: whole.target, origin: whole.origin)], language: target.language,
                articles: direction.articles)[0]
            // An exact match keeps its own marks; without them the translation's own words
            // say its mood (the source's opening words may mislead: `have a nice day`).
            let ownMood = SentenceStyle.markedMood(of: text)
                ?? SentenceStyle.mood(of: segment.target, pack: direction.targetPack)
            let styled = SentenceStyle.sentence(segment.target, mood: ownMood, pack: direction.targetPack)
            return Translation(sourceText: text, source: source, target: target, text: styled, segments: [segment])
        }
        if let polite = try withoutClosingPlease(text, words: words, from: source, to: target) { return polite }
        if let match = PatternTranslation.bestMatch(words, surface: surface, in: tables, ignoringSpaces: loose,
                                                     mood: mood, text: text,
                                                     pack: direction.sourcePack,
                                                     times: direction.forms.times),
           let patterned = try PatternTranslation.translate(text, match: match, source: source, target: target, mood: mood,
                                                            rules: direction,
                                                            fragment: { try translate($0, from: source, to: target) }) {
            return patterned
        }
        // `could you call…`, `i want to go…`: the verb takes the frame's form (KoreanVerbFrames).
        if let frames = direction.verbFrames {
            // A phrasebook phrase that opens the sentence and says more than the frame wins
            // (`could you say that again` …).
            if let frame = frames.frame(opening: words),
               !((frame.opening.count + 1)...min(8, words.count)).contains(where: { Self.lookup(words[..<$0], in: tables) != nil }),
               let framed = frames.apply(frame, to: assembled(Array(words.dropFirst(frame.opening.count)),
                                                              surface: Array(surface.dropFirst(frame.opening.count)),
                                                              tables: tables, loose: loose, source: source, target: target)) {
                return Translation(sourceText: text, source: source, target: target,
                                   segments: TargetOrthography.apply(to: framed, language: target.language, articles: direction.articles),
                                   mood: mood, targetPack: direction.targetPack)
            }
            let segments = frames.past(assembled(words, surface: surface, tables: tables, loose: loose, source: source, target: target),
                                       isPastVerb: { VerbReadings.isOnlyPast($0, language: source.language, morphology: direction.morphology) })
            return Translation(sourceText: text, source: source, target: target,
                               segments: TargetOrthography.apply(to: segments, language: target.language, articles: direction.articles),
                                   mood: mood, targetPack: direction.targetPack)
        }
        let segments = TargetOrthography.apply(
            to: assembled(words, surface: surface, tables: tables, loose: loose, source: source, target: target),
            language: target.language, articles: direction.articles)
        return Translation(sourceText: text, source: source, target: target, segments: segments, mood: mood,
                           targetPack: direction.targetPack)
    }

    /// The translation of `text` without its closing `please` (the source pack's
    /// `moved-to-end.txt`) when the rest is a request the target already says politely in
    /// its ending (the target pack's `polite-endings.txt`: `could you speak more slowly
    /// please` → `좀 더 천천히 말해 주실 수 있어요?`, not `…천천히 주세요 말해…`); nil otherwise,
    /// and for a bare noun (`water please` → `물 주세요`), which the `please` asks for.
    private func withoutClosingPlease(_ text: String, words: [String], from source: LocaleTag,
                                      to target: LocaleTag) throws -> Translation? {
        let packs = rules.rules(from: source, to: target)
        let endings = packs.targetPack.words("polite-endings")
        var tokens = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !endings.isEmpty, words.count > 2, let last = tokens.last, case let lastWords = PhraseText.words(last),
              lastWords.count == 1, packs.sourcePack.contains(lastWords[0], in: "moved-to-end") else { return nil }
        tokens.removeLast()
        let marks = String(last.reversed().prefix { ".?!".contains($0) }.reversed())
        let rest = tokens.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: ", ")) + marks
        let translated = try translate(rest, from: source, to: target)
        let body = translated.text.trimmingCharacters(in: CharacterSet(charactersIn: ".?!"))
        guard endings.contains(where: body.hasSuffix) else { return nil }
        return Translation(sourceText: text, source: source, target: target, text: translated.text,
                           markedText: translated.markedText, segments: translated.segments)
    }

    /// `words` translated phrase by phrase and put in the target's order: articles the
    /// target has no word for dropped, modifiers in their noun-modifying forms, prepositions
    /// made particles, the verb last (each step only where the packs call for it).
    private func assembled(_ words: [String], surface: [String], tables: [(TranslationOrigin, PhraseTable)], loose: Bool,
                           source: LocaleTag, target: LocaleTag) -> [TranslationSegment] {
        let rules = rules.rules(from: source, to: target)
        let found = Self.segments(of: words, surface: surface, using: tables, joiningWithoutSpaces: loose,
                                  from: source.language, to: target.language, forms: rules.forms,
                                  particles: rules.particles, wordForms: (rules.sourceWordForms, rules.targetWordForms),
                                  morphology: rules.morphology)
        return rules.apply(to: found)
    }

    /// Languages whose recognisers split words differently from their writing (Vosk's
    /// Korean model hears 얼마예요 as "얼마 예요"): a span is also looked up without spaces.
    static func spacesAreLoose(pack: LanguagePack) -> Bool {
        pack.has("loose-spaces")
    }

    /// How many words a recogniser may have split one written word (or a word and its
    /// particle) into: the spans joined without spaces are tried up to this length.
    static let looseSpan = 6

    /// `segments(of:using:joiningWithoutSpaces:)` with what knowing the languages adds:
    /// Korean particles dropped from known nouns, inflected words found under their base
    /// form, and unknown words passed through as written (`surface`, one for one with `words`).
    static func segments(of words: [String], surface: [String], using tables: [(TranslationOrigin, PhraseTable)],
                         joiningWithoutSpaces: Bool, from source: String?, to target: String?,
                         forms: DirectionForms, particles: NounParticles?,
                         wordForms: (source: WordForms.Language, target: WordForms.Language),
                         morphology: any Morphology) -> [TranslationSegment] {
        var segments: [TranslationSegment] = []
        var start = 0
        var atTheEnd: [TranslationSegment] = []
        let (times, dates, amounts) = (forms.times, forms.dates, forms.amounts)
        while start < words.count {
            if particles?.unsaid.contains(words[start]) == true {
                start += 1
                continue
            }
            // A clock time or a date is said the target's way as a whole (`half past nine` →
            // `las nueve y media`, `on the fifth of may` → `오월 오일에`).
            if let whole = times?.translation(of: words, at: start) ?? dates?.translation(of: words, at: start) {
                segments.append(TranslationSegment(source: words[start..<(start + whole.length)].joined(separator: " "),
                                                   target: whole.text, origin: .phrasebook))
                start += whole.length
                continue
            }
            // An amount is said the target's way as a whole (`fifteen thousand` → `만 오천`).
            if let amount = amounts?.translation(of: words, at: start) {
                segments.append(TranslationSegment(source: words[start..<(start + amount.length)].joined(separator: " "),
                                                   target: amount.text, origin: .number))
                start += amount.length
                continue
            }
            var matched = false
            var longest = tables.map { $0.1.longestPhrase(startingWith: words[start]) }.max() ?? 1
            if joiningWithoutSpaces { longest = max(longest, looseSpan) }
            for length in stride(from: min(longest, words.count - start), through: 1, by: -1) {
                let span = words[start..<(start + length)]
                var found = lookup(span, in: tables, joiningWithoutSpaces: joiningWithoutSpaces)
                if found == nil, let particles, let bare = lookupWithParticle(span, particles: particles, in: tables) {
                    found = (bare.target, bare.origin)
                    if let word = particles.spokenAtTheEnd[bare.particle],
                       !atTheEnd.contains(where: { $0.target == word }) {
                        atTheEnd.append(TranslationSegment(source: bare.particle, target: word, origin: bare.origin))
                    }
                }
                if let found {
                    // Segments carry their words as they stand mid-sentence, so the spoken
                    // parts say exactly what `text` says.
                    let embedded = SentenceStyle.embedded(found.target)
                    let target = length == 1 && start < surface.count
                        ? NameCase.translation(embedded, of: surface[start], at: start) : embedded
                    segments.append(TranslationSegment(source: span.joined(separator: " "),
                                                       target: target, origin: found.origin))
                    start += length
                    matched = true
                    break
                }
            }
            if !matched {
                let word = words[start]
                if let source, let target,
                   let inflected = lookupBaseForm(of: word, previous: start > 0 ? words[start - 1] : nil,
                                                  in: tables, from: source, wordForms: wordForms, morphology: morphology) {
                    let target = start < surface.count
                        ? NameCase.translation(inflected.target, of: surface[start], at: start) : inflected.target
                    segments.append(TranslationSegment(source: word, target: target, origin: inflected.origin))
                } else {
                    segments.append(TranslationSegment(source: word, target: start < surface.count ? surface[start] : word,
                        origin: PhraseText.isNumber(word) ? .number : .passthrough))
                }
                start += 1
            }
        }
        return segments + atTheEnd
    }

    /// `text` translated by one entry of `tables` that is the whole line (its contractions
    /// also tried written out), styled as a sentence; nil when no entry is. The entry keeps
    /// the line's own marks; without them its own words, read with `targetPack`, say its mood.
    static func wholeEntry(_ text: String, in tables: [(TranslationOrigin, PhraseTable)],
                           from source: LocaleTag, to target: LocaleTag, targetPack: LanguagePack) -> Translation? {
        let words = PhraseText.words(text)
        guard !words.isEmpty,
              let exact = lookup(words[...], in: tables, expandingContractionsOf: source.language) else { return nil }
        let ownMood = SentenceStyle.markedMood(of: text) ?? SentenceStyle.mood(of: exact.target, pack: targetPack)
        return Translation(sourceText: text, source: source, target: target,
                           text: SentenceStyle.sentence(TargetOrthography.apply(toText: exact.target, language: target.language),
                                                        mood: ownMood, pack: targetPack),
                           segments: [TranslationSegment(source: words.joined(separator: " "),
                                                         target: exact.target, origin: exact.origin)])
    }

    /// The translation of `span` (its words joined), highest layer first. Callers that pass
    /// words as heard (Apertium's exact matches and protected spans) name their language, so
    /// its contractions are also tried written out, as keys have them; this translator
    /// writes them out before it looks anything up.
    static func lookup(_ span: ArraySlice<String>, in tables: [(TranslationOrigin, PhraseTable)],
                       joiningWithoutSpaces: Bool = false, expandingContractionsOf language: String? = nil)
        -> (target: String, origin: TranslationOrigin)? {
        guard let firstWord = span.first else { return nil }
        let key = span.count == 1 ? firstWord : span.joined(separator: " ")
        if let found = first(key, in: tables) { return found }
        if joiningWithoutSpaces, span.count > 1, let found = first(span.joined(), in: tables) { return found }
        guard let language, span.contains(where: { SourceContractions.expansion(of: $0, language: language) != nil })
        else { return nil }
        return first(SourceContractions.expand(Array(span), language: language).joined(separator: " "), in: tables)
    }

    private static func first(_ key: String, in tables: [(TranslationOrigin, PhraseTable)])
        -> (target: String, origin: TranslationOrigin)? {
        for (origin, table) in tables {
            if let target = table[key] { return (target, origin) }
        }
        return nil
    }

    /// A span (joined without spaces) whose last syllables are a particle on a known noun,
    /// with the particle dropped: `화장실이`, or `화장실 이` as Vosk hears it, is `화장실`.
    static func lookupWithParticle(_ span: ArraySlice<String>, particles: NounParticles,
                                   in tables: [(TranslationOrigin, PhraseTable)])
        -> (target: String, origin: TranslationOrigin, particle: String)? {
        for (bare, particle) in particles.bareFormsWithParticles(of: span.joined()) {
            if let found = first(bare, in: tables) { return (found.target, found.origin, particle) }
        }
        return nil
    }

    /// An inflected word found under its base form; a plural noun's translation is made plural.
    /// `wordForms` are the source's and the target's.
    static func lookupBaseForm(of word: String, previous: String?, in tables: [(TranslationOrigin, PhraseTable)],
                               from source: String, wordForms: (source: WordForms.Language, target: WordForms.Language),
                               morphology: any Morphology) -> (target: String, origin: TranslationOrigin)? {
        // The analyser's readings first: it knows irregular forms and says which are plural nouns.
        let analysed = morphology.analyser(for: source)?.readings(of: word) ?? []
        let candidates = analysed.map { (base: $0.base, plural: $0.isPluralNoun) }
            + wordForms.source.baseForms(of: word).map { candidate in
                (base: candidate.base, plural: candidate.inflection == .plural
                    && wordForms.source.translationIsPlural(previousWord: previous))
            }
        for (base, plural) in candidates where base != word {
            guard let found = first(base, in: tables) else { continue }
            let embedded = SentenceStyle.embedded(found.target)
            return (plural ? wordForms.target.plural(of: embedded) : embedded, found.origin)
        }
        return nil
    }

    /// Why no dictionary translates the direction (the pairs that exist, and how to add one).
    public func unavailableReason(from source: LocaleTag, to target: LocaleTag) -> ParleyError? {
        engine(from: source, to: target) == nil ? missingPair(LanguagePair(source, target)) : nil
    }

    private func missingPair(_ pair: LanguagePair) -> ParleyError {
        let available = library.availablePairs().keys.sorted().map(\.description)
        let list = available.isEmpty ? "none" : available.joined(separator: ", ")
        return ParleyError(.translation, .pairUnavailable,
            "No dictionary for \(pair). Available: \(list). Add entries with "
            + "`parley dict add \(pair.source) \(pair.target) PHRASE TRANSLATION`, or import one with "
            + "`parley dict import FILE.index`.")
    }
}
