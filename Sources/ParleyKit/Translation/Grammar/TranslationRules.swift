import Foundation
import Synchronization

/// A direction's translation rules by stage, in the order they apply, and the rules with a
/// shape of their own. `build` is the one place that says which rules run at which stage
/// in which order; a translator builds a direction's rules once (`TranslationRules.Cache`)
/// and hands them to what it assembles.
struct TranslationRules: Sendable {
    /// The direction.
    let pair: LanguagePair
    private let byStage: [TranslationStage: [any TranslationRule]]
    /// The dictionary translator's rules over its segments, in order.
    let segments: [any SegmentRule]
    /// The rewrites of the source before the engine.
    let source: SourceRules
    /// The verb frames the dictionary translator says a sentence's verb in (Korean).
    let verbFrames: KoreanVerbFrames?
    /// The morphology the rules were made with, for what the translator asks about words itself.
    let morphology: any Morphology
    /// The clock times, dates and amounts the direction says the target's way as a whole.
    let forms: DirectionForms
    /// The target's article agreement (`TargetOrthography`), when its pack has it.
    let articles: SpanishArticles?
    /// The names of the source and the target language (`ProperNouns`).
    let sourceNames: ProperNouns.Names
    let targetNames: ProperNouns.Names
    /// The word forms of the source and the target language (`WordForms`).
    let sourceWordForms: WordForms.Language
    let targetWordForms: WordForms.Language
    /// The pronouns the source writes with a capital (`i`), for Apertium's input.
    let sourcePronouns: ApertiumSentence.CapitalisedPronouns
    /// The source's noun particles (`NounParticles`), when its pack has them.
    let particles: NounParticles?
    /// The packs of the source and the target language the rules were made from.
    let sourcePack: LanguagePack
    let targetPack: LanguagePack

    /// The rules of each stage, in order, and the others.
    init(pair: LanguagePair, byStage: [TranslationStage: [any TranslationRule]], segments: [any SegmentRule],
         source: SourceRules, verbFrames: KoreanVerbFrames?, morphology: any Morphology, forms: DirectionForms,
         sourcePack: LanguagePack, targetPack: LanguagePack) {
        self.pair = pair
        self.byStage = byStage
        self.segments = segments
        self.source = source
        self.verbFrames = verbFrames
        self.morphology = morphology
        self.forms = forms
        self.sourcePack = sourcePack
        particles = NounParticles.make(pack: sourcePack)
        sourceNames = ProperNouns.Names(pack: sourcePack)
        sourcePronouns = ApertiumSentence.capitalisedPronouns(in: sourcePack)
        sourceWordForms = WordForms.Language(pack: sourcePack)
        targetWordForms = WordForms.Language(pack: targetPack)
        targetNames = ProperNouns.Names(pack: targetPack)
        articles = targetPack.has("article-agreement") ? SpanishArticles(pack: targetPack, morphology: morphology) : nil
        self.targetPack = targetPack
    }

    /// What the Apertium translator says differently to the engine than the source has it,
    /// each nil when the packs do not call for it. Applied in `ApertiumSentence`, which knows
    /// the tokens: the formal you (`SpanishAddress`), an inverted question put in statement
    /// order, an unsaid `that` said, a pronoun after a subject, `'s` before a participle
    /// written out, a question's `anyone` said as `someone`.
    struct SourceRules: Sendable {
        let address: SpanishAddress?
        let questionOrder: QuestionOrder?
        let complementizer: UnsaidComplementizer?
        let subjectBeforeVerb: SubjectBeforeVerb?
        let perfectContractions: PerfectContractions?
        let questionIndefinites: QuestionIndefinites?
    }

    /// The rules that run at `stage`, in order.
    func rules(at stage: TranslationStage) -> [any TranslationRule] { byStage[stage] ?? [] }

    /// `segments` through the segment rules, one after another.
    func apply(to segments: [TranslationSegment]) -> [TranslationSegment] {
        self.segments.reduce(segments) { segments, rule in rule.apply(to: segments) }
    }

