import Foundation
import Testing

@Suite("parley binary: translate and dict")
struct TranslationEndToEndTests {
    static let fixture = ParleyProcess.checkout.appendingPathComponent("Tests/ParleyKitTests/Fixtures/freedict-eng-nld.index")

    @Test func translatesArgumentsAndEachLineOfStandardInput() throws {
        let parley = try ParleyProcess()
        let single = try parley.run(["translate", "--from", "en", "--to", "es", "where is the bathroom"])
        #expect(single.status == 0)
        #expect(single.stdout == "¿Dónde está el baño?\n")
        let lines = try parley.run(["translate", "--from", "es", "--to", "en"],
                                   input: "dónde está el baño\nmuchas gracias\nel zorblax\n")
        #expect(lines.stdout == "Where is the bathroom?\nThank you very much.\nThe [zorblax]\n")
    }

    @Test func jsonCarriesSegmentsAndOrigins() throws {
        let outcome = try ParleyProcess().run(["translate", "--from", "en", "--to", "es", "--translator", "dictionary",
                                                "--json", "i need a doctor 2 zorblax"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(object["translation"] as? String == "Necesito un médico 2 zorblax.")
        let segments = try #require(object["segments"] as? [[String: String]])
        #expect(segments.map { $0["origin"] } == ["phrasebook", "number", "passthrough"])
        #expect(object["unknown"] as? [String] == ["zorblax"])
    }

    @Test func userEntriesPersistAcrossRunsAndWin() throws {
        let parley = try ParleyProcess()
        let add = try parley.run(["dict", "add", "en", "es", "good morning", "buen día"])
        #expect(add.status == 0)
        let translated = try parley.run(["translate", "--from", "en", "--to", "es", "good morning"])
        #expect(translated.stdout == "Buen día\n")
        let typed = try parley.run([], input: ":dict add see you = nos vemos\nsee you\n")
        #expect(typed.stdout.contains("es-ES: Nos vemos"))
        let again = try parley.run(["translate", "--from", "en", "--to", "es", "see you"])
        #expect(again.stdout == "Nos vemos\n")
    }

    @Test func importsADictdDictionary() throws {
        let parley = try ParleyProcess()
        let imported = try parley.run(["dict", "import", Self.fixture.path])
        #expect(imported.status == 0)
        #expect(imported.stdout.contains("Imported 6 entries for en→nl"))
        #expect(imported.stderr.contains(":6: not a dictd index line"))
        let translated = try parley.run(["translate", "--from", "en", "--to", "nl", "good morning dog"])
        #expect(translated.stdout == "Goedemorgen hond\n")
        let list = try parley.run(["dict", "list"])
        #expect(list.stdout.contains("en→nl  dictionary 6"))
        let missing = try parley.run(["dict", "import", "/nonexistent/freedict-eng-fra.index"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("/nonexistent/freedict-eng-fra.index does not exist"))
    }

    @Test func apertiumIsChosenWithTranslatorAndInTheConversation() throws {
        let parley = try ParleyProcess()
        let engine = try parley.run(["translate", "--from", "en", "--to", "es", "--translator", "apertium", "--json",
                                     "the dog eats bread"])
        #expect(engine.stdout.contains("\"translation\":\"El perro come pan.\""))
        #expect(engine.stdout.contains("\"origin\":\"engine\""))
        let conversation = try parley.run(["--translator", "apertium"],
                                          input: "the dog eats bread\n:translator dictionary\nthe dog\n")
        #expect(conversation.stdout.contains("es-ES: El perro come pan."))
        #expect(conversation.stdout.contains("Translating with dictionary."))
        let auto = try parley.run(["translate", "--from", "en", "--to", "es", "--json", "the dog eats bread"])
        #expect(auto.stdout.contains("\"origin\":\"engine\""), "the default translator uses Apertium for en→es")
        let bad = try parley.run(["translate", "--from", "en", "--to", "es", "--translator", "babel", "hi"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("Unknown translator 'babel'. Choose one of: auto, dictionary, apertium, neural."))
    }

    /// A 100 KB one-word line used to hang Apertium forever (both sides blocked writing); a
    /// line now holds at most 64 KiB, so one just under that must come back within seconds,
    /// and one over it is skipped with a message.
    @Test(arguments: ["apertium", "auto"])
    func aSixtyKilobyteLineComesBackWithinSecondsAndALongerOneIsSkipped(_ translator: String) throws {
        let start = Date()
        let outcome = try ParleyProcess().run(["translate", "--from", "en", "--to", "es", "--translator", translator],
                                              input: String(repeating: "a", count: 60_000) + "\n"
                                                  + String(repeating: "a", count: 100_000) + "\nthe dog eats bread\n")
        #expect(Date().timeIntervalSince(start) < 30, "a hang would never end; this leaves room for a loaded machine")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.hasSuffix("\nEl perro come pan.\n"))
        #expect(outcome.stdout.split(separator: "\n").count == 2)
        #expect(outcome.stderr.contains("A line of 100000 bytes was skipped"))
    }

    @Test func aMissingPairSaysWhichDictionariesExist() throws {
        let outcome = try ParleyProcess().run(["translate", "--from", "en", "--to", "fr", "hello"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("No dictionary for en→fr. Available:"))
        #expect(outcome.stderr.contains("en→es"))
    }
}
