/// Korean puts the verb last (subject, object, verb); English puts it second. A sentence
/// assembled word by word from English keeps the English order (`멀어요 여기에서?`, "is far
/// from here?"), which a Korean listener must untangle. Moving the predicate, the first run
/// of verb phrases, to the end gives the Korean order: `여기에서 멀어요?`. It applies from a
/// language whose pack's `features.txt` says `verb-before-object` into one that says `verb-last`.
struct KoreanWordOrder: SegmentRule {
    let endings: Set<String>
    /// Source words that stand apart when they open the sentence, and the target's
    /// negations said right before a verb.
    let standalone: Set<String>
    let preverbalNegations: Set<String>

    /// The rule from a language whose verb comes before its object into one whose verb is
    /// last, or nil.
    static func make(for context: TranslationContext) -> KoreanWordOrder? {
        let sourcePack = context.source, targetPack = context.target
        guard targetPack.has("verb-last"), sourcePack.has("verb-before-object") else { return nil }
        return KoreanWordOrder(endings: targetPack.words("predicate-endings"), standalone: sourcePack.words("standalone"),
                               preverbalNegations: targetPack.words("preverbal-negations"))
    }

    /// `segments` (English → Korean) with the first run of predicates moved to the end.
    func apply(to segments: [TranslationSegment]) -> [TranslationSegment] {
        let endings = self.endings
        let isPredicate = { (segment: TranslationSegment) in Self.isPredicate(segment, endings: endings) }
        // A greeting or an apology that opens the sentence (`미안해요`, "sorry") stands apart.
        let opening = segments.prefix { ProtectedSpans.greetings.contains($0.source) || standalone.contains($0.source) }.count
        guard var start = segments[opening...].firstIndex(where: isPredicate) else { return segments }
        var end = start + 1
        // A negation said right before the verb goes with it (`안 먹어요`, not `안 고기 먹어요`).
        if start > opening, preverbalNegations.contains(segments[start - 1].target) { start -= 1 }
        while end < segments.count, isPredicate(segments[end]) { end += 1 }
        guard end < segments.count else { return segments }
        return Array(segments[..<start]) + Array(segments[end...]) + Array(segments[start..<end])
    }

    /// A verb or adjective in the polite style (`가요`, `주세요`, `멀어요`, `있습니다`: it ends in
    /// one of the target's `predicate-endings.txt`): translated, and not a whole sentence with
    /// its own marks.
    static func isPredicate(_ segment: TranslationSegment, endings: Set<String>) -> Bool {
        guard segment.origin != .passthrough, segment.origin != .number, let last = segment.target.last else { return false }
        return endings.contains(String(last))
    }
}
