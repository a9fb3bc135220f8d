import Foundation

/// The analysers and generators rules read and write words with, by language. A rule asks
/// the morphology of the `TranslationContext` it was made with; the context's builder
/// chooses the implementation (Apertium's lt-proc in a translator, tables in a test).
public protocol Morphology: Sendable {
    /// `language`'s analyser, or nil when there is none for it (the rules that need one step aside).
    func analyser(for language: String) -> (any WordAnalyser)?
    /// `language`'s generator, or nil when there is none for it.
    func generator(for language: String) -> (any WordGenerator)?
}

/// What a language's analyser says of single words.
public protocol WordAnalyser: Sendable {
    /// What the analyser says of one lower-case word; empty when it does not know it.
    func analysis(of word: String) -> WordAnalysis
}

extension WordAnalyser {
    /// The readings of one lower-case word; empty when the analyser does not know it.
    public func readings(of word: String) -> [WordReading] { analysis(of: word).readings }
    /// The readings of one lower-case word with others joined to it, as the analyser wrote
    /// them (`ayudar<vblex><imp><p2><sg>+prpers<prn><enc><p1><mf><sg>`).
    public func joinedReadings(of word: String) -> [String] { analysis(of: word).joined }
}

/// What writes a language's word forms from a base form and its tags.
public protocol WordGenerator: Sendable {
    /// The form of a whole analysis as an analyser writes one, words joined with `+`
    /// (`ayudar<vblex><imp><p3><sg>+prpers<prn><enc><p1><mf><sg>` → `ayúdeme`), or nil.
    func form(of analysis: String) -> String?
}

extension WordGenerator {
    /// The form of `base` with `tags` (`["vblex", "prs", "p3", "sg"]`), or nil when the
    /// generator has none.
    public func form(of base: String, tags: [String]) -> String? {
        // Checked here, not in the generator, so every generator is asked the same analyses.
        guard !base.isEmpty, base.allSatisfy({ $0.isLetter || $0 == " " || $0 == "-" }),
              !tags.isEmpty, tags.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber } }) else { return nil }
        return form(of: base + tags.map { "<\($0)>" }.joined())
    }
}

/// One reading of a word: a base form, its part of speech and whether it is a plural noun.
public struct WordReading: Sendable, Equatable {
    /// The base form (`train`, `costar`).
    public let base: String
    /// A noun in the plural (`<n>…<pl>`).
    public let isPluralNoun: Bool
    /// Apertium's first tag: the part of speech (`n`, `vblex`, `det`, `prn`, `adv`).
    public var partOfSpeech: String = ""
    /// The tags after it (`pri`, `p3`, `sg`): tense, person, number, gender.
    public var tags: [String] = []

    /// A reading with its parts given one by one.
    public init(base: String, isPluralNoun: Bool, partOfSpeech: String = "", tags: [String] = []) {
        self.base = base
        self.isPluralNoun = isPluralNoun
        self.partOfSpeech = partOfSpeech
        self.tags = tags
    }
}

/// What an analyser says of one word: its readings, and, apart, its readings as a word
/// with others joined to it (`ayúdame` → `ayudar<vblex><imp><p2><sg>+prpers<prn><enc>…`).
public struct WordAnalysis: Sendable, Equatable {
    /// The word's readings as one dictionary word, each once.
    public var readings: [WordReading] = []
    /// Its readings with others joined (`+`), as written.
    public var joined: [String] = []

    /// Nothing known of the word.
    public init() {}

    /// The analysis of readings written as Apertium writes them (`tren<n><m><pl>`); an
    /// unknown one (`*xyz`) or one without tags counts for nothing.
    public init<S: StringProtocol>(written analyses: [S]) {
        for analysis in analyses where !analysis.hasPrefix("*") {
            guard let tagStart = analysis.firstIndex(of: "<") else { continue }
            let base = analysis[..<tagStart].lowercased()
            let tags = analysis[tagStart...]
            guard !base.isEmpty else { continue }
            // Joined readings (`+`) are no dictionary word; they are kept as written.
            if tags.contains("+") {
                joined.append(String(analysis))
                continue
            }
            let partOfSpeech = tags.dropFirst().prefix { $0 != ">" }
            let reading = WordReading(base: base, isPluralNoun: tags.hasPrefix("<n>") && tags.contains("<pl>"),
                                      partOfSpeech: String(partOfSpeech),
                                      tags: tags.split(separator: ">").dropFirst().map { String($0.dropFirst()) })
            if !readings.contains(reading) { readings.append(reading) }
        }
    }
}
