/// One sentence of an utterance as the Apertium translator assembles it: protected spans
/// from the dictionary layers, runs translated by the engine, and the sentence's style
/// (case, `¿…?`) restored from the source, since recognised speech has no punctuation and
/// Apertium keeps whatever case and marks its input had.
struct ApertiumSentence {
    /// The sentence's segments, in source order.
    let segments: [TranslationSegment]
    /// How many leading segments are utterances of their own before the sentence proper
    /// (`Buenos días`, `¿Cómo estás?`).
    private let openingCount: Int
    /// The index of the first segment of the closing phrases (`please`), if any.
    private let trailingFrom: Int?
    private let mood: SentenceStyle.Mood
    private let language: String
    /// Whether the sentence is a fragment of a longer one (a pattern's slot), whose own mood
    /// does not decide its form.
    private let isFragment: Bool
    /// Whether the body after the opening phrases goes on with them (`i am hungry | now`):
    /// it opens with a word of the source pack's `continuing-words.txt`.
    private let bodyContinues: Bool
    /// The sentence's language and words, which some of the target's rules ask about
    /// (`desde hace` → `I have lived…`).
    private let sourceWords: [String]
    /// The direction's rules: each engine reply's corrections and the sentence's grammar.
    private let rules: TranslationRules

    /// Translates `raw` (one sentence), sending its unprotected runs to `engine`.
    /// `unknown(word, previous)` translates a word the engine left unknown (lower case)
    /// from the dictionary layers; nil when they do not know it either.
    /// `renderings`, the translator's: the engine's translations of phrasebook phrases alone.
    /// `rules`, the direction's, correct each engine reply (Apertium's known mistranslations,
    /// then grammar) and the assembled sentence.
    init(_ raw: String, protector: ProtectedSpans, source: LocaleTag, target: LocaleTag, isFragment: Bool = false,
         rules: TranslationRules, renderings: PhraseRenderings,
         unknown: (String, String?) -> TranslationSegment? = { _, _ in nil },
         engine: (String) throws -> String) throws {
        var tokens = raw.split(whereSeparator: \.isWhitespace).map { (raw: String($0), word: PhraseText.words(String($0)).first) }
        let interjections = rules.sourcePack.words("interjections")
        // Spanish addresses a stranger as usted, with no pronoun: the English says "you".
        let address = rules.source.address
        // A spoken `usted` beside the verb that opens the sentence is taken out, and that
        // verb said to the listener (`¿Está usted bien?`: `Are you well?`, not `Is it you well?`).
        var addressed: String?
        if let address {
            let spoken = tokens.indices.filter { tokens[$0].word != nil }
            let opening = spoken.drop { interjections.contains(tokens[$0].word!) }
            if let (youAt, verb) = address.spokenFormalYou(in: opening.map { tokens[$0].word! },
                                                           isThirdPersonVerb: { VerbReadings.isVerb($0, in: "p3", language: source.language, morphology: rules.morphology) }) {
                let removed = tokens.remove(at: opening[opening.startIndex + youAt])
                // Its marks stay (`¿Es usted?`).
                if let mark = removed.raw.last, "?!.,".contains(mark), let last = tokens.indices.last {
                    tokens[last].raw += String(mark)
                }
                addressed = verb
            }
        }
        let wordTokens = tokens.indices.filter { tokens[$0].word != nil }
        let words = wordTokens.map { tokens[$0].word! }
        let addressedAt = addressed.flatMap { words.firstIndex(of: $0) }
        // Whether the sentence asks, before it is cut: a fragment in question form opens only a question.
        let asks = [words, Array(words.drop(while: interjections.contains))]
            .contains { SentenceStyle.mood(of: raw, words: $0, pack: rules.sourcePack) == .question }
        let cut = protector.cut(words, question: asks, engineWords: Set(addressedAt.map { [$0] } ?? []))
        // Found in the whole sentence: a protected `i am from` still shows `turkey` is a place.
        let names = rules.sourceNames.names(in: tokens.map(\.word)) { word in
            protector.partsOfSpeech(word).contains { $0 != "np" }
        }
        let openings = cut.leading.prefix { $0.isStandalone }.count
        var segments: [TranslationSegment] = []
        let phrases = PhrasesInSentence(tables: protector.tables, language: source.language, partsOfSpeech: protector.partsOfSpeech,
                                        renderings: renderings)
        var wordIndex = 0
        var trailingFrom: Int?
        for (index, piece) in (cut.leading + cut.middle + cut.trailing).enumerated() {
            if index == cut.leading.count + cut.middle.count { trailingFrom = segments.count }
            // The word moved to the end (`please`) is stepped over where it stood.
            if index >= cut.leading.count, index < cut.leading.count + cut.middle.count, cut.moved == wordIndex {
                wordIndex += 1
            }
            switch piece {
            case .fixed(let span, let translation, let origin):
                segments.append(TranslationSegment(source: span, target: translation, origin: origin))
                wordIndex += span.split(separator: " ").count
            case .engine(let run):
                // The run's words, less one moved from inside it to the end of the sentence.
                var span = wordIndex..<(wordIndex + run.count)
                if let moved = cut.moved, moved > span.lowerBound, moved < span.upperBound {
                    span = wordIndex..<(span.upperBound + 1)
                }
                let first = wordTokens[span.lowerBound], last = wordTokens[span.upperBound - 1]
                var end = last + 1
                while end < tokens.count, tokens[end].word == nil { end += 1 }
                let skipped = cut.moved.map { wordTokens[$0] }
                let original = (first..<end).filter { $0 != skipped }
                let order = rules.source.questionOrder?.declarative(original,
                    word: { tokens[$0].word }, raw: { tokens[$0].raw },
                    partsOfSpeech: protector.partsOfSpeech) ?? original
                let run = order.compactMap { tokens[$0].word }
                // `i think there is…`: the `que` the target needs is asked for with a `that`.
                let complementizer = rules.source.complementizer
                let wordOrder = order.filter { tokens[$0].word != nil }
                let thatAfter = Set(complementizer?.unsaid(in: run, isFinite: { VerbReadings.isFinite($0, language: source.language, morphology: rules.morphology) })
                    .map { wordOrder[$0] } ?? [])
                // `the concert starts…`: a pronoun after the subject, so `starts` is read as its verb.
                let pronounAfter = segments.count == openings
                    ? rules.source.subjectBeforeVerb.flatMap { rule in
                        rule.subjectEnd(in: run).map { (wordOrder[$0], rule.pronoun) } }
                    : nil
                // The run that opens the sentence proper may address the listener as usted; so
                // may the run after a phrasebook question phrase (`cuántas noches | se van a quedar`).
                let opensSentence = address != nil && segments.count == openings && index == openings
                var followsQuestionPhrase = false
                if let address, asks, segments.count == openings + 1, index == openings + 1, segments[openings].origin != .passthrough {
                    let phrase = segments[openings].source.split(separator: " ").map(String.init)
                    followsQuestionPhrase = address.questionPhraseEnd(in: phrase + run, addressed: addressed) == phrase.count
                }
                let preceding = segments.last.map { $0.origin == .engine ? "" : SentenceStyle.embedded($0.target) } ?? ""
                // Positions in `order` of the run's words: a part of the run is the tokens between two.
                let wordPositions = order.indices.filter { tokens[order[$0]].word != nil }
                func translated(_ range: Range<Int>) throws -> String {
                    let part = order[(range.lowerBound == 0 ? 0 : wordPositions[range.lowerBound])
                        ..< (range.upperBound == run.count ? order.count : wordPositions[range.upperBound])]
                    let text = part.enumerated().map { position, index in
                        // A capitalised auxiliary moved after its subject is no longer the first word.
                        let raw = index == original.first && position > 0 ? tokens[index].raw.lowercased() : tokens[index].raw
                        var said = Self.prepared(raw, word: tokens[index].word, name: names[index], pronouns: rules.sourcePronouns)
                        // `she's been`: the `'s` before a participle is `has`, which Apertium reads as `is`.
                        if let contractions = rules.source.perfectContractions, position + 1 < part.count,
                           let next = tokens[part[part.index(part.startIndex, offsetBy: position + 1)]].word {
                            said = contractions.written(said, before: next)
                        }
                        if asks, let indefinites = rules.source.questionIndefinites, let word = tokens[index].word {
                            said = indefinites.said(said, word: word)
                        }
                        if let pronounAfter, pronounAfter.0 == index { said += " " + pronounAfter.1 }
                        return thatAfter.contains(index) ? said + " " + (complementizer?.word ?? "") : said
                    }.joined(separator: " ")
                    let reply = try phrases.apply(to: try engine(text), run: Array(run[range]), pair: LanguagePair(source, target),
                                                  engine: engine)
                    return rules.apply(.engineReply, to: reply, facts: SentenceFacts(
                        sourceWords: words, run: Array(run[range]), asks: asks && range.lowerBound == 0, preceding: preceding))
                }
                let place = SpanishAddress.RunPlace(asks: asks, opensSentence: opensSentence,
                                                    followsQuestionPhrase: followsQuestionPhrase, addressed: addressed,
                                                    language: source.language)
                var output = try address.map { try $0.say(run, at: place, translate: translated) } ?? translated(0..<run.count)
                // Apertium sometimes capitalises the first word of what it was given (`two
                // coffees` → `Dos cafés`); the sentence's own first letter is restored later.
                let typedLowercase = tokens[first].raw.first?.isLowercase == true || tokens[first].word.map(Self.anyCapitalisedPronoun.contains) == true
                if typedLowercase, let first = output.split(separator: " ").first,
                   !first.hasPrefix("*"), !ProperNouns.isName(String(first)) {
                    output = output.prefix(1).lowercased() + output.dropFirst()
                }
                var previous: String?
                for segment in ApertiumTranslator.segments(source: run, output: output).map(Self.tidied) {
                    // A word Apertium does not know (`abscess`) may be in an imported dictionary.
                    // A capitalised word is a name and stays as it is.
                    if segment.origin == .passthrough, !segment.target.contains(where: \.isUppercase),
                       let found = unknown(segment.source, previous) {
                        let trailing = segment.target.reversed().prefix { PhraseText.edgePunctuation.contains($0) }
                        segments.append(TranslationSegment(source: found.source, target: found.target + String(trailing.reversed()),
                                                           origin: found.origin))
                    } else {
                        segments.append(segment)
                    }
                    previous = segment.source.split(separator: " ").last.map(String.init)
                }
                wordIndex = span.upperBound
            }
        }
        self.segments = segments
        openingCount = openings
        self.trailingFrom = trailingFrom == openings ? nil : trailingFrom
        let openingWords = segments.prefix(openings).reduce(0) { $0 + $1.source.split(separator: " ").count }
        // `perdone, ¿dónde está…`: an opening interjection does not decide the mood.
        let rest = Array(words.dropFirst(openingWords)
            .drop(while: interjections.contains))
        var mood = SentenceStyle.mood(of: raw, words: rest.isEmpty ? words : rest, pack: rules.sourcePack)
        // A phrasebook phrase that ends the sentence knows its own mark (`… can I pay by card?`).
        if mood == .statement, let last = segments.last, last.origin != .engine, last.origin != .passthrough,
           let mark = PhraseText.trimmed(last.target).last, "?!".contains(mark) {
            mood = mark == "?" ? .question : .exclamation
        }
        self.mood = mood
        language = target.language
        self.isFragment = isFragment
        sourceWords = words
        self.rules = rules
        bodyContinues = openings > 0 && segments.count > openings
            && segments[openings].source.split(separator: " ").first.map {
                rules.sourcePack.contains(String($0), in: "continuing-words") } == true
    }

