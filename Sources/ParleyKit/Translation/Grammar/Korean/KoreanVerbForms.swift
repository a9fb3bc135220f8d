/// The forms of a Korean verb or adjective that sentence frames need, made from the polite
/// form the dictionaries hold (`가요`, `먹어요`, `해요`): the connective `-아/어` form that
/// `주세요`, `주실 수 있어요`, `-도 돼요` and `-야 돼요` join (`가`, `먹어`, `해`), the stem
/// that `-고 싶어요` joins (`가`, `먹`, `하`), the prospective form that `수 있어요` joins
/// (`갈`, `먹을`), and the polite past (`갔어요`, `먹었어요`).
///
/// The polite form is the connective form and `요`; the stem drops a separate `어`/`아`
/// syllable or undoes a contracted vowel (`봐` → `보`, `마셔` → `마시`, `해` → `하`); the
/// past adds `ㅆ` to the connective form's last syllable. Irregular stems (`걸어요` → `걷`,
/// `몰라요` → `모르`) are the pack's `verb-stems.tsv`.
struct KoreanVerbForms: Sendable {
    /// Irregular stems by polite form.
    let irregularStems: [String: String]
    /// Polite endings that are no plain verb form (`세요`, `예요`): nothing is made from them.
    let notVerbEndings: [String]

    init(pack: LanguagePack) {
        irregularStems = pack.map("verb-stems")
        notVerbEndings = pack.list("not-verb-endings")
    }

    /// The connective form of `polite` (its last word: `열려 있어요` → `열려 있어`), or nil
    /// when it is no plain polite verb form.
    func connective(of polite: String) -> String? {
        guard polite.hasSuffix("요"), polite.count > 1, !notVerbEndings.contains(where: polite.hasSuffix) else { return nil }
        return String(polite.dropLast())
    }

    /// The stem of `polite` (`먹어요` → `먹`, `마셔요` → `마시`), or nil.
    func stem(of polite: String) -> String? {
        let (before, last) = Self.lastWord(polite)
        if let irregular = irregularStems[last] { return before + irregular }
        guard let connective = connective(of: last), let final = connective.unicodeScalars.last,
              let syllable = HangulSyllable(final) else { return nil }
        let head = String(connective.unicodeScalars.dropLast().map(Character.init))
        // A separate `어`/`아` after a stem (`먹어`, `앉아`); `여` after an open syllable is `이`
        // and `어` contracted (`보여` → `보이`).
        if syllable.initial == HangulSyllable.silentInitial, syllable.final == 0, [0, 4, 6].contains(syllable.medial),
           let previous = head.unicodeScalars.last.flatMap(HangulSyllable.init) {
            return before + head + (syllable.medial == 6 && previous.final == 0 ? "이" : "")
        }
        // A vowel contracted with `어`/`아`: `해` → `하`, `봐` → `보`, `줘` → `주`, `마셔` → `마시`, `돼` → `되`.
        let uncontracted: [Int: Int] = [9: 8, 14: 13, 6: 20, 10: 11]
        var stem = syllable
        if syllable.medial == 1, syllable.initial == HangulSyllable.initialH { stem.medial = 0 }
        else if let medial = uncontracted[syllable.medial] { stem.medial = medial }
        return before + head + String(Character(stem.scalar))
    }

    /// The prospective form of `polite` that `수 있어요` and `게요` join (`가요` → `갈`,
    /// `먹어요` → `먹을`, `살아요` → `살`, `걸어요` → `걸을`, `도와요` → `도울`): after a
    /// consonant the syllable before `어`/`아` takes `을` (so ㄷ-irregulars keep their `ㄹ`),
    /// after a ㅂ-irregular `우` replaces `워`/`와`, after a vowel the stem takes `ㄹ`.
    func prospective(of polite: String) -> String? {
        let (before, last) = Self.lastWord(polite)
        guard let connective = connective(of: last), let final = connective.unicodeScalars.last,
              let syllable = HangulSyllable(final), let stem = stem(of: last) else { return nil }
        let head = String(connective.unicodeScalars.dropLast().map(Character.init))
        let previous = head.unicodeScalars.last.flatMap(HangulSyllable.init)
        if syllable.initial == HangulSyllable.silentInitial, syllable.final == 0, [0, 4].contains(syllable.medial),
           let previous, previous.final != 0 {
            // A stem in ㄹ has it already (`살`); a ㄷ-irregular's `ㄹ` is no stem's (`걷` → `걸을`).
            let stemFinal = stem.unicodeScalars.last.flatMap(HangulSyllable.init)?.final
            return before + head + (previous.final == HangulSyllable.finalL && stemFinal == HangulSyllable.finalL ? "" : "을")
        }
        if syllable.initial == HangulSyllable.silentInitial, [9, 14].contains(syllable.medial),
           stem.unicodeScalars.last.flatMap(HangulSyllable.init)?.final == HangulSyllable.finalB {
            return before + head + "울"
        }
        guard let end = stem.unicodeScalars.last, var open = HangulSyllable(end), open.final == 0 else { return nil }
        open.final = HangulSyllable.finalL
        return before + String(stem.unicodeScalars.dropLast().map(Character.init)) + String(Character(open.scalar))
    }

    /// The polite past of `polite` (`가요` → `갔어요`, `먹어요` → `먹었어요`), or nil.
    func past(of polite: String) -> String? {
        let (before, last) = Self.lastWord(polite)
        guard let connective = connective(of: last), let final = connective.unicodeScalars.last,
              var syllable = HangulSyllable(final), syllable.final == 0 else { return nil }
        syllable.final = HangulSyllable.finalSS
        return before + String(connective.unicodeScalars.dropLast().map(Character.init)) + String(Character(syllable.scalar)) + "어요"
    }

    /// Whether `polite` is already a past (`갔어요`, `먹었어요`): its connective form's
    /// syllable before `어` ends in `ㅆ`, and is not the stem `있` (`있어요` is a present).
    func isPast(_ polite: String) -> Bool {
        let (_, last) = Self.lastWord(polite)
        guard let connective = connective(of: last), connective.unicodeScalars.count >= 2 else { return false }
        let scalars = Array(connective.unicodeScalars)
        return HangulSyllable(scalars[scalars.count - 2])?.final == HangulSyllable.finalSS && scalars[scalars.count - 2] != "있"
    }

    /// The words before the last (with their space), and the last.
    private static func lastWord(_ text: String) -> (String, String) {
        guard let space = text.lastIndex(of: " ") else { return ("", text) }
        return (String(text[...space]), String(text[text.index(after: space)...]))
    }
}

/// One Hangul syllable as its three letters: initial, medial (vowel) and final indices.
struct HangulSyllable {
    var initial: Int
    var medial: Int
    var final: Int

    static let silentInitial = 11   // ㅇ
    static let initialH = 18        // ㅎ
    static let finalSS = 20         // ㅆ
    static let finalL = 8           // ㄹ
    static let finalB = 17          // ㅂ

    init?(_ scalar: Unicode.Scalar) {
        guard (0xAC00...0xD7A3).contains(scalar.value) else { return nil }
        let index = Int(scalar.value) - 0xAC00
        initial = index / (21 * 28)
        medial = index % (21 * 28) / 28
        final = index % 28
    }

    var scalar: Unicode.Scalar {
        Unicode.Scalar(UInt32(0xAC00 + (initial * 21 + medial) * 28 + final))!
    }
}
