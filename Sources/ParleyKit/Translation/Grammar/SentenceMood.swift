/// Reads the mood of a sentence from its source: its own end marks when it has them, else
/// its opening words, which is all recognised speech offers. Every word it weighs comes
/// from the language's pack (`dictionaries/languages/<xx>/`, the `question-*`,
/// `exclamation-*`, `wish-*` and `command-*` files); a language without them is read by its
/// marks alone.
///
/// The order matters: a wish or a command that opens with a word that could ask (`have a
/// great weekend`, `do come in`, `que te vaya bien`, `como tú digas`) is recognised before
/// the question words are, and `have` and `do` only ask when a subject
/// follows it (`have you`, `do we`, `can i`).
enum SentenceMood {
    /// The mood of `words` (from `PhraseText.words`) whose text as written is `text`, in the
    /// language of `pack`.
    static func mood(of text: String, words: [String], pack: LanguagePack) -> SentenceStyle.Mood {
        let trimmed = PhraseText.trimmed(text)
        if trimmed.hasSuffix("?") || trimmed.hasPrefix("¿") { return .question }
        if trimmed.hasSuffix("!") || trimmed.hasPrefix("¡") {
            return exclamationKind(words, pack: pack) ?? .exclamation
        }
        guard !words.isEmpty else { return .statement }
        if let kind = exclamationKind(words, pack: pack) { return kind }
        if asks(words, pack: pack) { return .question }
        // Typed text with a full stop says it is a statement.
        if !trimmed.hasSuffix("."), asksAsARequest(words, pack: pack) || offersAChoice(words, pack: pack)
            || asksWithoutMarks(words, pack: pack) { return .question }
        if endsAsking(words, pack: pack) { return .question }
        if isCommand(words, pack: pack) { return .command }
        return .statement
    }

    /// A wish, an exclamation or a command read from the opening words, when they say so.
    private static func exclamationKind(_ words: [String], pack: LanguagePack) -> SentenceStyle.Mood? {
        if isWish(words, pack: pack) { return .wish }
        if isExclamation(words, pack: pack) { return .exclamation }
        return nil
    }

    /// Whether the opening words ask: a question word (not one that opens a statement here),
    /// an auxiliary before its subject, or a preposition before a question word.
    static func asks(_ words: [String], pack: LanguagePack) -> Bool {
        let body = withoutLeading(words, pack.words("question-skip"))
        guard let first = body.first else { return false }
        let second = body.count > 1 ? body[1] : nil
        if let second, pack.contains(first + " " + second, in: "question-words") { return true }
        // `where i come from it rains a lot`: a clause, not a question.
        if let second, pack.contains(first, in: "clause-openers"), pack.contains(second, in: "clause-subjects") { return false }
        if pack.contains(first, in: "question-words") {
            // Unaccented `como`, `cuando`, `que` also open statements: `como tú digas`.
            return !opensStatement(body, pack: pack)
        }
        if pack.contains(first, in: "question-auxiliaries") { return true }
        if pack.contains(first, in: "question-auxiliaries-before-subjects") {
            // `don't you…` asks too: a negation may stand between them.
            let after = withoutLeading(Array(body.dropFirst()), pack.words("question-negations"))
            guard let subject = after.first, pack.contains(subject, in: "question-subjects") else { return false }
            // `do it again`, `have it ready`: the auxiliary does not agree with the word after
            // it, so that word is its object and the line a command.
            if pack.contains(first + " " + subject, in: "question-subject-mismatches") { return false }
            // `do the dishes please`: with `please`, only a personal pronoun after the
            // auxiliary asks (`do you have a room please`); a noun phrase is what to do.
            if pack.map("subject-pronouns")[subject] == nil, words.contains(where: { pack.contains($0, in: "request-please") }) {
                return false
            }
            return true
        }
        if let second, body.count > 2, pack.contains(first, in: "question-prepositions"),
           pack.contains(second, in: "question-words-after-prepositions") { return true }
        return false
    }

    /// A question word that opens a statement instead (`como tú digas`, `cuando llegue te
    /// llamo`): the words after it, past pronouns and clitics, are a subjunctive form, or the
    /// pair is listed as a statement opener.
    private static func opensStatement(_ words: [String], pack: LanguagePack) -> Bool {
        guard words.count > 1, pack.contains(words[0], in: "question-words-also-statements") else { return false }
        if pack.contains(words[0] + " " + words[1], in: "statement-openers") { return true }
        let rest = withoutLeading(Array(words.dropFirst()), pack.words("subject-pronouns").union(pack.words("clitics")))
        guard let verb = rest.first else { return false }
        return pack.contains(verb, in: "subjunctive-forms")
    }

    /// A wish: a listed opening (`have a`, `enjoy`, `buen viaje`), or a wish conjunction
    /// before a subjunctive (`que te vaya bien`, `que aproveche`).
    static func isWish(_ words: [String], pack: LanguagePack) -> Bool {
        if startsWithListed(words, pack.words("wish-openers")) {
            // `have a look at this` is a command; `have you…` never gets here (not listed).
            return !startsWithListed(words, pack.words("wish-exceptions"))
        }
        guard let first = words.first, pack.contains(first, in: "wish-conjunctions") else { return false }
        let rest = withoutLeading(Array(words.dropFirst()), pack.words("clitics").union(pack.words("subject-pronouns")))
        return rest.first.map { pack.contains($0, in: "subjunctive-forms") } ?? false
    }