    /// The sentence as shown (`marking` brackets passed-through words) or spoken.
    func rendered(marking: Bool) -> String {
        func text(_ segment: TranslationSegment) -> String {
            switch segment.origin {
            case .passthrough: marking ? "[\(segment.target)]" : segment.target
            case .engine, .number: segment.target
            case .user where Self.isTitleCase(segment.target):
                // The user's own name for a person or place (`minji` → `Minji`) keeps its capitals.
                segment.target
            default: SentenceStyle.embedded(segment.target)
            }
        }
        var body = ""
        for (index, segment) in segments.enumerated().dropFirst(openingCount) {
            if index == trailingFrom, !body.isEmpty {
                // Typed text may already end the sentence's body with a comma (`the menu, please`).
                while let last = body.last, ",;.…".contains(last) || last.isWhitespace { body.removeLast() }
                body += ", " + text(segment)
            } else {
                body += (body.isEmpty ? "" : " ") + text(segment)
            }
        }
        body = TargetOrthography.apply(toText: Self.withoutEndMarks(body), language: language)
        // A pattern's slot (`we need {X}` taking `help right now`) is no question or command of its own.
        body = rules.apply(.sentence, to: body, facts: SentenceFacts(
            sourceWords: sourceWords, asks: mood == .question && !isFragment, commands: mood == .command && !isFragment))
        // Each opening phrase as written; `closed` when it ends a sentence of its own.
        var units: [(text: String, closed: Bool)] = segments.prefix(openingCount).map { segment in
            let written = String(PhraseText.trimmed(segment.target))
            return (written, written.last.map { ".?!".contains($0) } ?? false)
        }
        if !body.isEmpty {
            units.append((SentenceStyle.sentence(body, mood: mood, pack: rules.targetPack), true))
        } else if let last = units.last, !last.closed {
            units[units.count - 1] = (SentenceStyle.sentence(last.text, mood: mood, pack: rules.targetPack), true)
        }
        var result = ""
        for (index, unit) in units.enumerated() {
            if index == 0 {
                result = SentenceStyle.capitalizedFirstLetter(unit.text)
            } else if index == units.count - 1, !body.isEmpty, bodyContinues, !units[index - 1].text.hasSuffix("?") {
                // `Tengo hambre` + `ahora`: the body goes on with the opening phrase, no comma.
                if result.hasSuffix(".") || result.hasSuffix("!") { result.removeLast() }
                result += " " + lowercasedOpening(unit.text)
            } else if units[index - 1].closed {
                result += " " + SentenceStyle.capitalizedFirstLetter(unit.text)
            } else {
                // Lower-cased after the comma, unless it was capitalised before styling (a name).
                let keepsCapital = index == units.count - 1 && body.first(where: \.isLetter)?.isUppercase == true
                result += ", " + (keepsCapital ? unit.text : lowercasedOpening(unit.text))
            }
        }
        // A statement of three words or more ends with a full stop, counting its openings
        // (`Lo siento, no entiendo.`), not only the part after them.
        if mood == .statement, units.count > 1, let last = result.last, !".?!…".contains(last),
           result.split(separator: " ").count >= 3 {
            result += "."
        }
        return result
    }

