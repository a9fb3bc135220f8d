/// Spanish speaks to a stranger in the third person with no pronoun (`¿Tiene habitaciones?`,
/// `Tiene que pagar en la caja`): the subject is *usted*, "you". Apertium supplies "it" or
/// nothing (`Has free rooms?`, `It has to pay in the box`, `It can help me?`), so the
/// listener hears about an "it". When a sentence opens with one of the verbs people use
/// to address each other, the English is put in the second person: `Do you have free
/// rooms?`, `You have to pay…`, `Can you help me?`.
///
/// The words come from the packs: the source's `asking-verbs.txt`, `telling-verbs.txt`,
/// `obligation-phrases.txt`, `going-to-verbs.txt`, `formal-you.txt` and `clitics.txt`; the
/// target's `auxiliaries.tsv`, `subject-pronouns.tsv` and `second-person.tsv`. The English
/// it writes (`Do you`, `Are you going to`) is the algorithm's own.
struct SpanishAddress: DirectionRule {
    /// Verbs that, opening a question with no subject, address the listener.
    let askingVerbs: Set<String>
    /// Verbs that address the listener in a statement too: obligation and permission
    /// (`puede pagar aquí`), and verb + word phrases (`tiene que cambiar`, not `tiene fiebre`).
    let tellingVerbs: Set<String>
    let obligationPhrases: Set<String>
    /// Copulas that, opening a question before one of their adjectives, describe the
    /// listener (`¿Es alérgica…?`, `¿Está casado?`): copula → the adjectives' base forms.
    let listenerDescriptions: [String: Set<String>]
    /// The source language, whose word forms and analyser give an adjective's base form.
    let sourceLanguage: String
    /// Its pack, which says what a wish opens with (`wish-conjunctions.txt`).
    let sourcePack: LanguagePack
    /// Verbs that with `a` make a near future (`va a pagar`).
    let goingToVerbs: Set<String>
    /// The formal you said out loud: a subject Apertium translates itself.
    let formalYou: Set<String>
    /// Object pronouns that may come before the verb (`¿me puede decir…?`).
    let clitics: Set<String>
    /// The source's word forms, for an adjective's base form.
    let wordForms: WordForms.Language
    /// The source's question words and auxiliaries (`SentenceStyle.questionOpeners`).
    let questionOpeners: Set<String>
    /// English modals, which ask by coming first (`Can you`); other verbs ask with `Do you`.
    let modals: Set<String>
    /// Irregular English third-person forms and their second-person ones.
    let baseForms: [String: String]
    /// Verbs a question to usted asks more politely, with the auxiliary and verb to use
    /// (`want` → `would`, `like`).
    let politeQuestions: [String: (auxiliary: String, verb: String)]
    /// Question openings English says with the preposition at the end (`of where` →
    /// `where`, `from`).
    let strandedPrepositions: [(opening: [String], questionWord: String, preposition: String)]
    /// English auxiliaries that ask by coming before their subject.
    let auxiliaries: Set<String>
    /// Subjects Apertium writes at the start of a Spanish question (`¿Hay…?` → `There is…`).
    let subjects: Set<String>
    /// The target's question words (`where`, `what`).
    let targetQuestionWords: Set<String>
    /// The target's forms of `be` (`is`, `are`), and every auxiliary (`do`, `can`, `is`).
    let beForms: Set<String>
    let everyAuxiliary: Set<String>
    /// Pronouns the target writes with a capital (`I`).
    let capitalisedPronouns: Set<String>
    /// The target language, whose analyser says which words are verbs in the present.
    let targetLanguage: String
    /// Third-person subjects Apertium supplies where Spanish has none (`it`, `they`).
    let thirdPersonSubjects: Set<String>
    /// The source's question words, and the prepositions that may come before them
    /// (`de dónde`, `desde cuándo`): the phrase a wh-question opens with.
    let questionWords: Set<String>
    let questionPrepositions: Set<String>
    /// Asking verbs whose subject is a person, and the articles that may open a subject
    /// after other verbs (`¿Qué tiene la sopa?`).
    let personVerbs: Set<String>
    let articles: Set<String>
    /// Determiners that open another subject after the verb (`este tren`, `mi hermano`):
    /// the slot determiners less the possessives that may be the listener's (`su`).
    let subjectDeterminers: Set<String>
    /// Asking verbs without an object, after which even `su` opens their subject.
    let verbsWithoutObject: Set<String>
    /// Every slot determiner (`su` too).
    let determiners: Set<String>
    /// What opens a subject noun phrase in the target (`the`, `this`, `my`).
    let targetDeterminers: Set<String>
    /// Words that open a clause that may be said to the listener (`si`, `pero`), and the
    /// forms of haber that open a perfect (`ha`, `han`).
    let addressOpeners: Set<String>
    let perfectAuxiliaries: Set<String>
    /// Words that negate a verb (`no`), which may come before a command.
    let negations: Set<String>
    /// Object pronouns that, before a first-person verb, are the listener (`le`, `les`).
    let listenerObjects: Set<String>
    /// Phrases that name someone else as the object (`a ella`): `le` is then that person.
    let otherPersonObjects: [[String]]
    /// Verbs whose `le` is who feels (`le duele`, `le gusta`): a statement with one tells
    /// about someone else, the listener knowing their own pains and likes.
    let experiencerVerbs: Set<String>
    /// What asks the listener's wish for the speaker's act (`quiere que`), the target's
    /// `that`, and the words it asks with instead by the speakers' number (`sg` `me to`).
    let wantingOfSpeaker: [[String]]
    let targetComplementizers: [String]
    let speakerInfinitive: [String: [String]]
    /// Body parts in each language, the reflexive clitics with the target's possessive each
    /// means (`se` → `your` only in a question), and the target's articles.
    let bodyParts: Set<String>
    let targetBodyParts: Set<String>
    let reflexivePossessives: [String: (possessive: String, onlyAsking: Bool)]
    let targetArticles: Set<String>
    /// Openers after which any verb in the present is the listener's (`si`), and the verbs
    /// that have no person as subject (`llueve`, `hay`).
    let conditionalOpeners: Set<String>
    let impersonalVerbs: Set<String>
    /// The source's number words (`dos`), which are also determiners.
    let numberWords: Set<String>
    /// The source's indefinite determiners (`algún`), and the target's statement
    /// determiner with the one a question says (`some` → `any`).
    let indefiniteDeterminers: Set<String>
    let askingDeterminers: [String: String]
    /// The target's third-person object pronouns (`him`, `them`) and its second-person one.
    let thirdPersonObjects: Set<String>
    let secondPersonObject: String?