    /// `text` through the rules of `stage`, one after another.
    func apply(_ stage: TranslationStage, to text: String, facts: SentenceFacts) -> String {
        rules(at: stage).reduce(text) { text, rule in rule.apply(to: text, facts: facts) }
    }

    /// The rules of the direction of `context`; a rule its packs do not call for is left out.
    static func build(for context: TranslationContext) -> TranslationRules {
        func made(_ stage: TranslationStage, _ kinds: [any TranslationRule.Type]) -> [any TranslationRule] {
            kinds.compactMap { kind in
                precondition(kind.stages.contains(stage), "\(kind) is not written for \(stage)")
                return kind.make(for: context)
            }
        }
        let byStage: [TranslationStage: [any TranslationRule]] = [
            .engineReply: made(.engineReply, [
                EnginePostEdits.self, RecentPast.self, NearFuture.self, SpeakerSubject.self, ObjectClitics.self, PainOrder.self,
                CopulaChoice.self, PredicateAgreement.self, GerundsAfterPrepositions.self, PlacePrepositions.self,
                NounCompounds.self,
            ]),
            .filledTemplate: made(.filledTemplate, [KoreanCountedNumbers.self, GerundsAfterPrepositions.self]),
            .sentence: made(.sentence, [
                WantingOthers.self, SubjunctiveClauses.self,
                // Ser or estar once more on the whole: the state may have come from the
                // phrasebook (`No es` + `tan lejos`), apart from the copula Apertium wrote.
                CopulaChoice.self, PredicateAgreement.self,
                PreposedAdjectives.self, InfinitiveMarker.self, SubjectAfterConjunction.self, DurationPerfect.self,
                QuestionSubjectOrder.self, FormalCommands.self,
            ]),
        ]
        let segmentKinds: [any SegmentRule.Type] = [
            // Words the target has no word for go first, so the counters, modifiers and
            // particles see the words that stay; the verb goes last once the rest is said.
            ArticleDropping.self, KoreanCounters.self, KoreanModifiers.self, KoreanPostpositions.self, KoreanWordOrder.self,
        ]
        let source = SourceRules(address: .make(for: context), questionOrder: .make(for: context),
                                 complementizer: .make(for: context), subjectBeforeVerb: .make(for: context),
                                 perfectContractions: .make(for: context), questionIndefinites: .make(for: context))
        return TranslationRules(pair: context.pair, byStage: byStage,
                                segments: segmentKinds.compactMap { $0.make(for: context) },
                                source: source, verbFrames: .make(for: context), morphology: context.morphology,
                                forms: DirectionForms(from: context.source, to: context.target),
                                sourcePack: context.source, targetPack: context.target)
    }

    /// The rules of each direction a translator serves, built on first use and kept while
    /// the translator lives.
    final class Cache: Sendable {
        private let built = Mutex<[LanguagePair: TranslationRules]>([:])
        private let engineCorrections: URL?
        private let morphology: any Morphology
        private let packs: LanguagePacks

        /// An empty cache for a translator whose engine's corrections are in
        /// `engineCorrections` (nil: a translator with no engine), whose rules are made from
        /// the packs of `packs` and ask `morphology` about words.
        init(engineCorrections: URL? = nil, morphology: any Morphology, packs: LanguagePacks) {
            self.engineCorrections = engineCorrections
            self.morphology = morphology
            self.packs = packs
        }

        /// The rules from `source` into `target`.
        func rules(from source: String, to target: String) -> TranslationRules {
            let pair = LanguagePair(source, target)
            if let known = built.withLock({ $0[pair] }) { return known }
            // Built outside the lock: reading packs must not hold up another direction.
            let rules = TranslationRules.build(for: TranslationContext(from: source, to: target, packs: packs, morphology: morphology,
                                                                      engineCorrections: engineCorrections))
            return built.withLock { built in
                if let known = built[pair] { return known }
                built[pair] = rules
                return rules
            }
        }

        /// The rules from `source` into `target`.
        func rules(from source: LocaleTag, to target: LocaleTag) -> TranslationRules {
            rules(from: source.language, to: target.language)
        }
    }
}
