/// Cuts an utterance into the spans the dictionary layers must translate and the runs
/// Apertium translates. Whole phrases from the user's entries and the phrasebooks at the
/// utterance's edges (`good morning …`, `… please`, `thank you …`) keep their phrasebook
/// translation instead of Apertium's literal one (`please` → `complacer`); the user's own
/// entries win wherever they stand; a word too long to be a word is passed through.
struct ProtectedSpans {
    /// One piece of the utterance, in order.
    enum Piece: Equatable {
        /// Words translated by a layer (or passed through, for `origin == .passthrough`).
        case fixed(source: String, target: String, origin: TranslationOrigin)
        /// Words for the engine.
        case engine([String])

        /// A phrase written as an utterance of its own (`Buenos días`, `¿Cuánto?`), not a
        /// fragment of a sentence (`me llamo`).
        var isStandalone: Bool {
            guard case .fixed(let source, let target, let origin) = self, origin != .passthrough,
                  let first = target.first else { return false }
            // Directions derived from the opposite file have lower-case targets (`good morning`).
            if ProtectedSpans.greetings.contains(source) { return true }
            guard first.isUppercase || PhraseText.openingMarks.contains(first) else { return false }
            if let last = target.last, ".?!".contains(last) { return true }
            // `Buenos días`, `Mucho gusto`; not `Me gustaría ir a` or `Necesito un médico`,
            // which go on into the rest of the sentence.
            let words = target.split(separator: " ")
            return words.count <= 2 && !ApertiumSentence.functionWords.contains(words.last!.lowercased())
        }
    }

    /// Greetings and thanks that stand apart from what follows them (`buenos días, ¿…?`):
    /// every pack's `greetings.txt`, whatever the sentence's language.
    static let greetings: Set<String> = LanguagePack.wordsOfEveryLanguage("greetings")

    /// Longer than any real word: passed through rather than sent to the engine.
    static let longestWord = 40

    /// The tables to protect with, highest priority first (user entries, phrasebooks).
    let tables: [(TranslationOrigin, PhraseTable)]
    /// The source language.
    let language: String
    /// Its pack: `interjections.txt` (single words that stand apart from the sentence when
    /// they open or close it, so the phrasebook may translate them there), `closers.txt`
    /// (the only words a closing phrase may have: a longer span at the end is usually the
    /// sentence's own object), `moved-to-end.txt`, `negations.txt` and `clitics.txt`.
    let pack: LanguagePack
    /// The parts of speech a word can be (Apertium's tags: `n`, `vblex`, `det`…); empty
    /// when unknown.
    let partsOfSpeech: @Sendable (String) -> Set<String>
    /// The verbs that take a clause (`know`): a phrase ending in one goes on into the clause
    /// after it (`i know` + `you are busy`). The pack's, as `UnsaidComplementizer` reads them.
    private let clauseTakers: Set<String>
    /// The source's question words and auxiliaries (`SentenceStyle.questionOpeners`).
    private let questionOpeners: Set<String>

    /// The target language's pack, when known: a fragment that reads as a question in it
    /// (`está cerca` → `is it near`, from the phrasebook's `is it near → ¿Está cerca?`) opens
    /// only a question.
    let targetPack: LanguagePack?
    /// The direction's clock times and dates.
    let forms: DirectionForms

    /// A cutter over `tables` for `language`, reading parts of speech with the analyser of
    /// `morphology` where it has one.
    init(tables: [(TranslationOrigin, PhraseTable)], pack: LanguagePack, targetPack: LanguagePack? = nil,
         forms: DirectionForms, morphology: any Morphology) {
        let language = pack.language
        self.init(tables: tables, pack: pack, targetPack: targetPack, forms: forms) { word in
            Set((morphology.analyser(for: language)?.readings(of: word) ?? []).map(\.partOfSpeech))
        }
    }

    /// A cutter that reads parts of speech with `partsOfSpeech`; `forms`, the direction's
    /// clock times and dates, are handed over whole.
    init(tables: [(TranslationOrigin, PhraseTable)], pack: LanguagePack, targetPack: LanguagePack? = nil,
         forms: DirectionForms = DirectionForms(), partsOfSpeech: @escaping @Sendable (String) -> Set<String>) {
        self.forms = forms
        self.tables = tables
        language = pack.language
        self.pack = pack
        clauseTakers = UnsaidComplementizer(pack: pack)?.verbs ?? []
        questionOpeners = SentenceStyle.questionOpeners(in: pack)
        self.targetPack = targetPack
        self.partsOfSpeech = partsOfSpeech
    }

    /// Verbs and auxiliaries, in Apertium's tags.
    static let verbTags: Set<String> = ["vblex", "vbser", "vbhaver", "vbmod", "vaux", "vbdo"]
    /// What goes on with a verb phrase after a subject and auxiliary (`i will|call`,
    /// `you are|tired`, `he is|not`).
    static let predicateTags = verbTags.union(["adj", "adv"])

