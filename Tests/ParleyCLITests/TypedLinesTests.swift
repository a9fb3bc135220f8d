@testable import ParleyCLI
import Testing

/// Lines typed or pasted while parley works: once merged into one turn (their Enters lost,
/// the last glued on without a space), each is now offered on its own, in order.
@Suite("lines typed while busy")
struct TypedLinesTests {
    @Test func eachLineIsKeptOnItsOwnInOrder() {
        var typed = TypedLines()
        typed.take(Array("good morning\n".utf8)[...])
        typed.take(Array("thank you\n\n  \nsee you".utf8)[...])
        typed.take(Array(" later\r\n".utf8)[...])
        #expect(typed.next() == "good morning")
        #expect(typed.next() == "thank you")
        #expect(typed.next() == "see you later")
        #expect(typed.next() == nil)
    }

    @Test func aPieceWithoutItsEnterComesLast() {
        var typed = TypedLines()
        typed.take(Array("hola\nque".utf8)[...])
        #expect(typed.next() == "hola")
        #expect(typed.next() == "que")
        #expect(typed.next() == nil)
    }
}
