import Testing
@testable import ParleyKit
import ParleyKitTesting

/// The wiring in `TranslationRules.build`: which rules a direction's packs call for, at
/// which stage, in the order they ran before they shared a protocol.
@Suite("Translation rules: the wiring of each direction")
struct TranslationRulesTests {
    static func names(_ rules: [any TranslationRule]) -> [String] { rules.map { "\(type(of: $0))" } }

    @Test func englishIntoSpanish() {
        let rules = TranslationRules.build(for: TranslationContext(from: "en", to: "es", morphology: InMemoryMorphology()))
        #expect(Self.names(rules.rules(at: .engineReply)) == [
            "EnginePostEdits", "RecentPast", "ObjectClitics", "CopulaChoice", "PredicateAgreement", "GerundsAfterPrepositions",
        ])
        #expect(Self.names(rules.rules(at: .filledTemplate)) == ["GerundsAfterPrepositions"])
        #expect(Self.names(rules.rules(at: .sentence)) == [
            "WantingOthers", "SubjunctiveClauses", "CopulaChoice", "PredicateAgreement", "PreposedAdjectives",
            "QuestionSubjectOrder", "FormalCommands",
        ])
        #expect(rules.segments.isEmpty)
        #expect(rules.source.questionOrder != nil && rules.source.address == nil)
    }

    @Test func spanishIntoEnglish() {
        let rules = TranslationRules.build(for: TranslationContext(from: "es", to: "en", morphology: InMemoryMorphology()))
        #expect(Self.names(rules.rules(at: .engineReply)) == [
            "EnginePostEdits", "NearFuture", "SpeakerSubject", "PainOrder", "PlacePrepositions", "NounCompounds",
        ])
        #expect(Self.names(rules.rules(at: .sentence)) == ["InfinitiveMarker", "SubjectAfterConjunction", "DurationPerfect"])
        #expect(rules.source.address != nil && rules.source.questionOrder == nil)
    }

    @Test func englishIntoKorean() {
        let rules = TranslationRules.build(for: TranslationContext(from: "en", to: "ko", morphology: InMemoryMorphology()))
        #expect(rules.segments.map { "\(type(of: $0))" } == [
            "ArticleDropping", "KoreanCounters", "KoreanModifiers", "KoreanPostpositions", "KoreanWordOrder",
        ])
        #expect(Self.names(rules.rules(at: .filledTemplate)) == ["KoreanCountedNumbers"])
        #expect(rules.verbFrames != nil)
    }
}
