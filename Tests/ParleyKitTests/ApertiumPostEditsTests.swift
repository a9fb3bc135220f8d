import Foundation
import Testing
@testable import ParleyKit

@Suite("Apertium post-edits")
struct ApertiumPostEditsTests {
    let table = ApertiumPostEdits(text: """
        # a comment
        station\tcanal\testación
        *\tes aquí\testá aquí
        vivo en\talive in\tI live in
        a las\tto the <n> and average\tat half past <n>
        a las\tto the <n>\tat <n>
        i\ti\t-
        malformed line
        """, hourWords: ["nine"])

    @Test func rulesAreReadAndMalformedLinesSkipped() {
        #expect(table.rules.count == 6)
        #expect(table.rules[1].when.isEmpty)
    }

    @Test func aTableWrittenWithCRLFLineEndsKeepsEveryRule() {
        let crlf = ApertiumPostEdits(text: "# corrections\r\nstation\tcanal\testación\r\n*\tes aquí\testá aquí\r\n")
        #expect(crlf.rules.count == 2)
        #expect(crlf.rules[0].instead == ["estación"])
        #expect(crlf.apply(to: "Xavier es aquí.", source: ["xavier", "is", "here"]) == "Xavier está aquí.")
    }

    @Test(arguments: [
        // Apertium's # mark, the sentence's capital and the marks after a word are kept in place.
        ("Cómo llego a la #canal?", ["how", "do", "i", "get", "to", "the", "station"], "Cómo llego a la estación?"),
        ("#Canal cerrado", ["station", "closed"], "Estación cerrado"),
        // A rule whose source words are missing does nothing: a TV channel stays a channel.
        ("Cambia el canal", ["change", "the", "channel"], "Cambia el canal"),
        ("Xavier es aquí.", ["xavier", "is", "here"], "Xavier está aquí."),
        ("My name is Juan and alive in Madrid", ["me", "llamo", "juan", "y", "vivo", "en", "madrid"],
         "My name is Juan and I live in Madrid"),
        ("We open to the nine and average.", ["abrimos", "a", "las", "nueve", "y", "media"], "We open at half past nine."),
        ("It closes to the 11", ["cierra", "a", "las", "11"], "It closes at 11"),
        // `<n>` is an hour, not any word.
        ("I go to the shops", ["voy", "a", "las", "tiendas"], "I go to the shops"),
        // `-` deletes: the English I Apertium left, its marks kept.
        ("Esto no es qué I ordenó.", ["this", "is", "not", "what", "i", "ordered"], "Esto no es qué ordenó."),
        ("qué hago I?", ["what", "do", "i", "do"], "qué hago?"),
    ])
    func corrections(_ output: String, _ source: [String], _ expected: String) {
        #expect(table.apply(to: output, source: source) == expected)
    }

    @Test func theHoursSaidAsWordsComeFromEachLanguagesNumbers() {
        let spanish = ApertiumPostEdits.hourWords(in: .named("es"))
        #expect(spanish.isSuperset(of: ["una", "uno", "nueve", "doce"]))
        #expect(!spanish.contains("trece"))
        #expect(ApertiumPostEdits.hourWords(in: .named("en")).isSuperset(of: ["one", "nine", "twelve"]))
        // Several words (`oh nine`, a minute) are never one of Apertium's words.
        #expect(!ApertiumPostEdits.hourWords(in: .named("en")).contains { $0.contains(" ") })
    }

    @Test func theShippedTablesLoadBesideThePhrasebooks() {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("dictionaries")
        #expect(ApertiumPostEdits.shipped(in: folder, pair: LanguagePair("en", "es")).rules.count > 20)
        #expect(ApertiumPostEdits.shipped(in: folder, pair: LanguagePair("es", "en")).rules.count > 10)
        #expect(ApertiumPostEdits.shipped(in: folder, pair: LanguagePair("en", "ko")).rules.isEmpty)
        // The tables are not phrasebooks: no language pair is read from their names.
        #expect(LanguagePair(fileName: "apertium-en-es.tsv") == nil)
    }
}
