import Testing
@testable import ParleyKit

/// Korean with the shipped phrasebook: statements stay statements, particles and softeners
/// English does not say, and Korean word order for English sentences.
@Suite("Korean translation")
struct KoreanTranslationTests {
    func tag(_ text: String) -> LocaleTag { try! LocaleTag(parsing: text) }

    func korean(_ heard: String) throws -> String {
        try DictionaryTranslatorTests.shipped.translate(heard, from: tag("ko"), to: tag("en")).text
    }

    func english(_ heard: String) throws -> Translation {
        try DictionaryTranslatorTests.shipped.translate(heard, from: tag("en"), to: tag("ko"))
    }

    @Test(arguments: [
        // `가요` is "go": without a question word or `?` the sentence is a statement,
        // and the particle `도` is said as "too", however Vosk spaced it.
        ("저 도 가요", "I go too."),
        ("저도 가요", "I go too."),
        // `좀` softens a request; English says it as `some` before the noun, or not at all.
        ("물 좀 주세요", "Some water please."),
        // `까지` ("as far as") is a particle on the noun.
        ("서울 까지 가요", "Seoul go"),
    ])
    func koreanStatements(_ heard: String, _ expected: String) throws {
        let text = try korean(heard)
        #expect(text == expected, "\(text)")
    }

    @Test func aQuestionWordOrAMarkStillAsks() throws {
        #expect(try korean("어디 가요").hasSuffix("?"))
        #expect(try korean("저도 가요?").hasSuffix("?"))
        #expect(try korean("같이 갈까요").hasSuffix("?"))
    }

    @Test func goodbyeToThoseWhoStayIsKnown() throws {
        let result = try DictionaryTranslatorTests.shipped.translate("안녕히 계세요", from: tag("ko"), to: tag("en"))
        #expect(result.unknownWords.isEmpty, "\(result.text)")
        #expect(result.text.lowercased().contains("bye"))
    }

