import Foundation

/// Where in a translation a rule runs. Each stage's rules run in the order
/// `TranslationRules.build` lists them.
enum TranslationStage: Hashable, Sendable, CaseIterable {
    /// Each reply of the engine (Apertium) for a run of the sentence's words, after the
    /// shipped post-edits: what the engine gets wrong in a phrase (`Perdí` → `He perdido`).
    case engineReply
    /// A phrasebook pattern's template with its slots filled, before the sentence's grammar:
    /// what a slot translated on its own gets wrong where it now stands.
    case filledTemplate
    /// The whole sentence in the target, whoever wrote its parts (the engine, the phrasebook,
    /// a pattern's template and slots): agreement, word order, mood.
    case sentence
}

/// What a rule may ask about the sentence whose translation it corrects, besides the text.
struct SentenceFacts: Sendable {
    /// The source sentence's words (lower case).
    var sourceWords: [String]
    /// The source words the text translates: at `.engineReply` the run sent to the engine,
    /// elsewhere the whole sentence.
    var run: [String]
    /// Whether the text asks a question whose marks are not written yet: at `.engineReply`
    /// whether the run opens a question, elsewhere whether the sentence is one.
    var asks: Bool
    /// Whether the sentence is a command said to the listener (not a pattern's slot).
    var commands: Bool
    /// At `.engineReply`, the target text right before the run when a phrasebook wrote it
    /// (a correction may span both); empty otherwise.
    var preceding: String

    /// Facts for a text that translates `run` (by default the whole sentence) of the sentence `sourceWords`.
    init(sourceWords: [String], run: [String]? = nil, asks: Bool = false, commands: Bool = false, preceding: String = "") {
        self.sourceWords = sourceWords
        self.run = run ?? sourceWords
        self.asks = asks
        self.commands = commands
        self.preceding = preceding
    }
}

/// What is made for one direction from its languages' packs: a `TranslationRule`, or a
/// rule with a shape of its own (a rewrite of the source before the engine, the dictionary's
/// verb frames). It holds what it read from the packs; `TranslationRules.build` makes every
/// one of a direction once, so none keeps a cache of its own.
protocol DirectionRule: Sendable {
    /// The rule for the direction of `context`, or nil when its packs do not call for it.
    static func make(for context: TranslationContext) -> Self?
}

/// One correction of a translation's text, made for a direction from its languages' packs.
/// The list of a direction's rules and their order is `TranslationRules`.
protocol TranslationRule: DirectionRule {
    /// The stages the rule is written for; `TranslationRules.build` places it only there.
    static var stages: Set<TranslationStage> { get }
    /// `text`, a translation of the sentence `facts` describe, corrected.
    func apply(to text: String, facts: SentenceFacts) -> String
}

/// A rule over the dictionary translator's segments, phrase by phrase, before they are
/// joined: what the target says in another order or form (Korean's verb last, counters,
/// particles). Made for a direction like a `TranslationRule`; `TranslationRules.segments`
/// lists them in order.
protocol SegmentRule: DirectionRule {
    /// `segments` (each a source phrase and its translation), corrected; they still cover
    /// every source word.
    func apply(to segments: [TranslationSegment]) -> [TranslationSegment]
}

/// What a rule is made from: the direction, its two languages' packs, the morphology the
/// rules ask about words, and where the engine's shipped corrections are. A rule reaches
/// packs and morphology only through the context it was made with, so a test can hand it
/// tables instead of Apertium's analysers.
struct TranslationContext: Sendable {
    /// The direction.
    let pair: LanguagePair
    /// The packs of the source and the target language.
    let source: LanguagePack
    let target: LanguagePack
    /// The analysers and generators of each language.
    let morphology: any Morphology
    /// The folder of the engine's corrections (`apertium-en-es.tsv`, beside the shipped
    /// phrasebooks); nil for none.
    let engineCorrections: URL?

    /// The context of `pair` with the given packs and morphology.
    init(pair: LanguagePair, source: LanguagePack, target: LanguagePack, morphology: any Morphology,
         engineCorrections: URL? = nil) {
        self.pair = pair
        self.source = source
        self.target = target
        self.morphology = morphology
        self.engineCorrections = engineCorrections
    }

    /// The context of the direction from `source` into `target`, with their packs from
    /// `packs` and `morphology` (a translator's `TranslationRules.Cache` passes lt-proc's; a
    /// test, tables).
    init(from source: String, to target: String, packs: LanguagePacks = LanguagePacks(), morphology: any Morphology,
         engineCorrections: URL? = nil) {
        let pair = LanguagePair(source, target)
        self.init(pair: pair, source: packs.pack(pair.source), target: packs.pack(pair.target), morphology: morphology,
                  engineCorrections: engineCorrections)
    }
}