    /// One to three words, each capitalised, with no sentence marks: a name.
    static func isTitleCase(_ text: String) -> Bool {
        let words = text.split(separator: " ")
        return (1...3).contains(words.count) && words.allSatisfy { $0.first?.isUppercase == true && $0.allSatisfy(\.isLetter) }
    }

    /// `sentence` with its first word lower-cased after a comma, unless that word is a name.
    private func lowercasedOpening(_ sentence: String) -> String {
        guard let index = sentence.firstIndex(where: \.isLetter) else { return sentence }
        let word = sentence[index...].prefix { $0.isLetter }
        if Self.anyCapitalisedPronoun.contains(String(word).lowercased()) && word.first?.isUppercase == true
            || ProperNouns.isName(String(word)) || rules.targetNames.name(String(word)) != nil {
            return sentence
        }
        return sentence[..<index] + sentence[index].lowercased() + sentence[sentence.index(after: index)...]
    }

    /// The text without its closing marks and the opening `¿`/`¡`: the mood read from the
    /// source decides them again.
    static func withoutEndMarks(_ text: String) -> String {
        var body = PhraseText.trimmed(text)
        while let last = body.last, ".?!…".contains(last) { body = body.dropLast() }
        while let first = body.first, PhraseText.openingMarks.contains(first) { body = body.dropFirst() }
        return String(PhraseText.trimmed(String(body)))
    }

