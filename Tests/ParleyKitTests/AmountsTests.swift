import Testing
@testable import ParleyKit

/// An amount is one number, read from the source's words or numerals and said the target's way.
@Suite("amounts in words")
struct AmountsTests {
    let rule = Amounts.between(.named("en"), .named("ko"))

    @Test(arguments: [
        ("fifteen thousand won", "만 오천", 2), ("three thousand five hundred", "삼천오백", 4),
        ("two hundred and fifty people", "이백오십", 4), ("a hundred thousand", "십만", 3),
        ("twenty-five thousand", "이만 오천", 2), ("one million", "백만", 2),
        // A joiner that ends the amount belongs to what follows.
        ("two hundred and then", "이백", 2),
    ])
    func anAmountIsOneNumber(_ said: String, _ expected: String, _ length: Int) throws {
        let words = said.split(separator: " ").map(String.init)
        let amounts = try #require(rule)
        let amount = try #require(amounts.translation(of: words, at: 0))
        #expect(amount.text == expected)
        #expect(amount.length == length)
    }

    @Test(arguments: ["fifteen euros", "a coffee", "and a hundred", "twenty five"])
    func withoutAMultiplierNothingIsRead(_ said: String) throws {
        #expect(try #require(rule).translation(of: said.split(separator: " ").map(String.init), at: 0) == nil)
    }

    @Test(arguments: [(10000, "만"), (100000000, "일억"), (123456, "십이만 삼천사백오십육"), (1010, "천십")])
    func koreanGroupsByTenThousand(_ number: Int, _ expected: String) throws {
        #expect(try #require(rule).written(number) == expected)
    }

    @Test(arguments: [
        ("만 오천 원", "fifteen thousand", 2), ("삼천오백 원", "three thousand five hundred", 1),
        ("이백오십 명", "two hundred and fifty", 1), ("이만", "twenty thousand", 1),
        ("십이만 삼천", "one hundred and twenty-three thousand", 2),
    ])
    func koreanNumeralsAreReadAsOneAmount(_ said: String, _ expected: String, _ length: Int) throws {
        let amounts = try #require(Amounts.between(.named("ko"), .named("en")))
        let amount = try #require(amounts.translation(of: said.split(separator: " ").map(String.init), at: 0))
        #expect(amount.text == expected)
        #expect(amount.length == length)
    }

    @Test(arguments: ["이", "커피만", "오"])
    func aNumeralWithoutAUnitOrAWordAroundOneIsNoAmount(_ said: String) throws {
        #expect(try #require(Amounts.between(.named("ko"), .named("en"))).translation(of: [said], at: 0) == nil)
    }

    @Test func aTargetWithoutNumeralsHasNoRule() {
        #expect(Amounts.between(.named("en"), .named("es")) == nil)
    }
}
