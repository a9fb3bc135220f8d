import Foundation

/// Recognised and typed names arrive lower-cased by `PhraseText.words`; dictionaries list
/// them in lower case too (`madrid → madrid`). A word written with a capital in the middle
/// of a sentence is a name, and its translation keeps the capital when it is recognisably
/// the same name (`Madrid → Madrid`, `Sevilla → Seville`), but not when it is an ordinary
/// word the other language writes in lower case (`Sunday → domingo`).
public enum NameCase {
    /// `target` with its first letter capitalised when `surface` (the source word as
    /// written, at `position` in the sentence) is a name and `target` is a form of it.
    public static func translation(_ target: String, of surface: String, at position: Int) -> String {
        guard position > 0, !isCapitalisedPronoun(surface), let first = surface.first, first.isUppercase,
              !target.contains(" "), let targetFirst = target.first, targetFirst.isLowercase,
              sharesStem(surface, target) else { return target }
        return targetFirst.uppercased() + target.dropFirst()
    }

    /// `I`: written with a capital in any sentence, and no name (`capitalised-pronouns.txt`).
    private static func isCapitalisedPronoun(_ surface: String) -> Bool {
        surface.first?.isUppercase == true && ApertiumSentence.anyCapitalisedPronoun.contains(surface.lowercased())
    }

    /// Names keep their first letters across languages; ordinary words rarely do.
    private static func sharesStem(_ source: String, _ target: String) -> Bool {
        let folded = { (text: String) in
            String(text.lowercased().folding(options: .diacriticInsensitive, locale: nil).prefix(3))
        }
        return folded(source).count == 3 && folded(source) == folded(target)
    }
}