    @Test func nationalitiesAndLanguagesHaveTheirCapitalInEnglish() throws {
        #expect(try korean("저는 미국 사람이에요") == "I am American.")
        #expect(TargetOrthography.apply(toText: "i speak english and a little korean", language: "en")
                == "I speak English and a little Korean")
    }

    @Test(arguments: [
        // The verb goes last, as in Korean; a greeting or an apology stays first.
        ("is it far from here", "여기에서 멀어요?"),
        ("please call an ambulance", "구급차를 불러 주세요."),
    ])
    func englishToKoreanPutsTheVerbLast(_ heard: String, _ expected: String) throws {
        #expect(try english(heard).text == expected)
    }

    @Test(arguments: [
        // An adjective before its noun takes its attributive form: not `커요 방`, torn apart
        // by the word order into `방 있어요 커요`.
        ("the hotel has a big room", "큰 방"), ("i need a hot coffee", "뜨거운 커피"),
        // A demonstrative before its noun is not the pronoun `이거`.
        ("this bag is expensive", "이 가방"),
        // A preposition becomes a particle on a noun phrase of several words too.
        ("we stayed at a cheap hotel", "싼 호텔에"),
        // `by`, `until`, `since` are particles too, `으로/로` fitting the noun.
        ("we came by taxi", "택시로"), ("i want to pay by cash", "현금으로"), ("i have had a fever since yesterday", "어제부터"),
        // Each sentence is translated on its own, so the second one's frame is found.
        ("I think I am lost. Could you help me?", ". 도와주실 수 있어요?"),
        // A negation goes to the end with its verb: not `안 커피 원해요`.
        ("i do not want coffee", "커피 안 원해요"),
    ])
    func modifiersStandBeforeTheirNounAndNegationsWithTheirVerb(_ heard: String, _ expected: String) throws {
        let text = try english(heard).text
        #expect(text.contains(expected), "\(text)")
    }

    @Test(arguments: [("this is good", "이거"), ("the food is good here", "좋아요"), ("does the bank open today", "열")])
    func aPredicateKeepsItsSentenceForm(_ heard: String, _ expected: String) throws {
        let text = try english(heard).text
        #expect(text.contains(expected) && !text.contains("좋은") && !text.contains("열린"), "\(text)")
    }

    @Test(arguments: ["your room is ready", "is anyone sitting next to you", "you speak korean very well"])
    func aStrangerIsNotCalledDangsin(_ heard: String) throws {
        let text = try english(heard).text
        #expect(!text.contains("당신") && !text.lowercased().contains("you"), "\(text)")
    }

    @Test func anOpeningApologyStaysFirst() throws {
        #expect(try english("sorry i do not understand this sign").text.hasPrefix("미안해요"))
    }

    @Test func aClosingPleaseAfterAPoliteRequestIsLeftUnsaid() throws {
        // Not a stray `주세요` inside the request (`…천천히 주세요 말해 주실 수 있어요?`).
        let text = try english("could you speak more slowly please").text
        #expect(!text.contains("주세요") && text.hasSuffix("주실 수 있어요?"), "\(text)")
        // After a bare noun the `please` is the request.
        #expect(try english("water please").text.hasPrefix("물 주세요"))
    }

    @Test func aSlotEndingInAParticleTakesNoSecondOne() {
        let particles = ["에서", "에"]
        #expect(PhrasePattern.fill("{X}에 어떻게 가요?", with: ["X": "박물관 역에서"], slotParticles: particles) == "박물관 역에서 어떻게 가요?")
        #expect(PhrasePattern.fill("{X}에 어떻게 가요?", with: ["X": "박물관"], slotParticles: particles) == "박물관에 어떻게 가요?")
        #expect(PhrasePattern.fill("{X|으로/로} 가 주세요", with: ["X": "서울에"], slotParticles: particles) == "서울에 가 주세요")
    }

    @Test(arguments: [
        // A counted noun takes its number's form before a counter, and its counter: not `둘 커피`.
        ("two coffees please", "커피 두 잔"), ("one beer", "맥주 한 잔"), ("we need two rooms", "방 두 개"),
        // A noun that is its own unit.
        ("for two hours", "두 시간"),
        // A number a pattern's slot brings before a counter of the template: not `스물 살`.
        ("i am twenty years old", "스무 살"), ("my son is two years old", "두 살"),
    ])
    func aCountedNounTakesItsCounter(_ heard: String, _ expected: String) throws {
        let text = try english(heard).text
        #expect(text.contains(expected), "\(text)")
    }

    @Test(arguments: [
        // A preposition's particle goes on the noun, not on the possessive before it: not `제에 방`.
        ("the wifi does not work in my room", "제 방에"), ("the heating in our room is not working", "저희 방에"),
        // An amount is one number: not `십오 천 원`.
        ("it is fifteen thousand won", "만 오천 원"), ("it costs fifteen thousand won", "만 오천 원이에요."),
        // `from seven to ten` is a range, not seven minutes to ten (9:53).
        ("the museum is open from seven to ten", "일곱 시부터"),
        // A unit is counted in Sino-Korean numerals: not `퍼센트 스무 개`.
        ("twenty percent", "이십 퍼센트"), ("ten euros", "십 유로"),
        // A person is the goal with 한테, not 에, and the source with 한테서; a place keeps 에.
        ("i wrote a letter to my grandmother", "할머니한테"), ("i got a letter from my mother", "어머니한테서"),
        ("go to the hotel", "호텔에"),
        // A date is said the Korean way as a whole, from the pack's date files.
        ("we arrive on the fifth of may", "오월 오일에"), ("until the twentieth of june", "유월 이십일까지"),
    ])
    func aParticleGoesOnTheNounAfterItsDeterminer(_ heard: String, _ expected: String) throws {
        let text = try english(heard).text
        #expect(text.contains(expected), "\(text)")
    }
}
