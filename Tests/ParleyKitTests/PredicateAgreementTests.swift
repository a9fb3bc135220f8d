import Testing
@testable import ParleyKit

/// A Spanish adjective after ser or estar agrees with the subject, whatever form a post-edit wrote.
@Suite("Spanish adjectives after the copula", .enabled(if: LttoolboxLemmatizer.shared(for: "es") != nil, "needs lt-proc and apertium-eng-spa"))
struct PredicateAgreementTests {
    let rule = PredicateAgreement.of("es")

    @Test(arguments: [
        ("La playa es muy bonito.", "La playa es muy bonita."),
        ("Los pantalones son demasiado largo.", "Los pantalones son demasiado largos."),
        ("Mi habitación está limpio", "Mi habitación está limpia"),
        ("¿La sopa está frío?", "¿La sopa está fría?"),
        // The noun's own gender where the article does not show it; a degree of two words.
        ("El agua está demasiado frío.", "El agua está demasiado fría."),
        ("La sopa está un poco frío", "La sopa está un poco fría"),
        // No subject said: the plural copula says the number.
        ("Estamos muy feliz.", "Estamos muy felices."),
        ("Están un poco cansado", "Están un poco cansados"),
        // An adjective right after its noun agrees with it (a post-edit changed `capa` to `abrigo`).
        ("Lleva un abrigo roja.", "Lleva un abrigo rojo."),
    ])
    func theAdjectiveAgreesWithTheSubject(_ apertium: String, _ expected: String) throws {
        #expect(try #require(rule).apply(to: apertium) == expected)
    }

    @Test(arguments: [
        // Already agreeing; an adjective with one form for both genders; no article before
        // the noun; a noun the analyser does not know.
        "El vestido es demasiado largo.", "La sopa es muy caliente.", "Es muy bonito.", "La xyzzy es bonito.",
        // The noun after a preposition is not the subject.
        "El mejor hotel de la ciudad está lleno.",
    ])
    func whatAlreadyAgreesOrCannotBeToldStays(_ apertium: String) throws {
        #expect(try #require(rule).apply(to: apertium) == apertium)
    }

    @Test func aLanguageWithoutTheListsHasNoRule() {
        #expect(PredicateAgreement.of("en") == nil)
    }
}
