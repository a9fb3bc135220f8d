import Foundation

/// Picks the ordinary translation of a headword out of FreeDict's dictd entries.
///
/// FreeDict's eng-spa (generated from Ergane) indexes a compound under its first word:
/// `red` has entries for `Red Cross` (→ `CruzRoja`), `redcurrant` and `red` itself, and the
/// compound's translation has lost its spaces (`billetedebanco`, `atravésde`). Taking the
/// first entry gives word salad. An entry's first line is its headword as written and its
/// pronunciation, and that tells them apart:
/// - a capitalised headword under a lower-case index word is a name (`Red Cross`), used
///   only when the word has no entry of its own (`madrid` → `Madrid`);
/// - compound entries carry a longer pronunciation (`/ridkʌrənt/` against `/rid/`), or
///   one in the other source's style, with stress marks (`/bˈaŋk/` → `billetedebanco`),
///   where the word's own entry has none;
/// - an entry whose pronunciation is far longer than its index word is a phrase's;
/// - within the chosen entry the senses are in the dictionary's order, the commonest first.
enum FreeDictSenses {
    /// One dictd entry for an index headword.
    struct Candidate {
        /// The headword as the entry writes it.
        let headword: String
        /// The pronunciation between slashes, or "" when there is none.
        let pronunciation: String
        /// The senses in order, each a list of alternative translations.
        let senses: [[String]]
        /// For each sense, the translation it offers (`choice(in:glue:)`), once `picking` ran.
        private(set) var picks: [String?] = []

        init(body: String) {
            // CRLF too: Swift reads "\r\n" as one Character, which `split(separator: "\n")` misses.
            let lines = body.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            let first = lines.first ?? ""
            if let open = first.firstIndex(of: "/"), let close = first[first.index(after: open)...].firstIndex(of: "/") {
                headword = first[..<open].trimmingCharacters(in: .whitespaces)
                pronunciation = String(first[first.index(after: open)..<close])
            } else {
                headword = first
                pronunciation = ""
            }
            senses = lines.dropFirst().filter { !$0.isEmpty }.map { line in
                var text = Substring(line)
                if let dot = text.firstIndex(of: "."), !text[..<dot].isEmpty, text[..<dot].allSatisfy(\.isNumber) {
                    text = text[text.index(after: dot)...]
                }
                return text.split(whereSeparator: { $0 == "," || $0 == ";" })
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
        }

        /// The candidate with each sense's translation chosen, once for the whole import.
        func picking(with glue: GlueRepair) -> Candidate {
            var picked = self
            picked.picks = senses.map { FreeDictSenses.choice(in: $0, glue: glue) }
            return picked
        }

        /// A name: the entry capitalises a headword the index has in lower case.
        func isName(indexWord: String) -> Bool {
            guard let first = headword.first, let indexFirst = indexWord.first else { return false }
            return first.isUppercase && !indexFirst.isUppercase
        }

        /// The pronunciation without stress and length marks, for comparing lengths.
        var pronunciationLength: Int { pronunciation.filter { !" ˈˌː'".contains($0) }.count }
        /// Whether the pronunciation is of a longer phrase than `indexWord` (`/ridkʌrənt/`
        /// under `red`): sounds and letters differ, but not by half again and more.
        func isLongerPhrase(than indexWord: String) -> Bool {
            let letters = indexWord.filter { !$0.isWhitespace }.count
            let sounds = pronunciationLength
            return sounds > letters + 1 && Double(sounds) > Double(letters) * 1.5
        }

        /// Whether the pronunciation marks stress (the compound entries' style in eng-spa).
        var marksStress: Bool { pronunciation.contains("ˈ") }
    }

    /// Whether a large dictionary writes stress marks in only a few of its entries (under
    /// one in ten): then those entries come from another source (eng-spa's 202 compound
    /// remnants among 5,913). A small dictionary says too little to tell.
    static func stressMarksAreAMinority(_ entries: [Candidate]) -> Bool {
        guard entries.count >= 500 else { return false }
        let marked = entries.filter(\.marksStress).count
        return marked > 0 && marked * 10 < entries.count
    }

    /// The best translation among `entries` (those indexed under `indexWord`, in index
    /// order, with their senses picked), or nil when none has a usable one.
    /// With `stressMarksCompounds` (the dictionary writes stress marks only in a minority
    /// of entries, as eng-spa does for its compound remnants: `tooth /tˈuːθ/` → "toothbrush"),
    /// those entries are not used at all.
    ///
    /// `agrees(headword, translation)` says whether the two can be the same part of speech
    /// (nil when it cannot tell): a first sense that cannot (`through` → `acabado`, an
    /// adjective for a preposition) gives way to the first later sense that can.
    static func translation(of indexWord: String, entries: [Candidate],
                            stressMarksCompounds: Bool = false,
                            agrees: ((String, String) -> Bool?)? = nil) -> String? {
        let all = entries.filter { !$0.senses.isEmpty && !(stressMarksCompounds && $0.marksStress) }
        // dictd indexes in lower case, so `madrid` has only its name's entry: keep it then.
        let words = all.filter { !$0.isName(indexWord: indexWord) }
        // A headword whose every entry is a longer phrase's (`be` has only `be born`,
        // `be able to`, …) has no translation of its own here: better none than a wrong one.
        let candidates = (words.isEmpty ? all : words).filter { !$0.isLongerPhrase(than: indexWord) }
        guard let shortest = candidates.map(\.pronunciationLength).min() else { return nil }
        let someUnmarked = candidates.contains { !$0.marksStress }
        let ranked = candidates.enumerated().sorted { left, right in
            rank(left.element, shortest: shortest, someUnmarked: someUnmarked, order: left.offset).lexicographicallyPrecedes(
                rank(right.element, shortest: shortest, someUnmarked: someUnmarked, order: right.offset))
        }.map(\.element)
        if let agrees, let best = ranked.first {
            let picks = best.picks.compactMap { $0 }
            if let first = picks.first, agrees(indexWord, first) == false,
               let agreeing = picks.first(where: { agrees(indexWord, $0) == true }) {
                return agreeing
            }
        }
        return ranked.lazy.compactMap { $0.picks.lazy.compactMap { $0 }.first }.first
    }

    /// The translation one sense offers: its first clean one the analyser knows (`before,
    /// infrontof` → `before`), else a set phrase whose spaces were lost (`hazfavor,
    /// hazelfavor, porfavor` → `por favor`), else a clean one, else another repaired phrase.
    /// Senses are tried in the dictionary's order, the commonest first.
    static func choice(in sense: [String], glue: GlueRepair) -> String? {
        let clean = sense.filter { !glue.isGlued($0) }
        if let known = clean.first(where: { glue.analysed?.isKnownWord($0) != false }) { return known }
        if let phrase = sense.first(where: { glue.analysed?.isSetPhrase($0) == true }) {
            return glue.repaired(phrase)
        }
        if let clean = clean.first { return clean }
        return sense.lazy.compactMap({ glue.repaired($0) }).first
    }


    /// Lower is better: the word's own entry (shortest pronunciation, no compound-style
    /// stress marks when an unmarked entry exists), then index order.
    private static func rank(_ candidate: Candidate, shortest: Int, someUnmarked: Bool, order: Int) -> [Int] {
        [someUnmarked && candidate.marksStress ? 1 : 0, candidate.pronunciationLength > shortest ? 1 : 0, order]
    }
}
