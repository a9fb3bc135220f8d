/// The listener as usted beyond a sentence's opening verb: in a question that opens with a
/// question phrase (`¿Cómo quiere la carne?`, `cuánto tiempo se van a quedar`), with `usted`
/// said beside the verb (`¿Está usted bien?`), and as the object of what the speaker does
/// (`le puedo ayudar`, `les traigo la cuenta`). Apertium writes a third person for each
/// (`How it wants the meat?`, `Is it you well?`, `can help him`).
extension SpanishAddress {
    /// Where the question phrase of a wh-question ends (`qué talla`, `de dónde`, `cuánto
    /// tiempo`: a question word, after a preposition or before up to two words) when what
    /// follows opens with a verb that addresses the listener; nil otherwise. The two parts
    /// are translated apart, and the second is put in the second person as a yes/no question is.
    func questionPhraseEnd(in run: [String], addressed: String?) -> Int? {
        questionPhraseEnds(in: run).first { candidate in
            let rest = run[candidate.end...]
            let opening = candidate.opening, verb = candidate.verb
            // `se` with a verb is mostly not the listener (`cómo se escribe`, `a qué se
            // dedica`), but it is in a near future (`se van a quedar`).
            let impersonal = opening.contains("se")
                && !(goingToVerbs.contains(verb) && rest.dropFirst(opening.count + 1).first == "a")
            // After a question phrase the subject may follow the verb (`¿Qué tiene la
            // sopa?`, `¿De dónde viene este tren?`): a verb before a determiner addresses only
            // when its subject is a person.
            let opensSubject = verbsWithoutObject.contains(verb) ? determiners : subjectDeterminers
            let subjectMayFollow = rest.dropFirst(opening.count + 1).first.map(opensSubject.contains) == true
                && !personVerbs.contains(verb)
            return !impersonal && (verb == addressed || (askingVerbs.contains(verb) && !subjectMayFollow))
        }?.end
    }

    /// Where the question phrase of a wh-question ends when what follows opens with a verb
    /// `isSpeakerVerb` says is the speaker's (`en qué | le puedo ayudar`, `dónde | compro
    /// los billetes`); nil otherwise. The second part is asked as the speaker's own question.
    func questionPhraseEnd(in run: [String], beforeSpeakerVerb isSpeakerVerb: (String) -> Bool) -> Int? {
        questionPhraseEnds(in: run).first { isSpeakerVerb($0.verb) }?.end
    }

    /// The places a question phrase may end (a question word, after a preposition or before
    /// up to two words), each with the clitics and the verb that open what follows. A clitic
    /// ends the question phrase: what follows is no longer its noun.
    private func questionPhraseEnds(in run: [String]) -> [(end: Int, opening: ArraySlice<String>, verb: String)] {
        var start = 0
        if run.count > 2, questionPrepositions.contains(run[0]) { start = 1 }
        guard start + 1 < run.count, questionWords.contains(run[start]) else { return [] }
        var ends: [(end: Int, opening: ArraySlice<String>, verb: String)] = []
        for end in (start + 1)...min(start + 3, run.count - 1) {
            let rest = run[end...]
            let opening = rest.prefix { clitics.contains($0) }
            guard opening.count < rest.count else { break }
            ends.append((end, opening, rest[rest.startIndex + opening.count]))
            if !opening.isEmpty { break }
        }
        return ends
    }

    /// The position of a spoken `usted`/`ustedes` next to a verb `isThirdPersonVerb` says is
    /// in the third person (`¿Está usted bien?`, `¿usted tiene…?`, `¿de dónde es usted?`),
    /// when that verb opens the run or follows its question phrase, with that verb; nil otherwise. Taken
    /// out, the verb is put in the second person: Apertium writes `Is it you well?` with it.
    func spokenFormalYou(in run: [String], isThirdPersonVerb: (String) -> Bool) -> (position: Int, verb: String)? {
        guard let position = run.firstIndex(where: formalYou.contains) else { return nil }
        var rest = run
        rest.remove(at: position)
        let verbAt = rest.prefix { clitics.contains($0) }.count
        let opensWithVerb = verbAt < rest.count && !questionWords.contains(rest[verbAt])
            && !questionPrepositions.contains(rest[verbAt]) && isThirdPersonVerb(rest[verbAt])
        let neighbours = [position - 1, position + 1].filter { run.indices.contains($0) }
        guard let verb = neighbours.map({ run[$0] }).first(where: isThirdPersonVerb),
              opensWithVerb || questionPhraseEnd(in: rest, addressed: verb) != nil else { return nil }
        return (position, verb)
    }

