import ParleyKit

/// Analysers and generators from tables, for tests of rules that ask about words: each
/// language's words with their analyses written as Apertium writes them (`trenes` →
/// `tren<n><m><pl>`, a joined one with `+`), and the forms its generator writes for an
/// analysis (`ser<vbser><prs><p3><sg>` → `sea`). A language missing from a table has no
/// analyser (or generator), so the rules that need one step aside as without Apertium.
public struct InMemoryMorphology: Morphology {
    private let analyses: [String: [String: WordAnalysis]]
    private let forms: [String: [String: String]]

    /// Tables by language: `analyses` word → its analyses; `forms` analysis → written form.
    public init(analyses: [String: [String: [String]]] = [:], forms: [String: [String: String]] = [:]) {
        self.analyses = analyses.mapValues { words in words.mapValues { WordAnalysis(written: $0) } }
        self.forms = forms
    }

    public func analyser(for language: String) -> (any WordAnalyser)? {
        analyses[language].map(Analyser.init)
    }

    public func generator(for language: String) -> (any WordGenerator)? {
        forms[language].map(Generator.init)
    }

    private struct Analyser: WordAnalyser {
        let words: [String: WordAnalysis]
        func analysis(of word: String) -> WordAnalysis { words[word] ?? WordAnalysis() }
    }

    private struct Generator: WordGenerator {
        let forms: [String: String]
        func form(of analysis: String) -> String? { forms[analysis] }
    }
}
