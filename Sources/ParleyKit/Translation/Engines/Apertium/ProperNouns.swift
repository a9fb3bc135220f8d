/// Names speech recognisers write in lower case (`seoul`, `maria`, `new york`). Apertium
/// keeps the case of its input and only recognises a place or a person as one when it is
/// capitalised (`seoul` passes through unknown, `Seoul` becomes `Seúl`), so these are
/// capitalised before translating. A name that is also an ordinary word (`turkey`, `park`,
/// `china`, Spanish `granada`) is capitalised only where a place is expected (`from
/// turkey`, `en granada`): `a turkey sandwich` and `where can i park` stay as they are.
/// The names are each language pack's `names.txt` (several words where the name has them)
/// and the words before which a place is expected its `place-words.txt`.
enum ProperNouns {
    /// One language's names.
    struct Names: Sendable {
        /// Each one-word name by its lower-case form, written as it is capitalised.
        let byKey: [String: String]
        /// The names of more than one word split into words, by lower-case first word.
        let multiWordsByFirst: [String: [[String]]]
        /// Words before which a place is expected: an ambiguous name after one is a name.
        let placeWords: Set<String>

        init(pack: LanguagePack) {
            let names = pack.list("names")
            byKey = Dictionary(names.filter { !$0.contains(" ") }.map { ($0.lowercased(), $0) },
                               uniquingKeysWith: { first, _ in first })
            multiWordsByFirst = Dictionary(grouping: names.filter { $0.contains(" ") }
                .map { $0.split(separator: " ").map(String.init) }) { $0[0].lowercased() }
            placeWords = pack.words("place-words")
        }

        /// The capitalised form of each word of `words` (lower case; nil for punctuation)
        /// that is a name where it stands, by index. `isOrdinaryWord` says whether a
        /// lower-case word has a reading other than a name (Apertium's analyser knows
        /// `turkey` as a noun).
        func names(in words: [String?], isOrdinaryWord: (String) -> Bool) -> [Int: String] {
            var found: [Int: String] = [:]
            var index = 0
            outer: while index < words.count {
                for parts in words[index].flatMap({ multiWordsByFirst[$0] }) ?? [] {
                    guard index + parts.count <= words.count else { continue }
                    if parts.indices.allSatisfy({ words[index + $0] == parts[$0].lowercased() }) {
                        for offset in parts.indices { found[index + offset] = parts[offset] }
                        index += parts.count
                        continue outer
                    }
                }
                if let word = words[index], let name = byKey[word.lowercased()] {
                    let previous = index > 0 ? words[index - 1] : nil
                    if !isOrdinaryWord(word) || previous.map(placeWords.contains) == true {
                        found[index] = name
                    }
                }
                index += 1
            }
            return found
        }

        /// The name as it is written, if `word` (any case) is one of these names.
        func name(_ word: String) -> String? {
            byKey[word.lowercased()]
        }
    }

    /// Every language's one-word names as they are written.
    static let allNames: Set<String> = Set(LanguagePack.perInstalledLanguage(Names.init(pack:)).values.flatMap(\.byKey.values))

    /// True when `word`, capitalised as it is, is a known name in any language.
    static func isName(_ word: String) -> Bool {
        let bare = word.trimmingCharacters(in: .punctuationCharacters)
        return allNames.contains(bare)
    }
}
