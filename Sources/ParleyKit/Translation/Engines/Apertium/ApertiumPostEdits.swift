import Foundation

/// Apertium's known mistranslations of conversation, corrected in its output: a table per
/// direction shipped beside the phrasebooks (`dictionaries/apertium-en-es.tsv`, format in
/// `dictionaries/README.md`). Each rule says which source words make a reading certain
/// enough (`station`), what Apertium wrote (`canal`) and what to write instead
/// (`estación`). Rules are about words and short phrases, never whole sentences.
struct ApertiumPostEdits: Sendable {
    /// One correction.
    struct Rule: Sendable, Equatable {
        /// Source words that must stand together in the sentence; empty means always.
        let when: [String]
        /// Apertium's words, lower case, without its `#` mark.
        let wrote: [String]
        /// The words to write instead, as written.
        let instead: [String]
    }

    /// The rules, in file order.
    let rules: [Rule]
    /// Each rule's place in `rules` by the first word it matches (`<n>` for an hour), so a
    /// reply tries only the rules that may match it, not thousands.
    private let byFirstWord: [String: [Int]]
    /// What `<n>` matches: the hours of a clock as digits, and as the words `hourWords` gave.
    private let hours: Set<String>

    /// Rules from the text of a table: `source words<TAB>Apertium wrote<TAB>write instead`,
    /// `*` for "whatever the source", `<n>` for an hour (`to the <n>` → `at <n>`), `-` as
    /// the replacement to delete the words, `#` comment lines. Malformed lines are skipped.
    /// `hourWords` are the hours said as words (`nine`, `nueve`), which `<n>` matches too.
    init(text: String, hourWords: Set<String> = []) {
        // Read as the packs are: CRLF files (a Windows editor) keep their rules.
        let rules: [Rule] = LanguagePackReader.entries(of: text, keepingTabs: true).compactMap { _, line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { String(LanguagePackReader.trimmed($0)) }
            guard fields.count == 3, !fields[0].isEmpty, !fields[1].isEmpty, !fields[2].isEmpty else { return nil }
            return Rule(when: fields[0] == "*" ? [] : PhraseText.words(fields[0]),
                        wrote: fields[1].lowercased().split(separator: " ").map(String.init),
                        instead: fields[2].split(separator: " ").map(String.init))
        }
        self.rules = rules
        byFirstWord = Dictionary(grouping: rules.indices) { rules[$0].wrote[0] }
        hours = Set((1...24).map(String.init)).union(hourWords)
    }

    /// `output` (one engine reply) corrected for a sentence whose words are `source`.
    /// `preceding` is the text just before the reply (a protected phrase), so a mistake
    /// across the two (`is it near` + `of the hotel`) is seen; only the reply is changed.
    /// `writtenOut` is the sentence with its contractions written out (`i am` for `i'm`): a
    /// rule's source words may be found in either.
    func apply(to output: String, source: [String], writtenOut: [String] = [], preceding: String) -> String {
        guard !preceding.isEmpty, !rules.isEmpty else { return apply(to: output, source: source, writtenOut: writtenOut) }
        let joined = apply(to: preceding + " " + output, source: source, writtenOut: writtenOut)
        guard joined.hasPrefix(preceding + " ") else { return apply(to: output, source: source, writtenOut: writtenOut) }
        return String(joined.dropFirst(preceding.count + 1))
    }

