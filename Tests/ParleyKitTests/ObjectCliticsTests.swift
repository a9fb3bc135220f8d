import Testing
@testable import ParleyKit

/// A pronoun object is a clitic in Spanish: before a conjugated verb, joined to an infinitive.
@Suite("Spanish object clitics", .enabled(if: LttoolboxLemmatizer.shared(for: "es") != nil, "needs lt-proc and apertium-eng-spa"))
struct ObjectCliticsTests {
    let rule = ObjectClitics.of("es")

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
