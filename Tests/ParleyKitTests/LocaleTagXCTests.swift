import XCTest
@testable import ParleyKit

/// The locale spellings a user types, checked with XCTest as well, so both of swift test's
/// runners report real work.
final class LocaleTagXCTests: XCTestCase {
    func testEverySpellingOfAmericanEnglishIsTheSameTag() throws {
        let spellings = ["en-US", "en_US", "EN-us", "en_us"]
        let tags = try spellings.map { try LocaleTag(parsing: $0) }
        XCTAssertEqual(Set(tags).count, 1)
        XCTAssertEqual(tags.first?.identifier, "en-US")
        XCTAssertEqual(PreferredLocales.standard.preferred(for: try LocaleTag(parsing: "en")), tags.first)
    }

    func testGarbageIsRefused() {
        XCTAssertThrowsError(try LocaleTag(parsing: "not a tag"))
    }
}
