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
public enum KoreanModifiers {
    /// `segments` with attributive adjectives and demonstratives in the target's noun-modifying forms.
    public static func apply(to segments: [TranslationSegment], from source: String, to target: String)
        -> [TranslationSegment] {
        let targetPack = LanguagePack.named(target)
        let attributive = targetPack.map("attributive-forms")
        let determiners = Dictionary(targetPack.table("determiners").filter { $0.count >= 3 && $0[0] == source }.map { ($0[1], $0[2]) },
                                     uniquingKeysWith: { first, _ in first })
        guard !attributive.isEmpty || !determiners.isEmpty, segments.count > 1 else { return segments }
        let predicateEndings = targetPack.words("predicate-endings")
        let copulas = Set(LanguagePack.named(source).table("auxiliaries").filter { $0.count >= 2 && $0[1].hasPrefix("be") }.map { $0[0] })
        var result = segments
        for index in result.indices.dropLast() {
            let segment = result[index], next = result[index + 1]
            guard segment.origin != .passthrough, isTranslatedNoun(next, language: source),
                  let end = next.target.last, !predicateEndings.contains(String(end)) else { continue }
            let words = segment.source.split(separator: " ").map(String.init)
            if let form = attributive[segment.target], !words.contains(where: copulas.contains),
               let adjective = words.last, isOnlyAdjective(adjective, language: source) {
                result[index] = TranslationSegment(source: segment.source, target: form, origin: segment.origin)
            } else if let last = words.last, let determiner = determiners[last] {
                result[index] = TranslationSegment(source: segment.source, target: determiner, origin: segment.origin)
            }
        }
        return result
    }

    /// Whether the source's analyser reads `word` as an adjective and never as a verb
    /// (`open` in `does the restaurant open for dinner` is not `열린`).
    private static func isOnlyAdjective(_ word: String, language: String) -> Bool {
        let readings = LttoolboxLemmatizer.shared(for: language)?.readings(of: word) ?? []
        return readings.contains { $0.partOfSpeech == "adj" } && !readings.contains { ProtectedSpans.verbTags.contains($0.partOfSpeech) }
    }

    /// A segment translated from a word the source's analyser reads as a noun.
    private static func isTranslatedNoun(_ segment: TranslationSegment, language: String) -> Bool {
        guard segment.origin != .passthrough, segment.origin != .number,
              let word = segment.source.split(separator: " ").last.map(String.init) else { return false }
        return (LttoolboxLemmatizer.shared(for: language)?.readings(of: word) ?? []).contains { $0.partOfSpeech == "n" }
    }
}
