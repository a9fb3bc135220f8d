import Foundation
import Testing
@testable import ParleyKit

@Suite("Phrasebook patterns: reading, matching, filling")
struct PhrasePatternTests {
    func pattern(_ key: String, _ template: String, language: String? = "en") -> PhrasePattern? {
        PhrasePattern(key: key, template: template, language: language)
    }

    @Test func aKeyIsReadIntoLiteralWordsAndSlots() throws {
        let where_ = try #require(pattern("Where is {X}?", "¿Dónde está {X}?"))
        #expect(where_.parts == [.word("where"), .word("is"), .slot(name: "X", suffixes: [], lead: nil)])
        #expect(where_.literalCount == 2)
        // Contractions are written out as input's are.
        let lost = try #require(pattern("i'm looking for {X:to}", "Estoy buscando {X}."))
        #expect(lost.parts == [.word("i"), .word("am"), .word("looking"), .word("for"),
                               .slot(name: "X", suffixes: [], lead: "to")])
        let korean = try #require(pattern("{X|이/가} 어디예요?", "where is {X}?", language: "ko"))
        #expect(korean.parts == [.slot(name: "X", suffixes: ["이", "가"], lead: nil), .word("어디예요")])
    }

    @Test("keys that are not patterns", arguments: [
        ("{X}", "{X}"),                        // no literal word
        ("from {X} {Y}", "de {X} {Y}"),        // two slots side by side
        ("where is {X}", "¿Dónde está?"),      // the template lacks the slot
        ("where is {}", "¿Dónde está {}?"),    // a slot without a name
    ])
    func refused(key: String, template: String) {
        #expect(pattern(key, template) == nil)
    }

    @Test("matching a whole utterance", arguments: [
        ("where is {X}", "where is the train station", ["X": "the train station"]),
        ("how much do {X} cost", "how much do these shoes cost", ["X": "these shoes"]),
        ("{X} does not work", "the shower does not work", ["X": "the shower"]),
        ("how much is a ticket from {X} to {Y}", "how much is a ticket from madrid to sevilla",
         ["X": "madrid", "Y": "sevilla"]),
        ("do you have {X} in {Y}", "do you have this shirt in blue", ["X": "this shirt", "Y": "blue"]),
    ])
    func matches(key: String, utterance: String, slots: [String: String]) throws {
        let found = try #require(pattern(key, template(for: key)))
        let words = utterance.split(separator: " ").map(String.init)
        let ranges = try #require(found.match(words))
        #expect(ranges.mapValues { words[$0].joined(separator: " ") } == slots)
    }

    /// A template naming every slot of `key`.
    func template(for key: String) -> String {
        PhrasePattern.slots(in: key).sorted().map { "{\($0)}" }.joined(separator: " - ")
    }

    @Test("utterances a pattern does not take", arguments: [
        ("where is {X}", "where is"),                       // the slot needs a word
        ("where is {X}", "tell me where is the station"),   // the whole utterance, not a part
        ("how much do {X} cost", "how much do these shoes"),
        ("i would like {X:to}", "i would like to book a room"),  // a verb after `to` is the engine's
    ])
    func doesNotMatch(key: String, utterance: String) throws {
        let found = try #require(pattern(key, template(for: key)))
        #expect(found.match(utterance.split(separator: " ").map(String.init)) == nil)
    }

    @Test("Korean: matched however the recogniser spaced it, the particle either form", arguments: [
        ("{X|이/가} 어디예요?", ["박물관이", "어디예요"], "박물관"),
        ("{X|이/가} 어디예요?", ["박물관", "이", "어디", "예요"], "박물관"),
        ("{X|이/가} 어디예요?", ["버스", "정류장이", "어디예요"], "버스 정류장"),
        ("{X|이/가} 어디예요?", ["바다가", "어디예요"], "바다"),
        ("{X|으로/로} 가 주세요", ["공항으로", "가", "주세요"], "공항"),
    ])
    func korean(key: String, words: [String], slot: String) throws {
        let found = try #require(pattern(key, "{X}", language: "ko"))
        #expect(found.matchIgnoringSpaces(words) == ["X": slot])
    }

    @Test("Korean particles follow the slot's last syllable", arguments: [
        ("{X|이/가} 어디예요?", "역", "역이 어디예요?"),
        ("{X|이/가} 어디예요?", "바다", "바다가 어디예요?"),
        ("{X|을/를} 찾고 있어요", "호텔", "호텔을 찾고 있어요"),
        ("{X|을/를} 찾고 있어요", "우체국", "우체국을 찾고 있어요"),
        ("{X|을/를} 찾고 있어요", "카페", "카페를 찾고 있어요"),
        ("{X|으로/로} 가 주세요", "공항", "공항으로 가 주세요"),
        ("{X|으로/로} 가 주세요", "서울", "서울로 가 주세요"),   // ㄹ takes 로
        ("{X|으로/로} 가 주세요", "호텔", "호텔로 가 주세요"),
        ("제 이름은 {X|이에요/예요}", "민지", "제 이름은 민지예요"),
        ("제 이름은 {X|이에요/예요}", "준석", "제 이름은 준석이에요"),
    ])
    func particles(template: String, slot: String, expected: String) throws {
        let found = try #require(pattern("where is {X}", template))
        #expect(found.filled(with: ["X": slot]) == expected)
    }

    @Test func anInfinitiveSlotIsWrittenAfterItsTo() throws {
        let found = try #require(pattern("nos gustaría {X}", "we would like {X:to}", language: "es"))
        #expect(found.filled(with: ["X": "reserve a room"], infinitives: ["X"]) == "we would like to reserve a room")
        #expect(found.filled(with: ["X": "a table"]) == "we would like a table")
    }

    @Test func aTableKeepsPatternsApartAndReadsThemBackwards() {
        let entries = [
            DictionaryEntry(source: "where is {X}", target: "¿Dónde está {X}?"),
            DictionaryEntry(source: "where is the bathroom", target: "¿Dónde está el baño?"),
            DictionaryEntry(source: "how much do {X} cost", target: "¿Cuánto cuestan {X}?"),
        ]
        let forward = PhraseTable(entries, sourceLanguage: "en", targetLanguage: "es")
        #expect(forward.patterns.count == 2)
        #expect(forward["where is {x}"] == nil)
        #expect(forward["where is the bathroom"] == "¿Dónde está el baño?")
        // The slot teaches no word: `{x}` is not learned from the phrases.
        #expect(forward["{x}"] == nil)
        let backward = PhraseTable(entries, reversed: true, sourceLanguage: "es", targetLanguage: "en")
        let words = ["cuánto", "cuestan", "estos", "zapatos"]
        let match = PatternTranslation.bestMatch(words, surface: words, in: [(.phrasebook, backward)], ignoringSpaces: false)
        #expect(match?.pattern.template == "how much do {X} cost?")
        #expect(match?.slots == ["X": "estos zapatos"])
    }

    @Test func theUsersPatternsWinThenTheLongestLiteralThenTheFirstWritten() {
        let phrasebook = PhraseTable([
            DictionaryEntry(source: "i need {X}", target: "Necesito {X}."),
            DictionaryEntry(source: "i need {X} now", target: "Necesito {X} ahora."),
            DictionaryEntry(source: "i need a {X}", target: "Necesito un {X}."),
        ], sourceLanguage: "en", targetLanguage: "es")
        let words = ["i", "need", "a", "doctor", "now"]
        let best = PatternTranslation.bestMatch(words, surface: words, in: [(.phrasebook, phrasebook)], ignoringSpaces: false)
        #expect(best?.pattern.template == "Necesito {X} ahora.")
        let user = PhraseTable([DictionaryEntry(source: "i {X}", target: "Yo {X}.")], sourceLanguage: "en")
        let mine = PatternTranslation.bestMatch(words, surface: words, in: [(.user, user), (.phrasebook, phrasebook)],
                                               ignoringSpaces: false)
        #expect(mine?.origin == .user)
    }
}
