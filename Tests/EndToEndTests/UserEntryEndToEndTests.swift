import Foundation
import Testing

/// `parley dict add` and `parley lexicon add` with hostile words and hostile files: what they
/// confirm is what they stored, shown visibly, and a file they rewrite keeps every other line.
@Suite("parley binary: adding user entries")
struct UserEntryEndToEndTests {
    /// A tab or newline in a phrase is stored as a space; the confirmation says so, instead
    /// of printing a raw newline that shows a line (`hello → HACKED`) that was never added.
    @Test func theConfirmationShowsWhatWasStoredOnOneLine() throws {
        let parley = try ParleyProcess()
        let add = try parley.run(["dict", "add", "en", "es", "evil\tinjected\nhello", "HACKED\nbye\tX\u{1B}[31m"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout == "Added for en→es: evil injected hello → HACKED bye X\\e[31m\n", "\(add.stdout)")
        let lexicon = try parley.run(["lexicon", "add", "en", "tomato", "tomahto\nX"])
        #expect(lexicon.stdout == "en: tomato is now said as tomahto X\n", "\(lexicon.stdout)")
    }
}
