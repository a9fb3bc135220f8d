import Testing
@testable import ParleyKit

/// After a wish, a purpose or a doubt the Spanish verb is subjunctive, its form from
/// Apertium's generator.
@Suite("Spanish subjunctive after its triggers",
       .enabled(if: LttoolboxGenerator.shared(for: "es") != nil && LttoolboxLemmatizer.shared(for: "es") != nil,
                "needs lt-proc and apertium-eng-spa"))
struct SubjunctiveClausesTests {
    @Test(arguments: [
        ("Espero que le gusta.", "Espero que le guste."),
        ("Es importante que descansas", "Es importante que descanses"),
        ("No creo que está abierto.", "No creo que esté abierto."),
        ("Espero que el tiempo no es malo", "Espero que el tiempo no sea malo"),
        // A trigger mid-sentence, after a comma; two triggers.
        ("Vale, espero que tienes razón.", "Vale, espero que tengas razón."),
        ("Quiero que vienes para que lo ves", "Quiero que vengas para que lo veas"),
    ])
    func thePresentAfterATriggerIsSubjunctive(_ apertium: String, _ expected: String) {
        #expect(SubjunctiveClauses.apply(to: apertium, language: "es") == expected)
    }

    @Test(arguments: [
        // Already subjunctive; a past; no trigger; the clause ended before a verb; a word
        // that may be a noun (`cuenta`) is stepped over, and nothing follows it.
        "Espero que le guste.", "Esperé hasta que llegó.", "Creo que está abierto.",
        "Espero que sí, vale.", "Espero que la cuenta",
    ])
    func whatIsNotAPresentAfterATriggerStays(_ apertium: String) {
        #expect(SubjunctiveClauses.apply(to: apertium, language: "es") == apertium)
    }

    @Test func theGeneratorWritesIrregularFormsAndSaysWhenItHasNone() throws {
        let generator = try #require(LttoolboxGenerator.shared(for: "es"))
        #expect(generator.form(of: "ser", tags: ["vbser", "prs", "p3", "sg"]) == "sea")
        #expect(generator.form(of: "estar", tags: ["vblex", "prs", "p1", "pl"]) == "estemos")
        #expect(generator.form(of: "xyzzy", tags: ["vblex", "prs", "p3", "sg"]) == nil)
        #expect(generator.form(of: "ser<n>", tags: ["vbser"]) == nil)
    }

    @Test func aLanguageWithoutTriggersIsLeftAlone() {
        #expect(SubjunctiveClauses.apply(to: "i hope that it is fine", language: "en") == "i hope that it is fine")
    }
}