    /// `output` (one engine reply) corrected for a sentence whose words are `source` (and,
    /// with its contractions written out, `writtenOut`).
    func apply(to output: String, source: [String], writtenOut: [String] = []) -> String {
        var tokens = output.split(separator: " ").map(String.init)
        var bare = tokens.map(Self.bare)
        // Most replies need no rule: only rules whose first word is in the reply are tried,
        // in file order.
        let candidates = (Set(bare).union(["<n>"]).flatMap { byFirstWord[$0] ?? [] }).sorted()
        for rule in candidates.map({ rules[$0] }) {
            guard rule.when.isEmpty || !PhraseText.occurrences(of: rule.when, in: source).isEmpty
                    || !PhraseText.occurrences(of: rule.when, in: writtenOut).isEmpty else { continue }
            var index = 0
            while index + rule.wrote.count <= tokens.count {
                let span = index..<(index + rule.wrote.count)
                guard zip(bare[span], rule.wrote).allSatisfy({ $0 == $1 || $1 == "<n>" && self.hours.contains($0) }) else {
                    index += 1
                    continue
                }
                // `<n>` stands for an hour: the one Apertium wrote goes where the rule puts it.
                var hours = zip(bare[span], rule.wrote).filter { $1 == "<n>" }.map(\.0).makeIterator()
                var replacement = rule.instead.map { $0 == "<n>" ? hours.next() ?? $0 : $0 }
                // `-` deletes the words (`I` left in Spanish output), keeping the marks after them.
                if replacement == ["-"] {
                    let marks = String(tokens[span.upperBound - 1].reversed().prefix { PhraseText.edgePunctuation.contains($0) }.reversed())
                    tokens.removeSubrange(span)
                    bare.removeSubrange(span)
                    if !marks.isEmpty, index > 0 { tokens[index - 1] += marks }
                    continue
                }
                // The capital of a sentence's first word, and the marks after the last, stay.
                if tokens[index].drop(while: { $0 == "#" }).first?.isUppercase == true {
                    replacement[0] = SentenceStyle.capitalizedFirstLetter(replacement[0])
                }
                let trailing = tokens[span.upperBound - 1].reversed().prefix { PhraseText.edgePunctuation.contains($0) }
                replacement[replacement.count - 1] += String(trailing.reversed())
                tokens.replaceSubrange(span, with: replacement)
                bare.replaceSubrange(span, with: replacement.map(Self.bare))
                index += replacement.count
            }
        }
        return tokens.joined(separator: " ")
    }

    /// The one-word numbers of 1 to 12 in `pack`'s `numbers.tsv` (`nine`, `una`, `uno`): the
    /// hours Apertium may write as words.
    static func hourWords(in pack: LanguagePack) -> Set<String> {
        Set(pack.table("numbers").filter { row in
            row.count >= 2 && !row[0].contains(" ") && Int(row[1]).map { (1...12).contains($0) } == true
        }.map { $0[0] })
    }

    /// A token of Apertium's output as a plain lower-case word (`#Canal,` → `canal`).
    private static func bare(_ token: String) -> String {
        var word = Substring(token)
        while let first = word.first, first == "#" || PhraseText.edgePunctuation.contains(first) { word = word.dropFirst() }
        while let last = word.last, PhraseText.edgePunctuation.contains(last) { word = word.dropLast() }
        return word.lowercased()
    }


    /// The table for `pair` in `folder` (`apertium-en-es.tsv`); an empty table when there is none.
    static func shipped(in folder: URL?, pair: LanguagePair, hourWords: Set<String> = []) -> ApertiumPostEdits {
        guard let folder else { return ApertiumPostEdits(text: "", hourWords: hourWords) }
        let file = folder.appendingPathComponent("apertium-\(pair.source)-\(pair.target).tsv")
        return ApertiumPostEdits(text: (try? String(contentsOf: file, encoding: .utf8)) ?? "", hourWords: hourWords)
    }
}

/// The shipped post-edits as the first rule of each engine reply: word senses come right
/// before the grammar rules read the words.
struct EnginePostEdits: TranslationRule {
    static let stages: Set<TranslationStage> = [.engineReply]

    let table: ApertiumPostEdits
    let sourceLanguage: String

    /// The direction's table beside the phrasebooks; an empty one (which still tidies the
    /// reply's spaces, as every reply always was) when there is none.
    static func make(for context: TranslationContext) -> EnginePostEdits? {
        // Apertium writes the target's hour words; the source's are there for a word it leaves as it was.
        let hourWords = ApertiumPostEdits.hourWords(in: context.source).union(ApertiumPostEdits.hourWords(in: context.target))
        return EnginePostEdits(table: .shipped(in: context.engineCorrections, pair: context.pair, hourWords: hourWords),
                               sourceLanguage: context.pair.source)
    }

    func apply(to text: String, facts: SentenceFacts) -> String {
        // A rule written `am really bored` holds for `i'm really bored` too.
        let writtenOut = SourceContractions.expand(facts.sourceWords, language: sourceLanguage)
        return table.apply(to: text, source: facts.sourceWords, writtenOut: writtenOut == facts.sourceWords ? [] : writtenOut,
                           preceding: facts.preceding)
    }
}
