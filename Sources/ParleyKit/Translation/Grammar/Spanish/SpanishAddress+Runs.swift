extension SpanishAddress {
    /// Where a run of words Apertium translates stands in its sentence.
    struct RunPlace {
        /// The sentence asks.
        let asks: Bool
        /// The run opens the sentence proper (after greetings said on their own).
        let opensSentence: Bool
        /// The run follows a phrasebook question phrase (`cuántas noches | se van a quedar`).
        let followsQuestionPhrase: Bool
        /// The verb a spoken `usted` stood beside (taken out of the run).
        let addressed: String?
        /// The source language, whose analyser reads the verbs.
        let language: String
    }

    /// The English for `run`, with the listener addressed as "you" wherever the Spanish says
    /// usted or ustedes without a pronoun. `translate(range)` translates the run's words in
    /// `range`: the whole run, or the two parts a question phrase (`¿Cómo | quiere la
    /// carne?`) or a clause opener (`si | necesita algo`) splits it into, the second said to
    /// the listener.
    func say(_ run: [String], at place: RunPlace, translate: (Range<Int>) throws -> String) throws -> String {
        let language = place.language
        var output: String
        if place.opensSentence, place.asks, let end = questionPhraseEnd(in: run, addressed: place.addressed),
           case let tail = try translate(end..<run.count),
           case let said = apply(to: tail, source: Array(run[end...]), question: true, addressed: place.addressed), said != tail {
            // `¿Cómo quiere la carne?`: `How` + `do you want the meat`, not `How it wants the meat?`.
            output = try translate(0..<end) + " " + Self.lowercasedFirst(said)
        } else if place.opensSentence, place.asks,
                  let end = questionPhraseEnd(in: run, beforeSpeakerVerb: { VerbReadings.isVerb($0, in: "p1", language: language, morphology: morphology, only: true) }) {
            // `en qué le puedo ayudar`: `In what` + `can I help you`, not `In what can help you`.
            let present = VerbReadings.isPresent(run[end...].first { !clitics.contains($0) } ?? "", language: language, morphology: morphology)
            output = try translate(0..<end) + " " + Self.lowercasedFirst(questionOrder(try translate(end..<run.count),
                                                                                       sourceInPresent: present))
        } else if !place.asks, let clause = addressedClause(in: run, isPresentThirdPerson: { VerbReadings.isPresentThirdPerson($0, language: language, morphology: morphology) }),
                  case let tail = try translate(clause.start..<run.count),
                  case let said = apply(to: tail, source: Array(run[clause.start...]), question: false, addressed: clause.verb),
                  said != tail {
            // `si necesita algo`: `if` + `you need something`, not `If it needs something`.
            var head = try translate(0..<clause.start)
            if place.opensSentence {
                head = command(apply(to: head, source: Array(run[..<clause.start]), question: false, addressed: place.addressed),
                               source: run, isFormalCommand: { VerbReadings.isFormalCommand($0, language: language, morphology: morphology) })
            }
            output = head + " " + Self.lowercasedFirst(said)
        } else if place.followsQuestionPhrase, case let whole = try translate(0..<run.count),
                  case let said = apply(to: whole, source: run, question: true, addressed: place.addressed), said != whole {
            output = Self.lowercasedFirst(said)
        } else {
            output = try translate(0..<run.count)
            if place.opensSentence {
                if place.asks {
                    // `¿Viajan solos?`, `¿Ha visto…?`: no asking verb, but no subject either.
                    let asked = place.addressed
                        ?? questionVerb(in: run, isThirdPersonPlural: { VerbReadings.isThirdPersonPlural($0, language: language, morphology: morphology) })
                    output = apply(to: output, source: run, question: true, addressed: asked)
                    if !questionOpeners.contains(run.first ?? "") {
                        let verb = run.first { !clitics.contains($0) } ?? ""
                        output = questionOrder(output, sourceInPast: VerbReadings.mayBePreterite(verb, language: language, morphology: morphology))
                    }
                } else {
                    output = command(apply(to: output, source: run, question: false, addressed: place.addressed),
                                     source: run, isFormalCommand: { VerbReadings.isFormalCommand($0, language: language, morphology: morphology) })
                }
            }
        }
        if place.asks, place.opensSentence { output = askingPostverbalSubject(whQuestionOrder(strandingPreposition(output))) }
        if place.asks { output = askingIndefinite(output, source: run) }
        output = wished(ownBodyPart(output, source: run, asks: place.asks), source: run)
        output = wantedOfSpeaker(output, source: run, speakerSubjunctive: { VerbReadings.speakerSubjunctiveNumber($0, language: language, morphology: morphology) })
        return listenerAsObject(output, source: run, asks: place.asks,
                                isVerb: { VerbReadings.isVerb($0, in: "p3", language: language, morphology: morphology) },
                                isFirstPersonVerb: { VerbReadings.isVerb($0, in: "p1", language: language, morphology: morphology, only: true) },
                                isInfinitive: { VerbReadings.isInfinitive($0, language: language, morphology: morphology) })
    }

    private static func lowercasedFirst(_ text: String) -> String {
        text.prefix(1).lowercased() + text.dropFirst()
    }
}
