/// What a language's analyser (in the morphology the asking rule was made with) says about a
/// word as a verb: its person, whether it is a command to usted, whether it is nothing but a
/// past. Every answer is false where there is no analyser, so the rules that ask simply do
/// not apply.
enum VerbReadings {
    /// The word's readings as a verb.
    private static func verbs(_ word: String, language: String, morphology: any Morphology) -> [WordReading] {
        (morphology.analyser(for: language)?.readings(of: word) ?? []).filter { ProtectedSpans.verbTags.contains($0.partOfSpeech) }
    }

    /// Whether `word` is a verb in `person` (`p1`, `p3`); with `only`, in no other person
    /// either (`perdone` is first and third).
    static func isVerb(_ word: String, in person: String, language: String, morphology: any Morphology, only: Bool = false) -> Bool {
        let persons = Set(verbs(word, language: language, morphology: morphology).flatMap(\.tags).filter { ["p1", "p2", "p3"].contains($0) })
        return persons.contains(person) && (!only || persons == [person])
    }

    /// Whether `word` may be a finite verb (`is`, `like`, `lost`, `will`) and is no adverb
    /// (`well`): a verb a clause's subject can have.
    static func isFinite(_ word: String, language: String, morphology: any Morphology) -> Bool {
        let readings = morphology.analyser(for: language)?.readings(of: word) ?? []
        return !readings.contains { $0.partOfSpeech == "adv" } && readings.contains { reading in
            ProtectedSpans.verbTags.contains(reading.partOfSpeech)
                && (["vaux", "vbmod"].contains(reading.partOfSpeech) || ["pres", "pri", "past"].contains(where: reading.tags.contains))
        }
    }

    /// Whether `word` is a verb's infinitive (`ayudar`, `atender`).
    static func isInfinitive(_ word: String, language: String, morphology: any Morphology) -> Bool {
        verbs(word, language: language, morphology: morphology).contains { $0.tags.contains("inf") }
    }

    /// Whether `word` is only a verb in the third person plural (`viajan`).
    static func isThirdPersonPlural(_ word: String, language: String, morphology: any Morphology) -> Bool {
        let readings = verbs(word, language: language, morphology: morphology)
        return !readings.isEmpty && readings.allSatisfy { $0.tags.contains("p3") && $0.tags.contains("pl") }
    }

    /// Whether `word` may be a verb in the third person of the present indicative (`compra`, `necesitan`).
    static func isPresentThirdPerson(_ word: String, language: String, morphology: any Morphology) -> Bool {
        verbs(word, language: language, morphology: morphology).contains { $0.tags.contains("pri") && $0.tags.contains("p3") }
    }

    /// Whether `word` is only a verb in the present indicative (`pongo`; not `compré`).
    static func isPresent(_ word: String, language: String, morphology: any Morphology) -> Bool {
        let readings = verbs(word, language: language, morphology: morphology)
        return !readings.isEmpty && readings.allSatisfy { $0.tags.contains("pri") }
    }

    /// The number (`sg`, `pl`) of the speaker whose present subjunctive `word` may be
    /// (`haga`, `hagamos`), or nil.
    static func speakerSubjunctiveNumber(_ word: String, language: String, morphology: any Morphology) -> String? {
        // The first person plural's command (`despertemos`) is the same form.
        let reading = verbs(word, language: language, morphology: morphology).first { ($0.tags.contains("prs") || $0.tags.contains("imp")) && $0.tags.contains("p1") }
        return reading.flatMap { $0.tags.contains("pl") ? "pl" : $0.tags.contains("sg") ? "sg" : nil }
    }

    /// Whether `word` may be a command to usted/ustedes (`llamen`, `mueva`).
    static func isFormalCommand(_ word: String, language: String, morphology: any Morphology) -> Bool {
        verbs(word, language: language, morphology: morphology).contains { $0.tags.contains("imp") && $0.tags.contains("p3") }
    }

    /// Whether `word` is only a past tense (`lost`, `broke`, `did`; not `cost`, which may be
    /// a present, nor a modal such as `could`, whose past form asks politely).
    static func isOnlyPast(_ word: String, language: String, morphology: any Morphology) -> Bool {
        let readings = verbs(word, language: language, morphology: morphology)
        return readings.contains { $0.tags.contains("past") } && !readings.contains { $0.tags.contains("pres") || $0.tags.contains("inf") }
            && !readings.contains { ["vaux", "vbmod"].contains($0.partOfSpeech) }
    }

    /// Whether `word` may be a preterite (`viste`, also the present of vestir).
    static func mayBePreterite(_ word: String, language: String, morphology: any Morphology) -> Bool {
        verbs(word, language: language, morphology: morphology).contains { $0.tags.contains("ifi") }
    }

    /// Whether `word` is only a preterite (`perdí`; not `reservamos`, which is a present too).
    static func isOnlyPreterite(_ readings: [WordReading]) -> Bool {
        !readings.isEmpty && readings.allSatisfy { ProtectedSpans.verbTags.contains($0.partOfSpeech) && $0.tags.contains("ifi") }
    }
}