    /// Function words Apertium sometimes capitalises mid-sentence (`muchas gracias Para`,
    /// `puede Me ayudo`); never names, and the sentence's first letter is capitalised anyway.
    /// Every pack's `function-words.txt`, whatever the output's language.
    static let functionWords: Set<String> = LanguagePack.wordsOfEveryLanguage("function-words")

    static func tidied(_ segment: TranslationSegment) -> TranslationSegment {
        guard segment.origin == .engine else { return segment }
        let words = segment.target.split(separator: " ").map { word in
            functionWords.contains(word.lowercased()) ? word.lowercased() : String(word)
        }
        return TranslationSegment(source: segment.source, target: words.joined(separator: " "), origin: .engine)
    }

    /// The pronouns the language of `pack` writes with a capital (`capitalised-pronouns.txt`),
    /// and each with the apostrophe that starts its contractions (`i'`): kept by a
    /// direction's rules for its source (`TranslationRules.sourcePronouns`).
    static func capitalisedPronouns(in pack: LanguagePack) -> CapitalisedPronouns {
        let words = pack.words("capitalised-pronouns")
        return (words, words.sorted().map { $0 + "'" })
    }

    /// Pronouns written with a capital, and their contractions' openings.
    typealias CapitalisedPronouns = (words: Set<String>, contracted: [String])

