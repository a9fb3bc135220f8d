/// Korean, Japanese and Chinese have no articles, and Korean carries `be` in the word
/// after it (`늦어요` is "is late"): an English `the`, `a` or `is` has nothing to become,
/// and passing it through makes the listener hear a stray English word. The word joins
/// the source of the segment after it, so the segments still cover every word. The same
/// holds for the auxiliaries (`can`, `will`, `did`) and the prepositions Korean writes as
/// an ending or a particle (`for`, `by`, `of`) when no dictionary knew them in context: a
/// Korean listener loses less from their absence than from hearing them in English.
///
/// Which targets have no articles is `features.txt`'s `no-articles`; what is dropped is the
/// source's `articles.txt`, the `drop` rows of `auxiliaries.tsv` and
/// `dropped-into-articleless.txt` (never `not`, which carries meaning, nor `must`), and what
/// the target's `unsaid-from.tsv` says it leaves unsaid (Korean does not call a stranger `you`).
struct ArticleDropping: SegmentRule {
    /// The source words dropped when left untranslated, and those the target leaves unsaid.
    let dropped: Set<String>
    let unsaid: Set<String>

    /// The words of `pack`'s language dropped when they are left untranslated.
    static func droppable(_ pack: LanguagePack) -> Set<String> {
        pack.words("articles").union(pack.words("dropped-into-articleless"))
            .union(pack.table("auxiliaries").filter { $0.count >= 3 && $0[2] == "drop" }.map { $0[0] })
    }

    /// The rule for a target without articles, or nil when the target has them or nothing is dropped.
    static func make(for context: TranslationContext) -> ArticleDropping? {
        let (source, target) = (context.pair.source, context.target)
        guard target.has("no-articles") else { return nil }
        // A preposition the target says as a particle (`by taxi` → `택시로`) is kept for it.
        let unsaid = Set(target.table("unsaid-from").filter { $0.count >= 2 && $0[0] == source }.map { $0[1] })
        let dropped = droppable(context.source).union(unsaid)
            .subtracting(KoreanPostpositions.particles(from: source, in: target).keys)
        return dropped.isEmpty ? nil : ArticleDropping(dropped: dropped, unsaid: unsaid)
    }

    /// `segments` with untranslated source articles folded into the following segment.
    func apply(to segments: [TranslationSegment]) -> [TranslationSegment] {
        var result: [TranslationSegment] = []
        var pendingSource: [String] = []
        for segment in segments {
            if segment.origin == .passthrough, dropped.contains(segment.source) {
                pendingSource.append(segment.source)
                continue
            }
            let source = (pendingSource + [segment.source]).joined(separator: " ")
            result.append(TranslationSegment(source: source, target: segment.target, origin: segment.origin))
            pendingSource = []
        }
        // A sentence ending in an article keeps it: there is no segment to fold it into. A word
        // the target leaves unsaid joins the segment before it instead.
        for word in pendingSource {
            if unsaid.contains(word), let last = result.last {
                result[result.count - 1] = TranslationSegment(source: last.source + " " + word, target: last.target, origin: last.origin)
            } else {
                result.append(TranslationSegment(source: word, target: word, origin: .passthrough))
            }
        }
        return result
    }
}