    /// Whether `no` before `rest` negates a verb (`no está lejos`, `no se mueva`) rather than
    /// answering on its own. Object pronouns (`clitics.txt`) come between them.
    func negates(_ rest: ArraySlice<String>) -> Bool {
        let clitics = pack.words("clitics")
        guard let next = rest.first(where: { !clitics.contains($0) }) else { return false }
        return !partsOfSpeech(next).isDisjoint(with: Self.verbTags)
    }

    /// Whether a phrasebook fragment may be cut off before the word `next`. A phrase the
    /// phrasebook writes as a sentence (capitalised: `Solo estoy mirando`) is a clause of
    /// its own. A lower-case fragment is not: cut off before the rest of its verb phrase
    /// (`i will|call you`, `i have|lost`) or of its noun (`the bus|stop`), it leaves Apertium
    /// a clause without its subject or a noun without its head. Before a noun phrase
    /// (`my name is|juan`, `how do i get to|the museum`) it may.
    func fragmentMayEnd(_ fragment: ArraySlice<String>, target: String, before next: String) -> Bool {
        if let first = target.first, first.isUppercase || PhraseText.openingMarks.contains(first) { return true }
        guard let lastWord = fragment.last else { return true }
        let last = partsOfSpeech(lastWord), following = partsOfSpeech(next)
        if last.contains("n"), last.isDisjoint(with: Self.verbTags.subtracting(["vblex"])) {
            return !following.contains("n") && following.isDisjoint(with: Self.verbTags)
        }
        return following.isDisjoint(with: Self.predicateTags)
    }

    /// An utterance cut at its edges.
    struct Cut: Equatable {
        /// Protected phrases that open the utterance, in order.
        var leading: [Piece] = []
        /// The rest, with the user's entries cut out of it.
        var middle: [Piece] = []
        /// Protected phrases that close it (`please`), in order.
        var trailing: [Piece] = []
        /// The index of a word taken out of the middle and said at the end (`please`).
        var moved: Int?
    }

    /// `words` cut into pieces; `question` says whether the sentence is one. No opening
    /// phrase takes a word of `engineWords` (the verb of a spoken usted, which the engine's
    /// run must say to the listener).
    func cut(_ words: [String], question: Bool = false, engineWords: Set<Int> = []) -> Cut {
        var cut = Cut()
        var start = 0, end = words.count
        // An opening phrase must not take the first words of a clock time (`it is` of `it is half past five`).
        let (times, dates) = (forms.times, forms.dates)
        let timeStarts = Set(words.indices.filter {
            times?.translation(of: words, at: $0) != nil || dates?.translation(of: words, at: $0) != nil
        }).union(engineWords)
        while start < end, let (length, piece) = edgeMatch(words, start..<end, atStart: true, whole: words.count,
                                                           question: question, avoiding: timeStarts) {
            cut.leading.append(piece)
            start += length
            // A fragment (`me llamo`) opens the sentence proper: what follows is its rest.
            if !piece.isStandalone { break }
        }
        while start < end, let (length, piece) = edgeMatch(words, start..<end, atStart: false, whole: words.count) {
            cut.trailing.insert(piece, at: 0)
            end -= length
        }
        // `could you please call a taxi`: Apertium reads a mid-sentence `please` as the verb
        // (`complacer`), so it is taken out and said at the end, where the phrasebook has it.
        if let moved = words[start..<end].firstIndex(where: { pack.contains($0, in: "moved-to-end") }),
           end - start > 1, cut.trailing.isEmpty,
           let found = DictionaryTranslator.lookup(words[moved...moved], in: tables, expandingContractionsOf: language) {
            cut.moved = moved
            cut.trailing = [.fixed(source: words[moved], target: found.target, origin: found.origin)]
            cut.middle = middle(words[start..<moved]) + middle(words[(moved + 1)..<end])
            // Two runs either side of the moved word are one run for the engine.
            var merged: [Piece] = []
            for piece in cut.middle {
                if case .engine(let next) = piece, case .engine(let previous)? = merged.last {
                    merged[merged.count - 1] = .engine(previous + next)
                } else {
                    merged.append(piece)
                }
            }
            cut.middle = merged
            return cut
        }
        cut.middle = middle(words[start..<end])
        return cut
    }

