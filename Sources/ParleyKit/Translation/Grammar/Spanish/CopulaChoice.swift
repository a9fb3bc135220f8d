/// Spanish has two verbs for "to be": ser for what something is, estar for where it is and
/// how it is for now. Apertium's English → Spanish writes ser for nearly every "is" (`El
/// recibo es en el bolso`, `La habitación es sucia`). Where a form of ser stands right
/// before a place or a passing state, estar is written instead: `está en el bolso`, `está sucia`.
///
/// The words are the target pack's: `copula-forms.tsv` (each form of ser and its estar)
/// and `estar-complements.txt` (places, phrases and adjectives in the masculine singular).
struct CopulaChoice: Sendable {
    /// Each form of ser and the form of estar said instead.
    let estar: [String: String]
    /// What calls for estar after it, as word lists (`a la izquierda` is three words).
    let complements: [[String]]
    /// The definite articles, which open a subject a question puts after the verb, and the
    /// words that may stand between that subject and the state (`todavía`).
    let articles: Set<String>
    /// Words that may stand between the copula and the state, as word lists (`un poco`).
    let interposed: [[String]]

    init(pack: LanguagePack) {
        estar = pack.map("copula-forms")
        complements = pack.list("estar-complements").map { $0.split(separator: " ").map(String.init) }
        articles = Set(pack.table("agreement").first ?? [])
        interposed = pack.list("copula-interposed").map { $0.split(separator: " ").map(String.init) }
    }

    /// The rule of the target's pack, or nil when it has none.
    static func make(for context: TranslationContext) -> CopulaChoice? {
        let pack = context.target
        let choice = CopulaChoice(pack: pack)
        return choice.estar.isEmpty || choice.complements.isEmpty ? nil : choice
    }

    /// `text` with estar for ser wherever a complement follows. `question`: the text is a
    /// question whose marks are not written yet, so a verb opening it asks.
    func apply(to text: String, question: Bool = false) -> String {
        var tokens = text.split(separator: " ").map(String.init)
        for index in tokens.indices.dropLast() {
            let word = PhraseText.bareWord(tokens[index])
            guard let replacement = estar[word.lowercased()] else { continue }
            var following = tokens[(index + 1)...].prefix(6).map { PhraseText.bareWord($0).lowercased() }
            // A question asks with the subject after the verb (`¿Es la cocina todavía abierta?`).
            if tokens[index].hasPrefix("¿") || question && index == 0, following.count > 2, articles.contains(following[0]) {
                following.removeFirst(2)
            }
            // `La cocina es todavía abierta`, `es un poco lejos`: the state may come after
            // `todavía`, `un poco`, or both.
            while let words = interposed.first(where: { !$0.isEmpty && following.count > $0.count && following.starts(with: $0) }) {
                following.removeFirst(words.count)
            }
            guard let next = following.first,
                  complements.contains(where: { following.starts(with: $0) || $0.count == 1 && Self.adjective(next, is: $0[0]) })
            else { continue }
            let written = word.first?.isUppercase == true ? SentenceStyle.capitalizedFirstLetter(replacement) : replacement
            tokens[index] = tokens[index].replacingOccurrences(of: word, with: written)
        }
        return tokens.joined(separator: " ")
    }

    /// Whether `word` is a form of the adjective written `base` (`sucias` of `sucio`).
    private static func adjective(_ word: String, is base: String) -> Bool {
        guard base.hasSuffix("o") else { return false }
        let stem = base.dropLast()
        return ["a", "os", "as"].contains { word == stem + $0 }
    }
}

extension CopulaChoice: TranslationRule {
    static let stages: Set<TranslationStage> = [.engineReply, .sentence]

    func apply(to text: String, facts: SentenceFacts) -> String { apply(to: text, question: facts.asks) }
}