    /// Every language's capitalised pronouns (`i`), lower case: `I` is no name, and `i` typed
    /// in lower case still opens a sentence typed in lower case.
    static let anyCapitalisedPronoun: Set<String> = LanguagePack.wordsOfEveryLanguage("capitalised-pronouns")

    /// One source token made ready for Apertium: a pronoun written with a capital (English
    /// `i` as `I`, `i'm` as `I'm`), and `name` (the word capitalised as a name, when
    /// `ProperNouns` found it to be one there) in place of the word. `pronouns` are the
    /// source's (`capitalisedPronouns(in:)`).
    static func prepared(_ token: String, word: String?, name: String? = nil, pronouns: CapitalisedPronouns) -> String {
        guard let word else { return token }
        if pronouns.words.contains(word) || pronouns.contracted.contains(where: { word.hasPrefix($0) }) {
            return token.replacingOccurrences(of: word, with: word.prefix(1).uppercased() + word.dropFirst())
        }
        guard let name, token.contains(word) else { return token }
        return token.replacingOccurrences(of: word, with: name)
    }

    /// `text` cut after each token that ends a sentence (`.`, `?`, `!`).
    static func sentences(_ text: String) -> [String] {
        var sentences: [String] = []
        var current: [Substring] = []
        for token in text.split(whereSeparator: \.isWhitespace) {
            current.append(token)
            let end = token.last { !"\"'”’)»".contains($0) }
            if let end, ".?!…".contains(end) {
                sentences.append(current.joined(separator: " "))
                current = []
            }
        }
        if !current.isEmpty { sentences.append(current.joined(separator: " ")) }
        return sentences
    }
}