    /// `output` with the listener as object: when the source has `le`/`les` before a verb
    /// `isFirstPersonVerb` says is the speaker's (`le puedo ayudar`, `no le he entendido`),
    /// or before any verb `isVerb` knows, in a question (`¿Dónde le duele?`) or a statement
    /// that names no one else as the object (`El taxi le costará…`, `el médico le atenderá`,
    /// but not `le dio las llaves a ella`) with a verb not of feeling (`le duele la cabeza`
    /// tells about someone else), the first third-person object Apertium wrote
    /// (`him`, `them`) becomes `you`: in a conversation, le is mostly the person spoken to.
    func listenerAsObject(_ output: String, source: [String], asks: Bool = false, isVerb: (String) -> Bool = { _ in false },
                          isFirstPersonVerb: (String) -> Bool, isInfinitive: (String) -> Bool = { _ in false }) -> String {
        let namesOther = otherPersonObjects.contains { !PhraseText.occurrences(of: $0, in: source).isEmpty }
        guard let you = secondPersonObject,
              source.indices.dropLast().contains(where: { listenerObjects.contains(source[$0])
                  && (isFirstPersonVerb(source[$0 + 1]) || isVerb(source[$0 + 1])
                      && (asks || !namesOther && !experiencerVerbs.contains(source[$0 + 1]))) })
                || source.contains(where: { listenerAttached(to: $0, isInfinitive: isInfinitive) })
        else { return output }
        var tokens = output.split(separator: " ").map(String.init)
        guard let index = tokens.firstIndex(where: { thirdPersonObjects.contains(PhraseText.bareWord($0).lowercased()) }) else { return output }
        let word = PhraseText.bareWord(tokens[index])
        tokens[index] = tokens[index].replacingOccurrences(of: word, with: word.first?.isUppercase == true
            ? SentenceStyle.capitalizedFirstLetter(you) : you)
        return tokens.joined(separator: " ")
    }

    /// Whether `word` is an infinitive with `le`/`les` attached (`ayudarle`, `atenderles`):
    /// service Spanish says it to the listener (`Ha sido un placer ayudarle`).
    private func listenerAttached(to word: String, isInfinitive: (String) -> Bool) -> Bool {
        listenerObjects.contains { object in
            word.count > object.count + 2 && word.hasSuffix(object) && isInfinitive(String(word.dropLast(object.count)))
        }
    }

    /// `output` as a command when the source opens with a command to usted/ustedes (a verb
    /// `isFormalCommand` reads as one, after `no` and clitics: `Llamen a una ambulancia`,
    /// `no se mueva`): Apertium reads the form as a present and supplies a subject (`They
    /// call…`, `It do not move`), which goes.
    func command(_ output: String, source: [String], isFormalCommand: (String) -> Bool) -> String {
        let verbAt = source.prefix { negations.contains($0) || clitics.contains($0) }.count
        guard verbAt < source.count, isFormalCommand(source[verbAt]) else { return output }
        var tokens = output.split(separator: " ").map(String.init)
        guard tokens.count > 1, thirdPersonSubjects.contains(tokens[0].lowercased()) else { return output }
        tokens.removeFirst()
        return tokens.joined(separator: " ")
    }

    /// The verb that opens a yes/no question `run` and, having no subject, asks the
    /// listener as ustedes or usted though no asking verb: one in the third person plural
    /// (`¿Viajan solos?`), or a perfect (`¿Ha visto a un niño?`, `¿Han estado en el sur?`);
    /// not when an article opens a subject after it (`¿Llegan los trenes…?`, `¿Ha llegado el tren?`).
    func questionVerb(in run: [String], isThirdPersonPlural: (String) -> Bool) -> String? {
        let verbAt = run.prefix { clitics.contains($0) }.count
        guard verbAt < run.count else { return nil }
        let verb = run[verbAt]
        let perfect = perfectAuxiliaries.contains(verb)
        guard perfect || isThirdPersonPlural(verb) else { return nil }
        let after = run.dropFirst(verbAt + (perfect ? 2 : 1)).first
        // `¿Se ha torcido el tobillo?`: the article opens the listener's body part, no subject.
        return after.map(articles.contains) == true && !reflexiveBodyPart(in: run) ? nil : verb
    }

    /// Where a clause said to the listener opens inside a statement's run (`si necesita
    /// algo`, `pero debe ir al médico`): the position after its opener, and its verb (an
    /// asking or telling verb after clitics); nil when none does.
    /// After a conditional opener (`si compra dos`) any verb `isPresentThirdPerson` reads
    /// so is the listener's, unless it is impersonal (`si llueve`) or its subject follows
    /// (`si llega el tren`).
    func addressedClause(in run: [String], isPresentThirdPerson: (String) -> Bool = { _ in false }) -> (start: Int, verb: String)? {
        guard !run.contains(where: formalYou.contains) else { return nil }
        for index in run.indices.dropLast() where addressOpeners.contains(run[index]) {
            let rest = run[(index + 1)...]
            let verbAt = rest.prefix { clitics.contains($0) }.count
            guard verbAt < rest.count else { continue }
            let verb = rest[rest.startIndex + verbAt]
            if askingVerbs.contains(verb) || tellingVerbs.contains(verb) { return (index + 1, verb) }
            // A number after the verb is its object (`si compra dos`), not a subject's determiner.
            let subjectFollows = rest.dropFirst(verbAt + 1).first.map { determiners.contains($0) && !numberWords.contains($0) } == true
            if conditionalOpeners.contains(run[index]), !impersonalVerbs.contains(verb), !subjectFollows,
               isPresentThirdPerson(verb) { return (index + 1, verb) }
        }
        return nil
    }

    /// `output`, a question whose source has an indefinite determiner (`¿Es alérgico a algún
    /// medicamento?`), with the statement's determiner Apertium wrote made the question's
    /// (`some` → `any`): English asks with `any`.
    func askingIndefinite(_ output: String, source: [String]) -> String {
        guard source.contains(where: indefiniteDeterminers.contains) else { return output }
        var tokens = output.split(separator: " ").map(String.init)
        guard let index = tokens.firstIndex(where: { askingDeterminers[$0.lowercased()] != nil }),
              let asked = askingDeterminers[tokens[index].lowercased()] else { return output }
        tokens[index] = tokens[index].first?.isUppercase == true ? SentenceStyle.capitalizedFirstLetter(asked) : asked
        return tokens.joined(separator: " ")
    }
}
