import Synchronization

/// Phrasebook phrases inside a sentence the engine translates whole: `where are the fitting
/// rooms` → Apertium's `¿Dónde están las habitaciones de caber?`, though the phrasebook
/// knows `the fitting rooms` → `los probadores`. Cutting the phrase out of the engine's run
/// would leave Apertium a sentence without its noun (and its agreement); instead the
/// engine translates the phrase alone too, and where that literal rendering stands word
/// for word in its translation of the sentence, the phrasebook's is written over it.
/// Where the sentence's context changed the rendering, nothing is replaced.
///
/// Only phrases of two words or more, with a noun or adjective among them (`change trains`,
/// `hace mucho calor`; not `do not` or `van a`), whose translation is a fragment (lower
/// case, no sentence mark), and never the whole run.
struct PhrasesInSentence {
    /// The tables to find phrases in (the user's entries and the phrasebooks).
    let tables: [(TranslationOrigin, PhraseTable)]
    /// The source language.
    let language: String
    /// The parts of speech a source word can be.
    let partsOfSpeech: (String) -> Set<String>
    /// The engine's renderings of phrases alone, kept by the translator.
    let renderings: PhraseRenderings

    /// The longest phrasebook fragments in `run`, left to right, not overlapping.
    func phrases(in run: [String]) -> [(source: String, target: String)] {
        var found: [(String, String)] = []
        var start = 0
        while start < run.count - 1 {
            var matched = 0
            for length in stride(from: min(6, run.count - start), through: 2, by: -1) where length < run.count {
                let span = run[start..<(start + length)]
                guard span.contains(where: { !partsOfSpeech($0).isDisjoint(with: ["n", "adj"]) }),
                      let entry = DictionaryTranslator.lookup(span, in: tables, expandingContractionsOf: language),
                      Self.isFragment(entry.target) else { continue }
                found.append((span.joined(separator: " "), entry.target))
                matched = length
                break
            }
            start += max(1, matched)
        }
        return found
    }

    /// `output`, the engine's translation of `run`, with each phrase's literal rendering
    /// (`engine` translating it alone) replaced by the phrasebook's translation.
    func apply(to output: String, run: [String], pair: LanguagePair, engine: (String) throws -> String) rethrows -> String {
        var result = output
        for (source, target) in phrases(in: run) {
            let literal = try renderings.rendering(of: source, pair: pair, engine: engine)
            guard !literal.isEmpty, literal.lowercased() != target.lowercased() else { continue }
            result = Self.replacing(literal, with: target, in: result)
        }
        return result
    }

    /// A phrase's translation written as a fragment: lower case, no sentence mark.
    static func isFragment(_ target: String) -> Bool {
        guard let first = target.first, let last = target.last else { return false }
        return !first.isUppercase && !PhraseText.openingMarks.contains(first) && !".?!".contains(last)
    }


    /// `text` with the first whole-word occurrence of `literal` (case ignored) replaced by
    /// `replacement`, keeping a capital the occurrence began with.
    static func replacing(_ literal: String, with replacement: String, in text: String) -> String {
        let words = text.split(separator: " ").map(String.init)
        let wanted = literal.lowercased().split(separator: " ").map(String.init)
        guard !wanted.isEmpty, words.count >= wanted.count else { return text }
        for start in 0...(words.count - wanted.count) {
            let span = words[start..<(start + wanted.count)]
            // The last word may carry the sentence's punctuation (`caber?`).
            let trailing = String(span.last!.reversed().prefix { !$0.isLetter && !$0.isNumber }.reversed())
            let bare = span.enumerated().map { index, word in
                (index == wanted.count - 1 ? String(word.dropLast(trailing.count)) : word).lowercased()
            }
            guard bare == wanted else { continue }
            let capital = span.first!.first?.isUppercase == true
            let written = (capital ? SentenceStyle.capitalizedFirstLetter(replacement) : replacement) + trailing
            return (words[..<start] + [written] + words[(start + wanted.count)...]).joined(separator: " ")
        }
        return text
    }
}

/// The engine's translations of phrasebook phrases alone (`PhrasesInSentence`), each asked
/// once per phrase and direction while the translator that keeps them lives.
final class PhraseRenderings: Sendable {
    private let known = Mutex<[String: String]>([:])

    /// No renderings yet.
    init() {}

    /// The engine's translation of a phrase alone, without marks or the capital Apertium
    /// may give a first word. The engine is asked outside the lock.
    func rendering(of phrase: String, pair: LanguagePair, engine: (String) throws -> String) rethrows -> String {
        let key = "\(pair) \(phrase)"
        if let rendered = known.withLock({ $0[key] }) { return rendered }
        var text = try engine(phrase)
        while let last = text.last, ".?!,".contains(last) { text.removeLast() }
        text = text.prefix(1).lowercased() + text.dropFirst()
        known.withLock { $0[key] = text }
        return text
    }
}