    /// The longest phrase of at least two words (or one interjection at the utterance's very
    /// start or end) at the start or end of `range`. Closing phrases are short (`thank you`).
    private func edgeMatch(_ words: [String], _ range: Range<Int>, atStart: Bool, whole: Int,
                           question: Bool = false, avoiding timeStarts: Set<Int> = []) -> (Int, Piece)? {
        guard !range.isEmpty else { return nil }
        let longest = atStart ? 8 : 2
        for length in stride(from: min(range.count, longest), through: 1, by: -1) {
            let span = atStart ? words[range.lowerBound..<(range.lowerBound + length)]
                               : words[(range.upperBound - length)..<range.upperBound]
            if !atStart, !span.allSatisfy({ pack.contains($0, in: "closers") }) { continue }
            if span.indices.contains(where: timeStarts.contains) { continue }
            if atStart, length == 1, length < range.count, pack.contains(span.first!, in: "moved-to-end") { continue }
            if length == 1, length < range.count {
                let atEdge = atStart ? range.lowerBound == 0 : range.upperBound == whole
                guard atEdge, pack.contains(span.first!, in: "interjections") else { continue }
                // `no está lejos`: before a verb `no` negates it, it is not an answer of its own.
                if atStart, pack.contains(span.first!, in: "negations"), negates(words[(range.lowerBound + 1)...]) { continue }
                // `no one told me`: `no` opens a word of its own (`no one`, `no longer`), no answer.
                if atStart, pack.contains(span.first!, in: "negations"),
                   pack.contains(span.first! + " " + words[range.lowerBound + 1], in: "negative-words") { continue }
            }
            guard let found = DictionaryTranslator.lookup(span, in: tables, expandingContractionsOf: language) else { continue }
            let piece = Piece.fixed(source: span.joined(separator: " "), target: found.target, origin: found.origin)
            if atStart, !piece.isStandalone, range.lowerBound + length < range.upperBound {
                if !fragmentMayEnd(span, target: found.target, before: words[range.lowerBound + length]) { continue }
                // `está cerca` → `is it near`: a question only in translation, so only for a question.
                if !question, let targetPack,
                   SentenceStyle.mood(of: found.target, pack: targetPack) == .question,
                   SentenceStyle.mood(of: span.joined(separator: " "), pack: pack) != .question { continue }
            }
            // `i know` + `you are busy`, `i know` + `the way`: a phrase ending in a verb that
            // takes a clause goes on into it, or into its object.
            if atStart, piece.isStandalone, range.lowerBound + length < range.upperBound,
               clauseTakers.contains(span.last!),
               pack.contains(words[range.lowerBound + length], in: "complementizer")
                || pack.contains(words[range.lowerBound + length], in: "clause-subjects")
                || pack.contains(words[range.lowerBound + length], in: "clause-openers")
                || pack.contains(words[range.lowerBound + length], in: "subject-determiners") { continue }
            // A question word opening a phrase (`how much` → `¿Cuánto?`) is a phrase of its own
            // only when nothing follows it, else the question would be cut apart.
            if atStart, length < range.count, piece.isStandalone,
               questionOpeners.contains(span.first!) { continue }
            // A question the phrasebook ends with its verb (`dónde vive` → `where do you
            // live?`) does not open a longer one whose subject follows (`dónde vive su hermano`).
            if atStart, length < range.count, PhraseText.trimmed(found.target).last == "?",
               !partsOfSpeech(span.last!).isDisjoint(with: Self.verbTags),
               pack.contains(words[range.lowerBound + length], in: "slot-determiners") { continue }
            return (length, piece)
        }
        return nil
    }

    /// The middle: user entries and over-long words are cut out, the rest goes to the engine.
    private func middle(_ words: ArraySlice<String>) -> [Piece] {
        let user = tables.filter { $0.0 == .user }
        // Clock times and dates are said the target's way as a whole; Apertium reads them word by word.
        let (times, dates) = (forms.times, forms.dates)
        let all = times == nil && dates == nil ? [] : Array(words)
        var pieces: [Piece] = []
        var run: [String] = []
        var index = words.startIndex
        func flush() {
            if !run.isEmpty { pieces.append(.engine(run)) }
            run = []
        }
        outer: while index < words.endIndex {
            let word = words[index]
            if word.count > Self.longestWord {
                flush()
                pieces.append(.fixed(source: word, target: word, origin: .passthrough))
                index += 1
                continue
            }
            if !user.isEmpty {
                for length in stride(from: min(words.endIndex - index, 8), through: 1, by: -1) {
                    let span = words[index..<(index + length)]
                    if let found = DictionaryTranslator.lookup(span, in: user, expandingContractionsOf: language) {
                        flush()
                        pieces.append(.fixed(source: span.joined(separator: " "), target: found.target, origin: found.origin))
                        index += length
                        continue outer
                    }
                }
            }
            if let time = times?.translation(of: all, at: index - words.startIndex)
                ?? dates?.translation(of: all, at: index - words.startIndex) {
                flush()
                pieces.append(.fixed(source: words[index..<(index + time.length)].joined(separator: " "),
                                     target: time.text, origin: .phrasebook))
                index += time.length
                continue
            }
            run.append(word)
            index += 1
        }
        flush()
        return pieces
    }
}