    /// The analysers the rule asks about words (its context's).
    let morphology: any Morphology

    /// The rules from `source`'s (Spanish) pack into `target`'s (English), asking `morphology` about words.
    init(from source: LanguagePack, to target: LanguagePack, morphology: any Morphology) {
        self.morphology = morphology
        askingVerbs = source.words("asking-verbs")
        tellingVerbs = source.words("telling-verbs")
        obligationPhrases = source.words("obligation-phrases")
        sourceLanguage = source.language
        sourcePack = source
        listenerDescriptions = source.table("listener-descriptions")
            .reduce(into: [:]) { $0[$1[0], default: []].insert($1[1]) }
        goingToVerbs = source.words("going-to-verbs")
        formalYou = source.words("formal-you")
        clitics = source.words("clitics")
        questionOpeners = SentenceStyle.questionOpeners(in: source)
        wordForms = WordForms.Language(pack: source)
        let auxiliaryRows = target.table("auxiliaries")
        modals = Set(auxiliaryRows.filter { $0[1] == "modal" }.map { $0[0] })
        auxiliaries = Set(auxiliaryRows.filter { ["be", "modal"].contains($0[1]) }.map { $0[0] })
        beForms = Set(auxiliaryRows.filter { $0[1] == "be" }.map { $0[0] })
        everyAuxiliary = Set(auxiliaryRows.map { $0[0] })
        baseForms = target.map("second-person")
        strandedPrepositions = target.table("stranded-prepositions").map {
            (opening: $0[0].split(separator: " ").map(String.init), questionWord: $0[1], preposition: $0[2])
        }
        politeQuestions = Dictionary(target.table("polite-questions").map { ($0[0], (auxiliary: $0[1], verb: $0[2])) },
                                     uniquingKeysWith: { first, _ in first })
        let pronouns = target.table("subject-pronouns")
        subjects = Set(pronouns.map { $0[0] })
        targetQuestionWords = target.words("question-words")
        targetDeterminers = target.words("subject-determiners")
        capitalisedPronouns = target.words("capitalised-pronouns")
        targetLanguage = target.language
        thirdPersonSubjects = Set(pronouns.filter { $0[1] == "3" }.map { $0[0] })
        questionWords = source.words("question-words")
        questionPrepositions = source.words("question-prepositions")
        listenerObjects = source.words("listener-objects")
        otherPersonObjects = source.list("other-person-objects").map { $0.split(separator: " ").map(String.init) }
        experiencerVerbs = source.words("experiencer-verbs")
        wantingOfSpeaker = source.list("wanting-of-speaker").map { $0.split(separator: " ").map(String.init) }
        targetComplementizers = target.list("complementizer")
        speakerInfinitive = target.map("speaker-infinitive").mapValues { $0.split(separator: " ").map(String.init) }
        bodyParts = source.words("body-parts")
        targetBodyParts = target.words("body-parts")
        reflexivePossessives = Dictionary(source.table("reflexive-possessives").filter { $0[0] == target.language }
            .map { ($0[1], (possessive: $0[2], onlyAsking: $0[3] == "question")) }, uniquingKeysWith: { first, _ in first })
        targetArticles = target.words("articles")
        conditionalOpeners = source.words("conditional-openers")
        impersonalVerbs = source.words("impersonal-verbs").union(source.words("experiencer-verbs"))
        numberWords = Set(source.table("numbers").map { $0[0] })
        indefiniteDeterminers = source.words("indefinite-determiners")
        askingDeterminers = target.map("asking-determiners")
        negations = source.words("negations")
        addressOpeners = source.words("address-openers")
        perfectAuxiliaries = source.words("perfect-auxiliaries")
        personVerbs = source.words("person-verbs")
        articles = source.words("articles")
        determiners = source.words("slot-determiners")
        subjectDeterminers = determiners.subtracting(source.words("formal-possessives"))
        verbsWithoutObject = source.words("verbs-without-object")
        let objects = target.table("object-pronouns")
        thirdPersonObjects = Set(objects.filter { $0[1] == "3" }.map { $0[0] })
        secondPersonObject = objects.first { $0[1] == "2" }?[0]
    }

