/// Tells whether a line is clearly in the other side's language, from what parley already
/// has: the letters' script, each language's common words and letters (its pack's
/// `detection-words.txt` and `detection-letters.txt`), and the dictionaries (a word only one
/// side's dictionaries know). People answer out of turn; a line in the other language
/// translated the wrong way is nonsense said to the wrong person.
///
/// It is cautious by design: a false flip sends a good line the wrong way, a missed one only
/// repeats today's behaviour. Short or ambiguous lines (`no`, `hotel`, `taxi`, `sí`) stay
/// with the side whose turn it is; only a line in another script may flip on one word.
public enum LanguageDetector {
    /// Whether a word is in a language's dictionaries: `known(language, word)`.
    public typealias Vocabulary = (String, String) -> Bool

    /// The evidence for one language.
    struct Score: Equatable {
        var words = 0.0
        var letters = 0.0
        var total: Double { words + letters }
    }

    /// Whether `text`, typed or heard on `own`'s turn, is clearly in `other` instead, by
    /// the two languages' packs from `packs`.
    public static func isClearly(_ other: String, not own: String, text: String, packs: LanguagePacks,
                                 vocabulary: Vocabulary = { _, _ in false }) -> Bool {
        let ownPack = packs.pack(own)
        let otherPack = packs.pack(other)
        let ownScript = ownPack.list("script").first ?? "latin"
        let otherScript = otherPack.list("script").first ?? "latin"
        if ownScript != otherScript {
            return isInScript(otherScript, notIn: ownScript, text: text)
        }
        let words = PhraseText.words(text)
        // Two words at least: one shared word (`no`, `me`, `once`) decides nothing.
        guard words.count >= 2 else { return false }
        let ownScore = score(words, text: text, pack: ownPack, against: otherPack, language: own, other: other, vocabulary: vocabulary)
        let otherScore = score(words, text: text, pack: otherPack, against: ownPack, language: other, other: own, vocabulary: vocabulary)
        // The other language must win clearly: several signs, and at least three times the own side's.
        return otherScore.total >= 2.5 && otherScore.total >= 3 * ownScore.total
    }

    /// The evidence for `language` in `words`: its common words (2 each), words only its
    /// dictionaries know (1 each), letters only it uses among the two (1 per word holding one).
    static func score(_ words: [String], text: String, pack: LanguagePack, against rival: LanguagePack,
                      language: String, other: String, vocabulary: Vocabulary) -> Score {
        var score = Score()
        let common = pack.words("detection-words")
        let rivalCommon = rival.words("detection-words")
        for word in words {
            if common.contains(word), !rivalCommon.contains(word) {
                score.words += 2
            } else if !rivalCommon.contains(word), vocabulary(language, word), !vocabulary(other, word) {
                score.words += 1
            }
        }
        let letters = Set(pack.list("detection-letters").joined())
        let rivalLetters = Set(rival.list("detection-letters").joined())
        let ownLetters = letters.subtracting(rivalLetters)
        if !ownLetters.isEmpty {
            let marked = text.split(whereSeparator: \.isWhitespace).filter { $0.contains(where: ownLetters.contains) }
            score.letters += Double(marked.count)
        }
        return score
    }

    /// Whether most letters of `text` are in `script` and none in `ownScript`'s own range:
    /// `감사합니다` on the English side, `where is the station` on the Korean side (two words
    /// at least, so a loanword written in Latin letters stays).
    static func isInScript(_ script: String, notIn ownScript: String, text: String) -> Bool {
        var counts: [String: Int] = [:]
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            counts[Self.script(of: scalar), default: 0] += 1
        }
        let inScript = counts[script] ?? 0
        let inOwn = counts[ownScript] ?? 0
        guard inScript >= 2, inOwn * 4 <= inScript else { return false }
        if script == "latin" { return PhraseText.words(text).count >= 2 }
        return true
    }

    /// The script a letter belongs to, as the packs' `script.txt` names it.
    static func script(of scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F: "hangul"
        case 0x3040...0x30FF: "kana"
        case 0x4E00...0x9FFF: "han"
        case 0x0400...0x04FF: "cyrillic"
        case 0x0370...0x03FF: "greek"
        case 0x0600...0x06FF: "arabic"
        default: "latin"
        }
    }
}
