import Testing
@testable import ParleyKit

/// Korean verb forms made from the polite form the dictionaries hold, and the English
/// openings that put the verb in them.
@Suite("Korean verb forms")
struct KoreanVerbFormTests {
    let forms = KoreanVerbForms(pack: .named("ko"))

    @Test(arguments: [
        ("가요", "가", "가", "갔어요"), ("먹어요", "먹어", "먹", "먹었어요"), ("해요", "해", "하", "했어요"),
        ("봐요", "봐", "보", "봤어요"), ("마셔요", "마셔", "마시", "마셨어요"), ("배워요", "배워", "배우", "배웠어요"),
        ("잃어버려요", "잃어버려", "잃어버리", "잃어버렸어요"), ("보여요", "보여", "보이", "보였어요"),
        ("계산해요", "계산해", "계산하", "계산했어요"), ("열려 있어요", "열려 있어", "열려 있", "열려 있었어요"),
        // Irregular stems come from the pack.
        ("걸어요", "걸어", "걷", "걸었어요"), ("불러요", "불러", "부르", "불렀어요"), ("써요", "써", "쓰", "썼어요"),
    ])
    func formsComeFromThePoliteForm(_ polite: String, _ connective: String, _ stem: String, _ past: String) {
        #expect(forms.connective(of: polite) == connective)
        #expect(forms.stem(of: polite) == stem)
        #expect(forms.past(of: polite) == past)
        #expect(forms.isPast(past) && !forms.isPast(polite))
    }

    @Test(arguments: [("가요", "갈"), ("먹어요", "먹을"), ("해요", "할"), ("살아요", "살"), ("만들어요", "만들"),
                      ("걸어요", "걸을"), ("도와요", "도울"), ("불러요", "부를"), ("마셔요", "마실"), ("열려 있어요", "열려 있을")])
    func theProspectiveFormJoinsSuIssoyo(_ polite: String, _ prospective: String) {
        #expect(forms.prospective(of: polite) == prospective)
    }

    @Test(arguments: ["가세요", "학생이에요", "의사예요", "불러 주세요", "택시"])
    func whatIsNoPlainVerbFormMakesNothing(_ polite: String) {
        #expect(forms.connective(of: polite) == nil && forms.stem(of: polite) == nil && forms.past(of: polite) == nil
                && forms.prospective(of: polite) == nil)
    }

    @Test(arguments: [
        ("could you call a taxi for us", "불러 주실 수 있어요?"), ("can i pay by card", "계산해도 돼요?"),
        ("i want to buy a scarf", "사고 싶어요."), ("please wait here", "기다려 주세요."),
        ("we need to change trains", "야 돼요."), ("how can i get to the station", "갈 수 있어요?"),
        // A past English verb makes the polite past; `could`, which asks politely, does not.
        ("i lost my bag", "잃어버렸어요"), ("could you say that again more slowly", "주실 수 있어요?"),
        // `were` apart from its predicate still says the past: `우리 아주 행복해요`.
        ("we were very happy", "행복했어요."),
    ])
    func anOpeningPutsTheVerbInItsForm(_ english: String, _ ending: String) throws {
        let text = try DictionaryTranslatorTests.shipped.translate(english, from: try LocaleTag(parsing: "en"),
                                                                   to: try LocaleTag(parsing: "ko")).text
        #expect(text.hasSuffix(ending), "\(text)")
        #expect(!text.contains("당신"), "\(text)")
    }
}