    /// Whether the packs say enough for the rules to apply (Spanish into English).
    var applies: Bool { !askingVerbs.isEmpty && !baseForms.isEmpty }

    /// The rules for the context's direction, or nil when its packs do not have them.
    static func make(for context: TranslationContext) -> SpanishAddress? {
        let made = SpanishAddress(from: context.source, to: context.target, morphology: context.morphology)
        return made.applies ? made : nil
    }

    /// Whether `copula` before `word` describes the listener: `word` is, in any gender or
    /// number, one of the copula's adjectives (`alérgica`, `casados`).
    private func describesListener(_ copula: String, _ word: String?) -> Bool {
        guard let word, let adjectives = listenerDescriptions[copula] else { return false }
        let bases = [word] + wordForms.baseForms(of: word).map(\.base)
            + (morphology.analyser(for: sourceLanguage)?.readings(of: word).map(\.base) ?? [])
        return bases.contains(where: adjectives.contains)
    }

    /// `output` (Apertium's English for the start of a sentence whose Spanish words are
    /// `source`) in the second person, or unchanged when the sentence does not address the
    /// listener that way. `addressed`: a verb known to address the listener (a spoken
    /// `usted` beside it was taken out of `source`), whatever verb it is.
    func apply(to output: String, source: [String], question: Bool, addressed: String? = nil) -> String {
        let verbAt = source.prefix { clitics.contains($0) }.count
        guard verbAt < source.count else { return output }
        let verb = source[verbAt]
        let addresses = verb == addressed || (question ? askingVerbs.contains(verb) || describesListener(verb, source.dropFirst(verbAt + 1).first)
            : tellingVerbs.contains(verb)
                || source.dropFirst(verbAt + 1).first.map { obligationPhrases.contains(verb + " " + $0) } == true)
        // `usted` or `ustedes` said out loud, and left in, is a subject Apertium translates itself.
        guard addresses, verb == addressed || !source.contains(where: formalYou.contains) else { return output }
        var tokens = output.split(separator: " ").map(String.init)
        // Already asked with its own subject (a post-edit's `does it suit you`): left alone.
        if tokens.count > 1, everyAuxiliary.contains(tokens[0].lowercased()),
           subjects.contains(tokens[1].lowercased().trimmingCharacters(in: .punctuationCharacters)) { return output }
        if let first = tokens.first, thirdPersonSubjects.contains(first.lowercased()) { tokens.removeFirst() }
        // A verb alone keeps its mark after it (`live?`).
        guard let first = tokens.first, case let english = String(first.prefix(while: \.isLetter)), !english.isEmpty,
              first.dropFirst(english.count).allSatisfy(\.isPunctuation) else { return output }
        var rest = Array(tokens.dropFirst())
        if first.count > english.count {
            if rest.isEmpty { rest = [String(first.dropFirst(english.count))] } else { rest[rest.count - 1] += first.dropFirst(english.count) }
        }
        let lower = english.lowercased()
        // `va a pagar` comes out as `goes to pay`: "going to".
        if lower == "goes" || lower == "go", rest.first == "to", goingToVerbs.contains(verb) {
            rest.removeFirst()
            return Self.sentence(question ? ["Are", "you", "going", "to"] : ["You", "are", "going", "to"], rest)
        }
        let base = baseForms[lower] ?? Self.baseForm(of: lower)
        if modals.contains(base) {
            return Self.sentence(question ? [SentenceStyle.capitalizedFirstLetter(base), "you"] : ["You", base], rest)
        }
        if base == "are" { return Self.sentence(question ? ["Are", "you"] : ["You", "are"], rest) }
        // `¿Ha visto…?`: `It has seen` is the perfect, `Have you seen`.
        if base == "have", perfectAuxiliaries.contains(verb) {
            return Self.sentence(question ? ["Have", "you"] : ["You", "have"], rest)
        }
        if question, let polite = politeQuestions[base] {
            return Self.sentence([SentenceStyle.capitalizedFirstLetter(polite.auxiliary), "you", polite.verb], rest)
        }
        return Self.sentence(question ? ["Do", "you", base] : ["You", base], rest)
    }

