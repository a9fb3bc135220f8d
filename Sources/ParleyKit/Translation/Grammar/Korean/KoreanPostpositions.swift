/// English puts `to`, `at`, `from` before a noun; Korean marks the same thing with a
/// particle after it (`to the airport` → `공항에`, `from the hotel` → `호텔에서`). Passed
/// through, the preposition is a stray English word; attached, it is correct Korean.
/// The target's `postpositions.tsv` says which source prepositions become which particle.
struct KoreanPostpositions: SegmentRule {
    let particles: [String: String]
    let personParticles: [String: String]
    let persons: Set<String>
    let predicateEndings: Set<String>
    let determiners: Set<String>

    /// The rule of the packs, or nil when the target has no particles for the source's prepositions.
    static func make(for context: TranslationContext) -> KoreanPostpositions? {
        let (source, target) = (context.pair.source, context.target)
        let particles = Self.particles(from: source, in: target)
        guard !particles.isEmpty else { return nil }
        // `to my grandmother`: a person takes 한테, not 에.
        let personParticles = Self.particles(from: source, in: target, table: "person-postpositions")
        return KoreanPostpositions(particles: particles, personParticles: personParticles,
                                   persons: personParticles.isEmpty ? [] : Self.persons(in: target),
                                   predicateEndings: target.words("predicate-endings"),
                                   // `in my room`: a determiner (`제`) opens the noun phrase; the particle goes on its noun.
                                   determiners: context.source.words("subject-determiners"))
    }

    /// The source language's prepositions and the particle each becomes in the target, from
    /// the target's `table` (`postpositions`, or `person-postpositions` after a person).
    static func particles(from source: String, in target: LanguagePack, table: String = "postpositions") -> [String: String] {
        var particles: [String: String] = [:]
        for row in target.table(table) where row.count >= 3 && row[0] == source {
            if particles[row[1]] == nil { particles[row[1]] = row[2] }
        }
        return particles
    }

    /// The target's nouns for people: those `counters.tsv` counts with a counter of
    /// `person-counters.txt` (`친구 두 명`).
    static func persons(in pack: LanguagePack) -> Set<String> {
        let counters = pack.words("person-counters")
        return Set(pack.table("counters").filter { counters.contains($0[1]) }.map { $0[0] })
    }

    /// `segments` (English → Korean, or any pair `postpositions.tsv` lists) with each untranslated preposition turned into a
    /// particle on the noun phrase after it (`싼 호텔에서`), when that is not a verb or
    /// sentence (which end in `요` or `다`).
    func apply(to segments: [TranslationSegment]) -> [TranslationSegment] {
        func takesParticle(_ noun: TranslationSegment) -> Bool {
            guard noun.origin != .passthrough, noun.origin != .number, let last = noun.target.last else { return false }
            return !predicateEndings.contains(String(last)) && last != "?" && last.isLetter
        }
        var result: [TranslationSegment] = []
        var index = 0
        while index < segments.count {
            let segment = segments[index]
            // A dropped `is` joins the preposition's source (`is in`): the preposition is its last word.
            if segment.origin == .passthrough, let preposition = segment.source.split(separator: " ").last,
               let placeParticle = particles[String(preposition)], index + 1 < segments.count {
                var phrase = [segments[index + 1]]
                if determiners.contains(phrase[0].source), index + 2 < segments.count, takesParticle(segments[index + 2]) {
                    phrase.append(segments[index + 2])
                }
                if let noun = phrase.last, takesParticle(noun) {
                    let isPerson = noun.target.split(separator: " ").last.map { persons.contains(String($0)) } == true
                    let particle = isPerson ? personParticles[String(preposition)] ?? placeParticle : placeParticle
                    // `으로/로`: the form that fits the noun's last syllable.
                    let forms = particle.split(separator: "/").map(String.init)
                    let written = forms.count == 2 ? KoreanSyllables.particle(after: noun.target, forms[0], forms[1]) : particle
                    result.append(TranslationSegment(source: ([segment.source] + phrase.map(\.source)).joined(separator: " "),
                                                     target: phrase.map(\.target).joined(separator: " ") + written, origin: noun.origin))
                    index += 1 + phrase.count
                    continue
                }
            }
            result.append(segment)
            index += 1
        }
        return result
    }
}
