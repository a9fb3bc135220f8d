import Testing
@testable import ParleyKit

/// Apertium's own generator (lt-proc -g over apertium-eng-spa's Spanish), as the rules that
/// write verb forms use it; their rule logic is tested in the unit target with tables.
@Suite("lt-proc's Spanish generator",
       .enabled(if: LttoolboxMorphology().generator(for: "es") != nil, "needs lt-proc and apertium-eng-spa"))
struct LttoolboxGeneratorIntegrationTests {
    @Test func theGeneratorWritesIrregularFormsAndSaysWhenItHasNone() throws {
        let generator = try #require(LttoolboxMorphology().generator(for: "es"))
        #expect(generator.form(of: "ser", tags: ["vbser", "prs", "p3", "sg"]) == "sea")
        #expect(generator.form(of: "estar", tags: ["vblex", "prs", "p1", "pl"]) == "estemos")
        #expect(generator.form(of: "xyzzy", tags: ["vblex", "prs", "p3", "sg"]) == nil)
        #expect(generator.form(of: "ser<n>", tags: ["vbser"]) == nil)
    }

    @Test func theGeneratorJoinsPronounsToAVerb() throws {
        let generator = try #require(LttoolboxMorphology().generator(for: "es"))
        #expect(generator.form(of: "ayudar<vblex><imp><p3><sg>+prpers<prn><enc><p1><mf><sg>") == "ayúdeme")
        #expect(generator.form(of: "ayudar<vblex><imp><p3><sg>$^x") == nil)
    }
}

/// Apertium's own English analyser, as the rules and the dictionary translator read words with it.
@Suite("lt-proc's English analyser",
       .enabled(if: LttoolboxMorphology().analyser(for: "en") != nil, "needs lt-proc and apertium-eng-spa"))
struct LttoolboxAnalyserIntegrationTests {
    @Test func irregularFormsComeFromTheInstalledAnalyser() throws {
        let english = try #require(LttoolboxMorphology().analyser(for: "en"))
        #expect(english.readings(of: "children").contains { $0.base == "child" && $0.isPluralNoun && $0.partOfSpeech == "n" })
        #expect(english.readings(of: "children") == english.readings(of: "children"))
    }
}
