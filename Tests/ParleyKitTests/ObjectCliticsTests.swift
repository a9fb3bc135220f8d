import Testing
@testable import ParleyKit
import ParleyKitTesting

/// A pronoun object is a clitic in Spanish: before a conjugated verb, joined to an infinitive.
@Suite("Spanish object clitics")
struct ObjectCliticsTests {
    /// What Apertium's analyser says of the words these tests use (as lt-proc
    /// answered), so the rule is tested without Apertium installed.
    static let morphology = InMemoryMorphology(
        analyses: [
            "es": [
                "comprar": ["comprar<vblex><inf>"], "con": ["con<pr>"], "envolver": ["envolver<vblex><inf>"],
                "es": ["ser<vbser><pri><p3><sg>"], "necesito": ["necesitar<vblex><pri><p1><sg>"],
                "para": ["para<pr>", "parar<vblex><pri><p3><sg>", "parar<vblex><imp><p2><sg>"],
                "tiene": ["tener<vblex><pri><p3><sg>"],
            ],
        ])

    let rule = ObjectClitics.of("es", morphology: Self.morphology)

    @Test(arguments: [
        ("¿Tiene él en azul?", "¿Lo tiene en azul?"), ("¿Podría envolver él como regalo?", "¿Podría envolverlo como regalo?"),
        ("Quiero comprar ella.", "Quiero comprarla."), ("No necesito ellos.", "No los necesito."),
    ])
    func aStrongPronounAfterAVerbBecomesItsClitic(_ apertium: String, _ expected: String) throws {
        #expect(try #require(rule).apply(to: apertium) == expected)
    }

    @Test(arguments: ["¿Es esto para él?", "¿Es él?", "Vivo con ella.", "Él tiene un coche."])
    func aPronounAfterAPrepositionOrACopulaStays(_ apertium: String) throws {
        #expect(try #require(rule).apply(to: apertium) == apertium)
    }
}
