/// Korean says in the verb's ending what English says with words before it: `could you
/// call…` is `불러 주실 수 있어요?`, `can i pay…` `계산해도 돼요?`, `i want to go…` `가고
/// 싶어요`. Assembled word by word, the opening came out as `당신` and a stray word, and the
/// verb in its plain polite form (`당신 택시 전화해요?`). A sentence that opens with a frame
/// is translated without it, and its verb, last after the word order, is written in the
/// frame's form; a past English verb (`lost`, `broke`) makes the polite past (`잃어버렸어요`).
///
/// The frames are the target pack's `verb-frames.tsv`; the forms are `KoreanVerbForms`'s.
struct KoreanVerbFrames: DirectionRule {
    /// A frame: the source words that open it and the template of the verb's form.
    struct Frame: Sendable {
        let opening: [String]
        let template: String
    }

    /// The frames for sentences in the source language, longest opening first.
    let frames: [Frame]
    let forms: KoreanVerbForms

    init(from source: String, to target: LanguagePack) {
        frames = target.table("verb-frames").filter { $0.count >= 3 && $0[0] == source }
            .map { Frame(opening: $0[1].split(separator: " ").map(String.init), template: $0[2]) }
            .sorted { $0.opening.count > $1.opening.count }
        forms = KoreanVerbForms(pack: target)
    }

    /// The frames for the context's direction, or nil when the target's pack has none.
    static func make(for context: TranslationContext) -> KoreanVerbFrames? {
        let made = KoreanVerbFrames(from: context.source.language, to: context.target)
        return made.frames.isEmpty ? nil : made
    }

    /// The frame `words` open with, if any leaves words after it.
    func frame(opening words: [String]) -> Frame? {
        frames.first { words.count > $0.opening.count && words.starts(with: $0.opening) }
    }

    /// `segments` (the sentence after `frame`'s opening, in Korean order) with the last
    /// predicate in the frame's form; nil when there is no verb to put in it.
    func apply(_ frame: Frame, to segments: [TranslationSegment]) -> [TranslationSegment]? {
        guard let index = segments.lastIndex(where: { $0.origin != .passthrough && $0.target.hasSuffix("요") }),
              let written = write(frame.template, verb: segments[index].target) else { return nil }
        var result = segments
        result[index] = TranslationSegment(source: frame.opening.joined(separator: " ") + " " + segments[index].source,
                                           target: written, origin: segments[index].origin)
        return result
    }

    /// `segments` with the predicate of a past English verb in the polite past. A past verb
    /// apart from its predicate (`we were | very | happy`: `was` says only the tense) makes
    /// the sentence's last predicate past, when none is yet.
    func past(_ segments: [TranslationSegment], isPastVerb: (String) -> Bool) -> [TranslationSegment] {
        func saysPast(_ segment: TranslationSegment) -> Bool {
            segment.source.split(separator: " ").map(String.init).contains(where: isPastVerb)
        }
        func made(_ segment: TranslationSegment) -> TranslationSegment? {
            guard segment.origin != .passthrough, !forms.isPast(segment.target), let past = forms.past(of: segment.target) else { return nil }
            return TranslationSegment(source: segment.source, target: past, origin: segment.origin)
        }
        var result = segments.map { saysPast($0) ? made($0) ?? $0 : $0 }
        if segments.contains(where: saysPast), !result.contains(where: { $0.origin != .passthrough && forms.isPast($0.target) }),
           let last = result.lastIndex(where: { $0.origin != .passthrough && $0.target.hasSuffix("요") }),
           let past = made(result[last]) {
            result[last] = past
        }
        return result
    }

    /// `template` with the verb's forms written in; nil when a form cannot be made.
    private func write(_ template: String, verb: String) -> String? {
        var text = template
        if text.contains("{A}") {
            guard let connective = forms.connective(of: verb) else { return nil }
            text = text.replacingOccurrences(of: "{A}", with: connective)
        }
        if text.contains("{S}") {
            guard let stem = forms.stem(of: verb) else { return nil }
            text = text.replacingOccurrences(of: "{S}", with: stem)
        }
        if text.contains("{L}") {
            guard let prospective = forms.prospective(of: verb) else { return nil }
            text = text.replacingOccurrences(of: "{L}", with: prospective)
        }
        return text
    }
}
