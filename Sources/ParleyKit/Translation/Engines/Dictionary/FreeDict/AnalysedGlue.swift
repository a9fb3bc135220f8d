import Foundation

/// Glued translations found with Apertium's morphological analyser (`lt-proc`): a token
/// the analyser does not know (`atravésde`, `porfavor`, `thedaybeforeyesterday`) that splits
/// into words it reads as a whole (`a través de`, a multi-word unit of its own; `por
/// favor`; `the day before yesterday`) lost its spaces upstream. The analyser knows every
/// inflected form, so an ordinary word that happens to contain others (`anualmente`,
/// `mother`) is known as it stands and never split.
///
/// Used by the FreeDict importer when an analyser for the target language is installed;
/// without one `GlueRepair`'s shape rules work alone.
struct AnalysedGlue: Sendable {
    /// Each glued token (lower case) and its words.
    let splits: [String: String]
    /// The splits the analyser reads as one unit (`por favor`, `a través de`): set phrases.
    let units: Set<String>
    /// The tokens the analyser does not know, glued or not (`hazfavor`, `yunque`).
    let unknown: Set<String>

    /// The most pieces a glued token is split into, and the longest token tried.
    static let maxPieces = 6
    static let maxLength = 32

    /// Splits for the glued tokens among `tokens`, asking `analyse` (lines of words → for
    /// each, how many units the analyser reads, 0 when it does not know all of it) in three batches: the tokens, the pieces
    /// of the unknown ones, and the phrases those pieces make.
    /// The glue words and word endings are those of `pack`, the target language's.
    init(tokens: Set<String>, pack: LanguagePack, analyse: ([String]) -> [Int]?) {
        let candidates = tokens.filter { token in
            token.count >= 4 && token.count <= Self.maxLength && token.allSatisfy(\.isLetter) && token == token.lowercased()
        }.sorted()
        // First the tokens themselves: the analyser knows most of them as they are.
        guard let answers = analyse(candidates), answers.count == candidates.count else {
            (splits, units, unknown) = ([:], [], [])
            return
        }
        let unknown = zip(candidates, answers).filter { $0.1 == 0 }.map(\.0)
        self.unknown = Set(unknown)
        // Then every piece an unknown token could split into.
        var pieces = Set<String>()
        for token in unknown {
            let characters = Array(token)
            for start in characters.indices {
                for end in (start + 1)...characters.count where end - start < characters.count {
                    pieces.insert(String(characters[start..<end]))
                }
            }
        }
        let asked = pieces.sorted()
        guard let pieceAnswers = analyse(asked), pieceAnswers.count == asked.count else {
            (splits, units) = ([:], [])
            return
        }
        let known = Set(zip(asked, pieceAnswers).filter { $0.1 > 0 }.map(\.0))
        // Short words that hold a glued phrase together: the pack's `glue-words.txt` and
        // `glue-words-analysed.txt`.
        let function = pack.words("glue-words").union(pack.words("glue-words-analysed"))
        let endings = pack.words("word-endings")
        // Last, the splits of unknown tokens, read as phrases, so a multi-word unit
        // whose middle is no word alone (`a través de`) is found.
        var proposals: [(token: String, phrase: String)] = []
        for token in unknown {
            for split in Self.splits(of: token, known: known, function: function) {
                proposals.append((token, split.joined(separator: " ")))
            }
        }
        guard let verdicts = analyse(proposals.map(\.phrase)), verdicts.count == proposals.count else {
            (splits, units) = ([:], [])
            return
        }
        var found: [String: String] = [:]
        var setPhrases = Set<String>()
        for (proposal, unitCount) in zip(proposals, verdicts) where unitCount > 0 && found[proposal.token] == nil {
            let pieces = proposal.phrase.split(separator: " ").map(String.init)
            guard unitCount == 1 || Self.hasTheShapeOfAPhrase(pieces, function: function, endings: endings) else { continue }
            found[proposal.token] = proposal.phrase
            if unitCount == 1 { setPhrases.insert(proposal.phrase) }
        }
        (splits, units) = (found, setPhrases)
    }

    /// Words the analyser reads one by one make a glued phrase only in a phrase's shape:
    /// every word not a function word has four letters or more, and there is a function
    /// word with a content word (`de acuerdo`, `en estado`) or two long content words
    /// (`correo aéreo`). A rare word the analyser lacks may split into short words it
    /// knows (`yunque` → `y un que`, `contante` → `con tan te`): those are left whole.
    /// `endings` are the language's `word-endings.txt`: a split that ends in one is one word.
    static func hasTheShapeOfAPhrase(_ pieces: [String], function: Set<String>, endings: Set<String> = []) -> Bool {
        // `acaso`, `oponerse`: a one-letter word before one other is a word's first letter;
        // `extremamente`: `-mente` makes an adverb of an adjective, it is no word of its own.
        if pieces.count == 2, pieces[0].count == 1 { return false }
        if let last = pieces.last, endings.contains(last) { return false }
        let content = pieces.filter { !function.contains($0) }
        guard !content.isEmpty, content.allSatisfy({ $0.count >= 4 }) else { return false }
        return content.count < pieces.count || content.filter { $0.count >= 5 }.count >= 2
    }

    /// Ways to cut `token` into two to `maxPieces` pieces, fewest pieces first: each piece a
    /// known word of two letters or more, or a one-letter function word (`a`, `y`), with at
    /// most one unknown piece of three letters or more (the middle of a unit like `a través de`).
    static func splits(of token: String, known: Set<String>, function: Set<String>) -> [[String]] {
        let characters = Array(token)
        var results: [[String]] = []
        var limit = 6
        func extend(_ start: Int, _ pieces: [String], _ unknownUsed: Bool) {
            guard results.count < limit else { return }
            if start == characters.count {
                if pieces.count >= 2 { results.append(pieces) }
                return
            }
            guard pieces.count < maxPieces else { return }
            for end in stride(from: characters.count, to: start, by: -1) {
                let piece = String(characters[start..<end])
                guard piece.count < characters.count else { continue }
                let isKnown = piece.count == 1 ? function.contains(piece) : known.contains(piece)
                if isKnown {
                    extend(end, pieces + [piece], unknownUsed)
                } else if !unknownUsed, piece.count >= 3, !pieces.isEmpty || end < characters.count {
                    extend(end, pieces + [piece], true)
                }
            }
        }
        // Splits into known words first, then those with one unknown piece.
        extend(0, [], true)
        let known = results.sorted { $0.count < $1.count }
        results = []
        limit = 6
        extend(0, [], false)
        return known + results.filter { !known.contains($0) }.sorted { $0.count < $1.count }
    }

    /// Whether `text` is a token that lost its spaces.
    func isGlued(_ text: String) -> Bool { splits[text.lowercased()] != nil }

    /// `text` with its spaces back, if it is glued.
    func repaired(_ text: String) -> String? { splits[text.lowercased()] }

    /// Whether the analyser knows `text` as a word (only single tokens were asked).
    func isKnownWord(_ text: String) -> Bool { !text.contains(" ") && !unknown.contains(text.lowercased()) }

    /// Whether `text` is glued and its words are a set phrase of the language (`porfavor`).
    func isSetPhrase(_ text: String) -> Bool { splits[text.lowercased()].map(units.contains) ?? false }
}