    /// `output`, English for a Spanish yes/no question, in question order: Spanish asks in
    /// statement order (`¿Hay un banco cerca?`, `¿Es para regalo?`) and Apertium keeps it
    /// (`There is a bank near?`, `It is for gift?`): `Is there a bank near?`, `Is it for gift?`.
    /// Another verb after a pronoun asks with `do` (`We need a table?` → `Do we need a table?`),
    /// a past with `did` (`You saw the match?` → `Did you see the match?`), a perfect with its
    /// `have` (`It has liked…` → `Has it liked…`).
    /// `sourceInPresent`: the source verb is a present, so an English form that is also a
    /// past (`put`, `cut`) is the present (`¿Dónde pongo…?` → `Where do I put…?`).
    /// `sourceInPast`: the source verb may be a preterite, so an English form that may be a
    /// past, and also a present or a noun (`saw`), is the past (`¿Viste…?` → `Did you see…?`).
    func questionOrder(_ output: String, sourceInPresent: Bool = false, sourceInPast: Bool = false) -> String {
        var tokens = output.split(separator: " ").map(String.init)
        guard tokens.count >= 2, subjects.contains(tokens[0].lowercased()), tokens[1].allSatisfy(\.isLetter) else { return output }
        // `I` keeps its capital.
        let subject = capitalisedPronouns.contains(tokens[0].lowercased()) ? tokens[0] : tokens[0].lowercased()
        let verb = tokens[1].lowercased()
        let analyser = morphology.analyser(for: targetLanguage)
        let readings = analyser?.readings(of: verb) ?? []
        // A perfect asks with its own `have` (`It has liked…` → `Has it liked…`).
        let perfect = readings.contains { $0.partOfSpeech == "vbhaver" }
            && tokens.count > 2 && (analyser?.readings(of: tokens[2].lowercased()) ?? []).contains { $0.tags.contains("pp") }
        if auxiliaries.contains(verb) || perfect {
            tokens[0] = SentenceStyle.capitalizedFirstLetter(verb)
            tokens[1] = subject
            return tokens.joined(separator: " ")
        }
        // A past asks with `did` and the verb's base form (`You saw the match?` → `Did you see…`).
        if !sourceInPresent, VerbReadings.isOnlyPast(verb, language: targetLanguage, morphology: morphology)
            || sourceInPast && readings.contains(where: { $0.tags.contains("past") }),
           let base = readings.first(where: { $0.partOfSpeech == "vblex" && $0.tags.contains("past") })?.base {
            return (["Did", subject, base] + tokens.dropFirst(2)).joined(separator: " ")
        }
        // Only a verb in the present, never a past, an adverb or a pronoun (`they there…`).
        guard readings.contains(where: { ["vblex", "vbhaver", "vbdo"].contains($0.partOfSpeech) && ($0.tags.contains("pres") || $0.tags.contains("pri")) }),
              readings.allSatisfy({ ["vblex", "vbhaver", "vbdo", "vbmod", "vaux", "n"].contains($0.partOfSpeech)
                  && (sourceInPresent || !$0.tags.contains("past")) })
        else { return output }
        let thirdSingular = readings.contains { $0.tags.contains("p3") && $0.tags.contains("sg") }
        let base = baseForms[verb] ?? (thirdSingular ? Self.baseForm(of: verb) : verb)
        return ([thirdSingular ? "Does" : "Do", subject, base] + tokens.dropFirst(2)).joined(separator: " ")
    }

