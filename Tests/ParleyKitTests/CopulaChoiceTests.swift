import Testing
@testable import ParleyKit

/// Ser or estar, from the Spanish pack: where something is and how it is for now take estar.
@Suite("Spanish copula")
struct CopulaChoiceTests {
    let copula = CopulaChoice.of("es")

    @Test(arguments: [
        ("El recibo es en el bolso.", "El recibo está en el bolso."),
        ("El baño es a la izquierda.", "El baño está a la izquierda."),
        ("¿Son las tiendas cerradas?", "¿Están las tiendas cerradas?"),
        ("¿Es la cocina todavía abierta?", "¿Está la cocina todavía abierta?"),
        ("La habitación es sucia y los niños son cansados.", "La habitación está sucia y los niños están cansados."),
        ("Era lleno.", "Estaba lleno."),
    ])
    func placesAndPassingStatesTakeEstar(_ apertium: String, _ expected: String) throws {
        #expect(try #require(copula).apply(to: apertium) == expected)
    }

    @Test(arguments: ["El concierto es a las nueve.", "¿Cuánto es en total?", "Es muy simpática.", "Es mi hermano.",
                      "¿Es la casa de Juan?",
                      "La sopa es"])
    func whatSomethingIsKeepsSer(_ apertium: String) throws {
        #expect(try #require(copula).apply(to: apertium) == apertium)
    }

    @Test func aLanguageWithoutTheListsHasNoRule() {
        #expect(CopulaChoice.of("en") == nil)
        #expect(CopulaChoice.of("ko") == nil)
    }
}
