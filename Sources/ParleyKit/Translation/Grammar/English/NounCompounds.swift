/// Spanish joins two nouns with `de` (`la parada del autobús`, `el número de emergencias`,
/// `la contraseña del wifi`) where English puts the second before the first as a compound:
/// `the bus stop`, `the emergency number`, `the wifi password`. Apertium keeps the Spanish
/// order (`the stop of the bus`). A head noun and a qualifying noun the target pack names,
/// joined by its `of` with at most a determiner between, are made a compound.
///
/// The words are the target pack's: `compound-heads.txt` (nouns that take another before
/// them), `compound-modifiers.tsv` (each qualifying noun as written and as it stands before
/// the head, `emergencies` → `emergency`), `of-words.txt` and the determiners of
/// `subject-determiners.txt` and `articles.txt`. Both nouns must be named: `the end of the
/// street` and `the top of the bus` stay as they are.
struct NounCompounds: Sendable {
    let heads: Set<String>
    let modifiers: [String: String]
    let ofWords: Set<String>
    /// The articles, dropped with `of` (`the stop of the bus`), and the other determiners,
    /// which stand for the compound's (`the number of my room` → `my room number`).
    let articles: Set<String>
    let determiners: Set<String>

    init(pack: LanguagePack) {
        heads = pack.words("compound-heads")
        modifiers = pack.map("compound-modifiers")
        ofWords = pack.words("of-words")
        articles = pack.words("articles")
        determiners = pack.words("subject-determiners").union(articles)
    }

    /// The rule of the target's pack, or nil when it has none.
    static func make(for context: TranslationContext) -> NounCompounds? {
        let pack = context.target
        let rule = NounCompounds(pack: pack)
        return rule.heads.isEmpty || rule.modifiers.isEmpty || rule.ofWords.isEmpty ? nil : rule
    }

    /// `text` with each `head of (determiner) modifier` written `modifier head`.
    func apply(to text: String) -> String {
        var tokens = text.split(separator: " ").map(String.init)
        var index = 0
        while index + 2 < tokens.count {
            // The head and `of` carry no marks; the modifier may end the sentence (`number.`).
            guard heads.contains(tokens[index].lowercased()), ofWords.contains(tokens[index + 1].lowercased()) else {
                index += 1
                continue
            }
            var modifierAt = index + 2
            let inner = tokens[modifierAt].lowercased()
            if determiners.contains(inner), modifierAt + 1 < tokens.count { modifierAt += 1 }
            // A possessive inside takes the place of the compound's article; without one to replace, left alone.
            let possessive = modifierAt > index + 2 && !articles.contains(inner) ? inner : nil
            let ownDeterminer = index > 0 && determiners.contains(tokens[index - 1].lowercased()) ? index - 1 : nil
            if possessive != nil, ownDeterminer == nil {
                index += 1
                continue
            }
            // Apertium marks a word it does not know (`*wifi`); the mark moves with it.
            let written = tokens[modifierAt]
            let unknownMark = String(written.prefix { $0 == "*" || $0 == "#" })
            let word = String(written.dropFirst(unknownMark.count).prefix { $0.isLetter })
            let marks = String(written.dropFirst(unknownMark.count + word.count))
            // `the number of the bus stop`: the noun qualifies another head, not this one.
            let qualifiesNext = marks.isEmpty && modifierAt + 1 < tokens.count
                && heads.contains(tokens[modifierAt + 1].lowercased().trimmingCharacters(in: .punctuationCharacters))
            guard let modifier = modifiers[word.lowercased()], marks.allSatisfy(\.isPunctuation), !qualifiesNext else {
                index += 1
                continue
            }
            let head = tokens[index]
            let capital = head.first?.isUppercase == true
            tokens.replaceSubrange(index...modifierAt, with: [
                unknownMark + (capital ? SentenceStyle.capitalizedFirstLetter(modifier) : modifier),
                (capital ? head.lowercased() : head) + marks,
            ])
            if let possessive, let at = ownDeterminer {
                tokens[at] = tokens[at].first?.isUppercase == true ? SentenceStyle.capitalizedFirstLetter(possessive) : possessive
            }
            index += 2
        }
        return tokens.joined(separator: " ")
    }
}

extension NounCompounds: TranslationRule {
    static let stages: Set<TranslationStage> = [.engineReply]

    func apply(to text: String, facts: SentenceFacts) -> String { apply(to: text) }
}