    /// `output` with a preposition Apertium left before the question word put at the end,
    /// as English asks: `Of where are you?` → `Where are you from?`.
    func strandingPreposition(_ output: String) -> String {
        var tokens = output.split(separator: " ").map(String.init)
        guard let rule = strandedPrepositions.first(where: { rule in
            tokens.count > rule.opening.count
                && zip(tokens, rule.opening).allSatisfy { $0.lowercased() == $1 }
        }) else { return output }
        let capital = tokens[0].first?.isUppercase == true
        tokens.removeFirst(rule.opening.count)
        tokens.insert(capital ? SentenceStyle.capitalizedFirstLetter(rule.questionWord) : rule.questionWord, at: 0)
        let last = tokens[tokens.count - 1]
        let marks = last.reversed().prefix { $0.isPunctuation }
        tokens[tokens.count - 1] = String(last.dropLast(marks.count)) + " " + rule.preposition + String(marks.reversed())
        return tokens.joined(separator: " ")
    }

    /// `output`, English for a Spanish wh-question, with its subject pronoun after the verb
    /// as a yes/no question has it (`Where it is from?` → `Where is it from?`, `What I do
    /// now?` → `What do I do now?`): Apertium keeps the statement order.
    func whQuestionOrder(_ output: String) -> String {
        let marks = String(output.reversed().prefix { $0.isPunctuation }.reversed())
        let tokens = output.dropLast(marks.count).split(separator: " ", maxSplits: 1).map(String.init)
        guard tokens.count == 2, targetQuestionWords.contains(tokens[0].lowercased()) else { return output }
        let rest = tokens[1].split(separator: " ").map(String.init)
        // The question word may ask with a noun (`What time comes the bus?`).
        for start in 0...min(1, rest.count - 1) {
            if let asked = postverbalSubject(Array(rest[start...])) {
                return ([tokens[0]] + rest[..<start] + [asked]).joined(separator: " ") + marks
            }
        }
        guard let subject = rest.first, subjects.contains(subject.lowercased()) else { return output }
        return tokens[0] + " " + Self.lowercasedPronoun(questionOrder(tokens[1]), keeping: capitalisedPronouns) + marks
    }

