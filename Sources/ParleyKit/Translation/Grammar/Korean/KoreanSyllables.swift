/// What Korean particles need to know about the word before them.
enum KoreanSyllables {
    /// `consonant` when `word` ends in a Hangul syllable with a final consonant (받침),
    /// else `vowel`; `으로/로` takes `로` after a final `ㄹ` too. A word not ending in Hangul
    /// (a number, a name in Latin letters) takes the consonant form, the safer guess.
    static func particle(after word: String, _ consonant: String, _ vowel: String) -> String {
        guard let last = word.unicodeScalars.last(where: { !$0.properties.isWhitespace && !".,?!".unicodeScalars.contains($0) }),
              let syllable = HangulSyllable(last) else { return consonant }
        if syllable.final == 0 { return vowel }
        if syllable.final == HangulSyllable.finalL, consonant == "으로" { return vowel }
        return consonant
    }
}
