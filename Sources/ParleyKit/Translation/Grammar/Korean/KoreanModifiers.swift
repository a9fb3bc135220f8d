/// Korean says a word that describes a noun in a form of its own before it: `큰 방` ("a big
/// room"), `이 가방` ("this bag"). Assembled word by word, the English adjective comes out in
/// its sentence form (`커요`, "it is big") and the demonstrative as a pronoun (`이거`, "this
/// one"), so `a big room` was `커요 방`, which the word order then tore apart (`방 있어요 커요`).
///
/// An adjective is made attributive where the English had it right before a noun (its
/// segment has no form of `be` in it, the analyser reads it only as an adjective, and the
/// next is a noun the analyser knows); a demonstrative, where a translated noun follows it.
/// The words are the target pack's `attributive-forms.tsv` and `determiners.tsv`, and the
/// source pack's `auxiliaries.tsv`.
struct KoreanModifiers: SegmentRule {
    let attributive: [String: String]
    let determiners: [String: String]
    let predicateEndings: Set<String>
    let copulas: Set<String>
    /// The source language, whose analyser says which words are adjectives and nouns.
    let source: String
    let morphology: Morphology

    /// The rule of the packs, or nil when the target has no modifying forms.
    static func make(for context: TranslationContext) -> KoreanModifiers? {
        let source = context.pair.source, targetPack = context.target
        let attributive = targetPack.map("attributive-forms")
        let determiners = Dictionary(targetPack.table("determiners").filter { $0.count >= 3 && $0[0] == source }.map { ($0[1], $0[2]) },
                                     uniquingKeysWith: { first, _ in first })
        guard !attributive.isEmpty || !determiners.isEmpty else { return nil }
        return KoreanModifiers(attributive: attributive, determiners: determiners,
                               predicateEndings: targetPack.words("predicate-endings"),
                               copulas: Set(context.source.table("auxiliaries").filter { $0.count >= 2 && $0[1].hasPrefix("be") }.map { $0[0] }),
                               source: source, morphology: context.morphology)
    }

    /// `segments` with attributive adjectives and demonstratives in the target's noun-modifying forms.
    func apply(to segments: [TranslationSegment]) -> [TranslationSegment] {
        guard segments.count > 1 else { return segments }
        var result = segments
        for index in result.indices.dropLast() {
            let segment = result[index], next = result[index + 1]
            guard segment.origin != .passthrough, isTranslatedNoun(next),
                  let end = next.target.last, !predicateEndings.contains(String(end)) else { continue }
            let words = segment.source.split(separator: " ").map(String.init)
            if let form = attributive[segment.target], !words.contains(where: copulas.contains),
               let adjective = words.last, isOnlyAdjective(adjective) {
                result[index] = TranslationSegment(source: segment.source, target: form, origin: segment.origin)
            } else if let last = words.last, let determiner = determiners[last] {
                result[index] = TranslationSegment(source: segment.source, target: determiner, origin: segment.origin)
            }
        }
        return result
    }

    /// Whether the source's analyser reads `word` as an adjective and never as a verb
    /// (`open` in `does the restaurant open for dinner` is not `열린`).
    private func isOnlyAdjective(_ word: String) -> Bool {
        let readings = morphology.analyser(for: source)?.readings(of: word) ?? []
        return readings.contains { $0.partOfSpeech == "adj" } && !readings.contains { ProtectedSpans.verbTags.contains($0.partOfSpeech) }
    }

    /// A segment translated from a word the source's analyser reads as a noun.
    private func isTranslatedNoun(_ segment: TranslationSegment) -> Bool {
        guard segment.origin != .passthrough, segment.origin != .number,
              let word = segment.source.split(separator: " ").last.map(String.init) else { return false }
        return (morphology.analyser(for: source)?.readings(of: word) ?? []).contains { $0.partOfSpeech == "n" }
    }
}
