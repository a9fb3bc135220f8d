/// Korean, Japanese and Chinese have no articles, and Korean carries `be` in the word
/// after it (`늦어요` is "is late"): an English `the`, `a` or `is` has nothing to become,
/// and passing it through makes the listener hear a stray English word. The word joins
/// the source of the segment after it, so the segments still cover every word. The same
/// holds for the auxiliaries (`can`, `will`, `did`) and the prepositions Korean writes as
/// an ending or a particle (`for`, `by`, `of`) when no dictionary knew them in context: a
/// Korean listener loses less from their absence than from hearing them in English.
public enum ArticleDropping {
    /// Target languages without articles.
    static let languagesWithoutArticles: Set<String> = ["ko", "ja", "zh"]
    /// English articles, forms of `be`, auxiliaries and the small words Korean carries in
    /// endings (never `not`, which carries meaning, nor `must`).
    static let englishArticles: Set<String> = [
        "the", "a", "an", "am", "is", "are", "be", "was", "were", "been", "being",
        "do", "does", "did", "can", "could", "will", "would", "shall", "should", "may", "might",
        "some", "any", "of", "for", "by",
    ]

    /// `segments` with untranslated English articles folded into the following segment
    /// when translating into a language without articles; unchanged otherwise.
    public static func apply(to segments: [TranslationSegment], from source: String, to target: String)
        -> [TranslationSegment] {
        guard source == "en", languagesWithoutArticles.contains(target) else { return segments }
        var result: [TranslationSegment] = []
        var pendingSource: [String] = []
        for segment in segments {
            if segment.origin == .passthrough, englishArticles.contains(segment.source) {
                pendingSource.append(segment.source)
                continue
            }
            let source = (pendingSource + [segment.source]).joined(separator: " ")
            result.append(TranslationSegment(source: source, target: segment.target, origin: segment.origin))
            pendingSource = []
        }
        // A sentence ending in an article keeps it: there is no segment to fold it into.
        for word in pendingSource { result.append(TranslationSegment(source: word, target: word, origin: .passthrough)) }
        return result
    }
}
