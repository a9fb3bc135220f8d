/// `please wait here` is `wait here, please`: a request's `please` opens it as often as it
/// closes it, but only at the end is it the phrasebook's closer, and only without it in
/// front are the request's own phrases and patterns found (`wait here`, `close {X}`);
/// Apertium reads an opening `please` as the verb `complacer`. An utterance of one sentence
/// that opens with a word of the source pack's `moved-to-end.txt` is said with that word last,
/// before its closing mark.
enum OpeningPlease {
    /// `text` with its opening moved-to-end word (of `pack`, the source's) said last, or
    /// `text` as it was.
    static func saidLast(_ text: String, pack: LanguagePack) -> String {
        var tokens = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard tokens.count > 1, let first = tokens.first,
              first.allSatisfy({ $0.isLetter || $0 == "," }), tokens[1].first?.isLetter == true,
              pack.contains(first.lowercased().filter(\.isLetter), in: "moved-to-end"),
              // One sentence: a mark inside would leave the word in another sentence.
              !tokens.dropLast().contains(where: { $0.last.map { ".?!".contains($0) } == true }) else { return text }
        let word = first.filter(\.isLetter)
        tokens.removeFirst()
        if first.first?.isUppercase == true { tokens[0] = SentenceStyle.capitalizedFirstLetter(tokens[0]) }
        let last = tokens[tokens.count - 1]
        let marks = String(last.reversed().prefix { !$0.isLetter && !$0.isNumber }.reversed())
        tokens[tokens.count - 1] = String(last.dropLast(marks.count))
        return tokens.joined(separator: " ") + " " + word.lowercased() + marks
    }
}
