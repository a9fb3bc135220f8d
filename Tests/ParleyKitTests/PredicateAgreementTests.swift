import Testing
@testable import ParleyKit
import ParleyKitTesting

/// A Spanish adjective after ser or estar agrees with the subject, whatever form a post-edit wrote.
@Suite("Spanish adjectives after the copula")
struct PredicateAgreementTests {
    /// What Apertium's analyser says of the words these tests use (as lt-proc
    /// answered), so the rule is tested without Apertium installed.
    static let morphology = InMemoryMorphology(
        analyses: [
            "es": [
                "abrigo": ["abrigo<n><m><sg>", "abrigar<vblex><pri><p1><sg>"],
                "agua": ["agua<n><f><sg>", "aguar<vblex><pri><p3><sg>", "aguar<vblex><imp><p2><sg>"],
                "bonita": ["bonito<adj><f><sg>"], "bonito": ["bonito<adj><m><sg>"],
                "caliente": ["caliente<adj><mf><sg>", "calentar<vblex><prs><p3><sg>", "calentar<vblex><prs><p1><sg>", "calentar<vblex><imp><p3><sg>"],
                "cansado": ["cansado<adj><m><sg>", "cansar<vblex><pp><m><sg>", "cansarse<vblex><pron><pp><m><sg>"],
                "cansados": ["cansado<adj><m><pl>", "cansar<vblex><pp><m><pl>", "cansarse<vblex><pron><pp><m><pl>"],
                "ciudad": ["ciudad<n><f><sg>"], "de": ["de<pr>"], "es": ["ser<vbser><pri><p3><sg>"],
                "estamos": ["estar<vblex><pri><p1><pl>"], "está": ["estar<vblex><pri><p3><sg>"],
                "están": ["estar<vblex><pri><p3><pl>"], "felices": ["feliz<adj><mf><pl>"],
                "feliz": ["feliz<adj><mf><sg>"],
                "fría": ["frío<adj><f><sg>", "freír<vblex><prs><p3><sg>", "freír<vblex><prs><p1><sg>", "freír<vblex><imp><p3><sg>"],
                "frío": ["frío<n><m><sg>", "frío<adj><m><sg>", "freír<vblex><pri><p1><sg>"],
                "habitación": ["habitación<n><f><sg>"], "largo": ["largo<adv>", "largo<adj><m><sg>"],
                "largos": ["largo<adj><m><pl>"],
                "limpia": ["limpio<adj><f><sg>", "limpiar<vblex><pri><p3><sg>", "limpiar<vblex><imp><p2><sg>"],
                "limpio": ["limpio<adj><m><sg>", "limpiar<vblex><pri><p1><sg>"], "mejor": ["mejor<adj><mf><sg>"],
                "pantalones": ["pantalón<n><m><pl>"], "playa": ["playa<n><f><sg>"],
                "poco": ["poco<adv>", "poco<det><qnt><m><sg>"], "roja": ["rojo<adj><f><sg>"],
                "rojo": ["rojo<adj><m><sg>"], "son": ["son<n><m><sg>", "ser<vbser><pri><p3><pl>"],
                "sopa": ["sopa<n><f><sg>"],
                "vestido": ["vestido<n><m><sg>", "vestir<vblex><pp><m><sg>", "vestirse<vblex><pron><pp><m><sg>"],
            ],
        ])

    let rule = PredicateAgreement.of("es", morphology: Self.morphology)

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
        #expect(PredicateAgreement.of("en", morphology: Self.morphology) == nil)
    }
}