    /// `words` asked with the subject Spanish put after its verb, without the `it` Apertium
    /// may supply (`it arrives the train`, `comes the bus` → `does the train arrive`, `does
    /// the bus come`); a preposition moved to the end stays there (`it comes this train from`
    /// → `does this train come from`). Nil when the words are not one of these.
    private func postverbalSubject(_ words: [String]) -> String? {
        var words = words
        let start = words.first.map { thirdPersonSubjects.contains($0.lowercased()) } == true ? 1 : 0
        guard words.count >= start + 3, targetDeterminers.contains(words[start + 1].lowercased()),
              words.allSatisfy({ $0.allSatisfy(\.isLetter) }),
              VerbReadings.isVerb(words[start].lowercased(), in: "p3", language: targetLanguage, morphology: morphology)
        else { return nil }
        let stranded = strandedPrepositions.contains { $0.preposition == words.last } ? words.removeLast() : nil
        let verb = words[start].lowercased()
        let subject = words[(start + 1)...]
        let asked = auxiliaries.contains(verb) ? [verb] + subject
            : ["does"] + subject + [baseForms[verb] ?? Self.baseForm(of: verb)]
        return (asked + (stranded.map { [$0] } ?? [])).joined(separator: " ")
    }

    /// `output`, English for a Spanish yes/no question whose subject follows its predicate
    /// (`¿Está abierta la farmacia?`, `¿Están incluidas las bebidas?`), asked with that
    /// subject: Apertium supplies a pronoun and keeps the Spanish order (`Is it open the
    /// pharmacy?`, `Are you included the drinks?`) → `Is the pharmacy open?`. The subject is
    /// the last phrase opened by a determiner after no preposition (`for the trip` is none).
    func askingPostverbalSubject(_ output: String) -> String {
        let marks = String(output.reversed().prefix { $0.isPunctuation }.reversed())
        let words = output.dropLast(marks.count).split(separator: " ").map(String.init)
        guard words.count >= 4, words.allSatisfy({ $0.allSatisfy(\.isLetter) }) else { return output }
        let first = words[0].lowercased(), second = words[1].lowercased()
        let verb: String
        if beForms.contains(first), subjects.contains(second) { verb = first }
        else if subjects.contains(first), beForms.contains(second) { verb = second }
        else { return output }
        let analyser = morphology.analyser(for: targetLanguage)
        guard let start = (3..<words.count).first(where: { index in
            targetDeterminers.contains(words[index].lowercased())
                && !(analyser?.readings(of: words[index - 1].lowercased()) ?? []).contains { $0.partOfSpeech == "pr" }
        }) else { return output }
        return ([SentenceStyle.capitalizedFirstLetter(verb)] + words[start...] + words[2..<start]).joined(separator: " ") + marks
    }

    /// `text` with its first word in lower case unless it is a pronoun written with a capital (`I`).
    private static func lowercasedPronoun(_ text: String, keeping capitalised: Set<String>) -> String {
        guard let first = text.split(separator: " ").first, !capitalised.contains(first.lowercased()) else { return text }
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// A regular English third-person form without its `-s`.
    static func baseForm(of verb: String) -> String {
        if verb.hasSuffix("ies"), verb.count > 4 { return String(verb.dropLast(3)) + "y" }
        for ending in ["sses", "shes", "ches", "xes", "oes"] where verb.hasSuffix(ending) { return String(verb.dropLast(2)) }
        if verb.hasSuffix("s"), !verb.hasSuffix("ss"), verb.count > 2 { return String(verb.dropLast()) }
        return verb
    }

    private static func sentence(_ opening: [String], _ rest: [String]) -> String {
        (opening + rest).joined(separator: " ")
    }
}
