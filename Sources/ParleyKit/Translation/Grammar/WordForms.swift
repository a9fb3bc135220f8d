import Foundation

/// Small rule-based morphology for words a dictionary has only in their base form:
/// `tickets` is found as `ticket`, `trenes` as `tren`, `walked` as `walk`. It guesses
/// candidates and the dictionary decides: a candidate counts only when some table knows it,
/// so a wrong guess costs nothing but a lookup. The suffix rules themselves are each
/// language's (`EnglishWordForms`, `SpanishWordForms`); this chooses them by the pack.
///
/// Which suffix rules a language uses is its pack's `features.txt` (`inflections-english`,
/// `inflections-spanish`); the Spanish rules read `verb-endings.tsv`, and whether a plural
/// ending makes a plural noun reads `plural-suffix-marks-nouns` or `plural-markers.txt`.
public enum WordForms {
    /// The suffix rules a language's words follow.
    enum Rules: Sendable {
        case english, spanish
    }

    /// What one language's pack says about its word forms: made with a direction's rules
    /// (`TranslationRules`), and asked per word.
    struct Language: Sendable {
        let rules: Rules?
        /// Verb endings and the infinitive endings they come from, the first match winning.
        let verbEndings: [(ending: String, infinitives: [String])]
        /// Words after which a plural-looking word is a plural noun.
        let pluralMarkers: Set<String>
        /// Whether a plural ending always makes a plural noun.
        let pluralSuffixMarksNouns: Bool

        init(pack: LanguagePack) {
            rules = pack.has("inflections-english") ? .english : pack.has("inflections-spanish") ? .spanish : nil
            verbEndings = pack.table("verb-endings").map { ($0[0], $0[1].split(separator: " ").map(String.init)) }
            pluralMarkers = pack.words("plural-markers")
            pluralSuffixMarksNouns = pack.has("plural-suffix-marks-nouns")
        }

        /// Base-form candidates for `word` in this language, most likely first.
        func baseForms(of word: String) -> [(base: String, inflection: Inflection)] {
            guard word.count >= 3, !PhraseText.isNumber(word) else { return [] }
            switch rules {
            case .english: return EnglishWordForms.bases(of: word)
            case .spanish: return SpanishWordForms.bases(of: word, verbEndings: verbEndings)
            case nil: return []
            }
        }

        /// Whether a plural-looking source word found under its base form should make its
        /// translation plural, given the word before it.
        func translationIsPlural(previousWord: String?) -> Bool {
            if pluralSuffixMarksNouns { return true }
            // Elsewhere a final `-s` is as often a verb's (`quieres`): only after a plural marker.
            guard !pluralMarkers.isEmpty else { return false }
            return previousWord.map { pluralMarkers.contains($0) || PhraseText.isNumber($0) } ?? false
        }

        /// The plural of a one-word translation `word` in this language, or `word` unchanged
        /// when it is not a word that plural rules fit (a phrase, a verb's infinitive, a
        /// capitalised name).
        func plural(of word: String) -> String {
            guard !word.contains(" "), let first = word.first, first.isLowercase, word.count >= 2 else { return word }
            switch rules {
            case .spanish: return SpanishWordForms.plural(of: word)
            case .english: return EnglishWordForms.plural(of: word)
            case nil:
                return word
            }
        }
    }

    /// How a word differs from the base form it was found under.
    public enum Inflection: Sendable, Equatable {
        /// A noun's plural (`-s`, `-es`, `-ies`): worth making the translation plural too.
        case plural
        /// Any other ending (`-ed`, `-ing`, a verb's `-s`): the base form's translation is
        /// the best a dictionary can do.
        case other
    }
}