    /// An exclamation: a question word before a word that only exclaims (`what a view`, `how
    /// kind`, `qué bonito`, `qué calor hace`), or a listed opening.
    static func isExclamation(_ words: [String], pack: LanguagePack) -> Bool {
        if startsWithListed(words, pack.words("exclamation-openers")) { return true }
        guard words.count > 1, pack.contains(words[0], in: "exclamation-question-words") else { return false }
        // `how cold it is today`: an adjective, then the subject of a clause.
        if words.count > 2, pack.contains(words[0], in: "clause-openers"), pack.contains(words[2], in: "clause-subjects"),
           !pack.contains(words[1], in: "question-auxiliaries"),
           !pack.contains(words[1], in: "question-auxiliaries-before-subjects") { return true }
        guard pack.contains(words[1], in: "exclamation-words") else { return false }
        // `how nice is the hotel` asks again: an auxiliary follows.
        if words.count > 3, pack.contains(words[2], in: "question-auxiliaries")
            || pack.contains(words[2], in: "question-auxiliaries-before-subjects") { return false }
        return true
    }

    /// A command: the sentence opens (past `please`) with an imperative form, an emphatic
    /// `do` before a verb, or a negation before one (`don't worry`, `no se preocupe`).
    static func isCommand(_ words: [String], pack: LanguagePack) -> Bool {
        let body = withoutLeading(words, pack.words("command-skip"))
        guard let first = body.first else { return false }
        if pack.contains(first, in: "imperatives") { return true }
        guard body.count > 1, pack.contains(first, in: "command-prefixes") else { return false }
        let rest = withoutLeading(Array(body.dropFirst()), pack.words("clitics").union(pack.words("command-prefixes")))
        return rest.first.map { pack.contains($0, in: "imperatives") || pack.contains($0, in: "subjunctive-forms") } ?? false
    }

    /// A question shown by its last words (Korean `…까요`, or a question word anywhere in
    /// a language that leaves them in place).
    private static func endsAsking(_ words: [String], pack: LanguagePack) -> Bool {
        guard let last = words.last else { return false }
        if pack.list("question-endings").contains(where: { last.hasSuffix($0) }) { return true }
        let anywhere = pack.list("question-words-anywhere")
        return words.contains { word in anywhere.contains { word.hasPrefix($0) } }
    }

    /// A Spanish request that a recogniser wrote without `¿…?`: `puede`/`podría` asking the
    /// listener to do something for the speaker (`me puede ayudar`, `puede ayudarme`,
    /// `puede repetirlo por favor`). Without those signs `puede dejar las maletas aquí` is
    /// as likely a permission (`you can leave…`) and stays a statement; `puede que…` and
    /// `puede ser` (maybe) never ask.
    static func asksAsARequest(_ words: [String], pack: LanguagePack) -> Bool {
        let clitics = pack.words("request-clitics")
        guard !clitics.isEmpty else { return false }
        let forSpeaker = pack.contains(words.first ?? "", in: "request-for-speaker")
        let start = clitics.contains(words.first ?? "") ? 1 : 0
        guard start + 1 < words.count, pack.contains(words[start], in: "request-verbs"),
              !pack.contains(words[start + 1], in: "request-not-after") else { return false }
        let infinitive = words[start + 1]
        let toSpeaker = pack.list("request-to-speaker-endings").contains { infinitive.hasSuffix($0) }
        return forSpeaker || toSpeaker || words.contains { pack.contains($0, in: "request-please") }
    }

    /// A Spanish offer of a choice written without `¿…?`: a verb of wanting said to the
    /// listener, then two things joined by `o` (`quieren postre o café`, `prefiere sentarse
    /// dentro o fuera`). Said as a statement (`they want dessert or coffee`) it would be news
    /// about someone else, which people rarely tell with a choice.
    static func offersAChoice(_ words: [String], pack: LanguagePack) -> Bool {
        let body = withoutLeading(words, pack.words("question-skip").union(pack.words("clitics")))
        guard let first = body.first, pack.contains(first, in: "choice-verbs") else { return false }
        return body.dropFirst(2).contains { pack.contains($0, in: "choice-conjunctions") }
    }

    /// A Spanish yes/no question typed without `¿…?`, told by words that ask wherever a
    /// recogniser or a hurried typist leaves the marks out: a listed opening (`se puede…`,
    /// `le importa si…`, `hay algún…`), a verb of knowing said to the listener before a
    /// question word or `si` (`sabe dónde está…`), or a closing offer (`…algo más`).
    static func asksWithoutMarks(_ words: [String], pack: LanguagePack) -> Bool {
        let body = withoutLeading(words, pack.words("question-skip"))
        if startsWithListed(body, pack.words("question-openers")) { return true }
        if let first = body.first, pack.contains(first, in: "question-knowing-verbs") {
            let rest = withoutLeading(Array(body.dropFirst()), pack.words("clitics").union(pack.words("subject-pronouns")))
            // `sabes que te quiero` tells: unaccented `que` opens a clause (complementizer.txt).
            if let next = rest.first, pack.contains(next, in: "question-after-knowing")
                || (pack.contains(next, in: "question-words") && !pack.contains(next, in: "complementizer")) { return true }
        }
        let closers = pack.words("question-closers")
        return (1...2).contains { count in
            body.count > count && closers.contains(body.suffix(count).joined(separator: " "))
        }
    }

    /// `words` without the leading ones in `skipped` (`please`, `oiga`, clitics).
    private static func withoutLeading(_ words: [String], _ skipped: Set<String>) -> [String] {
        Array(words.drop { skipped.contains($0) })
    }

    /// Whether `words` begin with one of `openings` (each one or more words).
    private static func startsWithListed(_ words: [String], _ openings: Set<String>) -> Bool {
        guard !openings.isEmpty else { return false }
        var prefix = ""
        for word in words.prefix(4) {
            prefix += prefix.isEmpty ? word : " " + word
            if openings.contains(prefix) { return true }
        }
        return false
    }
}
