/// Finds translations whose spaces were lost upstream (`atravésde`, `ontheothersideof`,
/// `CruzRoja`) and puts the spaces back where the dictionary's own words make that certain.
///
/// A glued phrase is one token that splits wholly into three or more words the dictionary
/// uses elsewhere, held together by a function word: `billete|de|banco` (a function word
/// between two content words) or `a|través|de`, `on|the|other|side|of` (function words at
/// both ends). Ordinary words that happen to split are left alone: `en|cima`, `with|out`
/// (two pieces), `a|de|más` (no content word of four letters), `to|get|her`.
///
/// The words come from the target language's pack: `glue-words.txt` (what glued phrases
/// are held together by) and `of-words.txt`; `features.txt`'s `of-inside-words` says the
/// of-word hides inside ordinary words too.
struct GlueRepair {
    /// Words of the target language, lower case: every token of every translation.
    let vocabulary: Set<String>
    /// The target language's function words (empty for languages without them).
    let glueWords: Set<String>
    /// The words that join two nouns (`casa de huéspedes`, `cup of tea`), in the order tried,
    /// for phrases whose rarer half the dictionary never uses alone.
    let ofWords: [String]
    /// Whether ordinary words hold the of-word (English `office`): both halves must be known.
    let ofHidesInWords: Bool
    /// The target language's code.
    let language: String

    /// Splits found with the target language's analyser, when one is installed.
    var analysed: AnalysedGlue?

    /// A repairer for translations into the language of `pack`, knowing the words of `translations`.
    init(pack: LanguagePack, translations: [String], analysed: AnalysedGlue? = nil) {
        self.analysed = analysed
        var words = Set<String>()
        for text in translations {
            for token in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" || $0 == "\n" }) {
                words.insert(token.lowercased())
            }
        }
        vocabulary = words
        glueWords = pack.words("glue-words")
        ofWords = pack.list("of-words")
        ofHidesInWords = pack.has("of-inside-words")
        language = pack.language
    }

    /// Whether `text` is a phrase whose spaces are missing.
    func isGlued(_ text: String) -> Bool {
        if hasInnerCapital(text) || analysed?.isGlued(text) == true { return true }
        return !text.contains(" ") && (split(text.lowercased()) ?? joinedAroundOf(text.lowercased())) != nil
    }

    /// `text` with its spaces put back, or nil when that cannot be done with certainty
    /// (names glued with capitals are never repaired: `CruzRoja` stays out).
    func repaired(_ text: String) -> String? {
        guard !hasInnerCapital(text), !text.contains(" ") else { return nil }
        if let phrase = analysed?.repaired(text) { return phrase }
        guard let words = split(text.lowercased()) ?? joinedAroundOf(text.lowercased()) else { return nil }
        return words.joined(separator: " ")
    }

    /// `CruzRoja`, `LaHaya`: a capital after a lower-case letter.
    private func hasInnerCapital(_ text: String) -> Bool {
        var previousLower = false
        for character in text {
            if character.isUppercase, previousLower { return true }
            previousLower = character.isLowercase
        }
        return false
    }

    /// The fewest known words `token` splits into, when they have the shape of a glued
    /// phrase (see the type's summary); nil otherwise.
    private func split(_ token: String) -> [String]? {
        guard !glueWords.isEmpty else { return nil }
        let characters = Array(token)
        guard characters.count >= 4, characters.count <= 40 else { return nil }
        // best[i]: the fewest words covering characters[..<i].
        var best: [[String]?] = Array(repeating: nil, count: characters.count + 1)
        best[0] = []
        for end in 1...characters.count {
            for start in 0..<end {
                guard let before = best[start] else { continue }
                let piece = String(characters[start..<end])
                guard piece != token, isWord(piece) else { continue }
                if best[end] == nil || before.count + 1 < best[end]!.count { best[end] = before + [piece] }
            }
        }
        guard let words = best[characters.count], words.count >= 3, looksGlued(words) else { return nil }
        return words
    }

    private func looksGlued(_ words: [String]) -> Bool {
        let function = words.map(glueWords.contains)
        let content = { (index: Int) in !function[index] && words[index].count >= 4 }
        if function.first == true, function.last == true, words.indices.contains(where: content) { return true }
        for index in words.indices.dropFirst().dropLast() where function[index] {
            let left = words.indices[..<index].last { !function[$0] }
            let right = words.indices[(index + 1)...].first { !function[$0] }
            if let left, let right, content(left), content(right) { return true }
        }
        return false
    }

    /// `casadehuéspedes` → `casa de huéspedes`: four letters or more, `de`/`of`, four
    /// letters or more, one side a word the dictionary knows (both, in English). Spanish and
    /// English words rarely hold `de` or `of` between two such halves (`ciudadela`,
    /// `verdadero` and `mother` do not split this way), glued phrases often do.
    private func joinedAroundOf(_ token: String) -> [String]? {
        for joiner in ofWords {
            var searchStart = token.startIndex
            while let range = token.range(of: joiner, range: searchStart..<token.endIndex) {
                let left = String(token[..<range.lowerBound])
                let right = String(token[range.upperBound...])
                // `salidadelsol` is `salida del sol`, never `salida de lsol`: a longer joiner wins.
                let swallowsArticle = ofWords.contains { longer in
                    longer.count > joiner.count && longer.hasPrefix(joiner) && right.hasPrefix(longer.dropFirst(joiner.count))
                }
                // English compounds hold `of` (`office`): there both halves must be known.
                let known = ofHidesInWords ? vocabulary.contains(left) && vocabulary.contains(right)
                    : vocabulary.contains(left) || vocabulary.contains(right)
                if left.count >= 4, right.count >= 4, !swallowsArticle, known,
                   right.allSatisfy(\.isLetter), left.allSatisfy(\.isLetter) {
                    return [left, joiner, right]
                }
                searchStart = token.index(after: range.lowerBound)
            }
        }
        return nil
    }

    private func isWord(_ piece: String) -> Bool {
        piece.count == 1 ? glueWords.contains(piece) : vocabulary.contains(piece)
    }
}
