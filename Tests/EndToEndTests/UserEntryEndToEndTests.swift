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

    /// `:dict add good morning = buenos días` typed on the Spanish side was stored es→en.
    /// The entry goes the way its words are written, as a turn's language is told, and says so.
    @Test func aConversationEntryGoesTheWayItsWordsAreWritten() throws {
        let parley = try ParleyProcess()
        let outcome = try parley.run(["en", "es", "--translator", "dictionary", "--mute"],
                                     input: ":swap\n:dict add good morning = buenos días\n:dict add muchas gracias = thank you so much\n")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("Added for en→es: good morning → buenos días"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("Added for es→en: muchas gracias → thank you so much"), "\(outcome.stdout)")
        #expect(outcome.stderr.contains("'good morning' is en, not es"), "\(outcome.stderr)")
        let folder = parley.home.appendingPathComponent(".local/share/parley/dictionaries/user")
        let english = try String(contentsOf: folder.appendingPathComponent("en-es.tsv"), encoding: .utf8)
        #expect(english.contains("good morning\tbuenos días"), "\(english)")
        let spanish = try String(contentsOf: folder.appendingPathComponent("es-en.tsv"), encoding: .utf8)
        #expect(spanish.contains("muchas gracias\tthank you so much") && !spanish.contains("good morning"), "\(spanish)")
    }

    /// A user-dictionary folder that cannot be read hid the user's entries without a word.
    /// Root reads any folder, so the test runs parley as `nobody` (and only as root).
    @Test func anUnreadableDictionaryFolderIsNamed() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser") else { return }
        let parley = try ParleyProcess()
        let home = parley.home.appendingPathComponent("nobody")
        let folder = home.appendingPathComponent(".local/share/parley/dictionaries/user")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("hello\tzzz\n".utf8).write(to: folder.appendingPathComponent("en-es.tsv"))
        chmod(parley.home.path, 0o755)
        _ = try parley.shell("chown -R nobody '\(home.path)' && chmod 000 '\(folder.path)'")
        let outcome = try parley.shell("runuser -u nobody -- env HOME='\(home.path)' \"$0\" translate --from en --to es hello")
        #expect(outcome.stdout == "Hola\n", "\(outcome.stderr)")
        #expect(outcome.stderr.contains("Cannot read the dictionary folder \(folder.path)"), "\(outcome.stderr)")
    }
}
