import Testing
@testable import ParleyKit

@Suite("Locale tags")
struct LocaleTagTests {
    @Test("common spellings parse to the canonical BCP 47 form", arguments: [
        ("en", "en"), ("en-US", "en-US"), ("en_US", "en-US"), ("EN-us", "en-US"), ("es_es", "es-ES"),
        ("zh-Hans-CN", "zh-Hans-CN"), ("es-419", "es-419"), (" ko ", "ko"), ("pt_br", "pt-BR"),
    ])
    func parses(text: String, expected: String) throws {
        #expect(try LocaleTag(parsing: text).identifier == expected)
    }

    @Test("malformed tags are refused with the accepted forms", arguments: [
        "", "e", "english", "en-", "en--US", "en-USA-x", "12", "en-U1", "-en",
    ])
    func refuses(text: String) {
        #expect {
            try LocaleTag(parsing: text)
        } throws: { error in
            (error as? ParleyError)?.message.contains("Use a form like en, en-US or es_ES") == true
        }
    }

    @Test func knownAndUnknownLanguages() throws {
        #expect(try LocaleTag(parsing: "ko").isKnownLanguage)
        #expect(try LocaleTag(parsing: "es-MX").isKnownLanguage)
        #expect(try !LocaleTag(parsing: "qq").isKnownLanguage)
    }

    @Test func displayNames() throws {
        #expect(try LocaleTag(parsing: "es-ES").displayName == "Spanish (Spain)")
        #expect(try LocaleTag(parsing: "ko").displayName == "Korean")
    }
}

@Suite("Preferred locales")
struct PreferredLocalesTests {
    let table = PreferredLocales.standard

    @Test("a bare language resolves to its preferred locale", arguments: [
        ("en", "en-US"), ("es", "es-ES"), ("pt", "pt-BR"), ("ko", "ko-KR"), ("zh", "zh-CN"),
        ("ar", "ar-EG"), ("ca", "ca-ES"), ("el", "el-GR"), ("en-GB", "en-GB"), ("sq", "sq"),
    ])
    func preferred(request: String, expected: String) throws {
        #expect(try table.preferred(for: LocaleTag(parsing: request)).identifier == expected)
    }

    @Test func bareLanguagePicksPreferredBeforeOthers() throws {
        let candidates = try ["en-GB", "en-IN", "en-US", "en", "es-ES"].map(LocaleTag.init(parsing:))
        let ranked = table.ranked(candidates, for: try LocaleTag(parsing: "en")).map(\.identifier)
        #expect(ranked == ["en-US", "en", "en-GB", "en-IN"])
    }

    @Test func fullTagPicksItselfThenLanguageThenPreferred() throws {
        let candidates = try ["en-US", "en", "en-GB", "en-IN"].map(LocaleTag.init(parsing:))
        #expect(table.ranked(candidates, for: try LocaleTag(parsing: "en_gb")).map(\.identifier)
                == ["en-GB", "en", "en-US", "en-IN"])
        #expect(table.bestMatch(for: try LocaleTag(parsing: "en-AU"), among: candidates)?.identifier == "en")
        #expect(table.bestMatch(for: try LocaleTag(parsing: "fr"), among: candidates) == nil)
    }

    @Test func userConfigOverridesTheTable() throws {
        let british = table.merging(["en": "gb"])
        #expect(british.preferred(for: try LocaleTag(parsing: "en")).identifier == "en-GB")
        #expect(british.preferred(for: try LocaleTag(parsing: "es")).identifier == "es-ES")
    }
}
