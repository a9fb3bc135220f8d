import Foundation
import Testing
@testable import ParleyKit

@Suite("Default translator: the best engine per direction")
struct AutoTranslatorIntegrationTests {
    func tag(_ text: String) -> LocaleTag { try! LocaleTag(parsing: text) }
    static let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../dictionaries").standardizedFileURL

    /// An Apertium translator over the shipped phrasebooks, shared by the suites that add no
    /// entries of their own: each translator starts its own pipelines, several processes a
    /// direction.
    static let shippedApertium = ApertiumTranslator(
        library: DictionaryLibrary(layers: [.init(origin: .phrasebook, folder: shipped)]))

    func library() -> DictionaryLibrary {
        let user = FileManager.default.temporaryDirectory.appendingPathComponent("parley-auto-\(UUID())")
        return DictionaryLibrary(layers: [.init(origin: .user, folder: user), .init(origin: .phrasebook, folder: Self.shipped)])
    }

    /// `good morning.` is a whole phrasebook entry, too short to be given a full stop of its
    /// own: among other sentences it kept none and ran into the next one.
    @Test func aSentenceThatIsAWholeEntryKeepsItsFullStopAmongOthers() throws {
        let result = try Self.shippedApertium.translate("good morning. my brother is tall.", from: tag("en"), to: tag("es"))
        #expect(result.text == "Buenos días. Mi hermano es alto.", "\(result.text)")
    }

    @Test func namesTheEngineOfEachDirectionWithoutLoadingTables() {
        let translator = AutoTranslator(library: library())
        #expect(translator.engine(from: tag("en"), to: tag("es")) == "apertium eng-spa")
        #expect(translator.engine(from: tag("es"), to: tag("en")) == "apertium spa-eng")
        #expect(translator.engine(from: tag("en"), to: tag("ko")) == "dictionary")
        #expect(translator.engine(from: tag("en"), to: tag("sq")) == nil)
        #expect(TranslatorKind.allCases.first == .auto)
        #expect(TranslatorKind.auto.make(library: library(), translationRoots: []).name == "auto")
    }

    @Test func apertiumServesPairsItHasPhrasebooksWinAndOtherPairsUseTheDictionary() throws {
        let translator = AutoTranslator(library: library())
        let engine = try translator.translate("the dog eats bread", from: tag("en"), to: tag("es"))
        #expect(engine.text == "El perro come pan.")
        #expect(engine.segments.map(\.origin) == [.engine])
        let phrase = try translator.translate("where is the bathroom", from: tag("en"), to: tag("es"))
        #expect(phrase.text == "¿Dónde está el baño?")
        #expect(phrase.segments.map(\.origin) == [.phrasebook])
        let korean = try translator.translate("thank you", from: tag("en"), to: tag("ko"))
        #expect(korean.segments.first?.origin == .phrasebook)
        #expect {
            try translator.translate("hello", from: tag("en"), to: tag("sq"))
        } throws: { ($0 as? ParleyError)?.code == .pairUnavailable }
    }

    @Test func prepareStartsThePipelineInTheBackground() throws {
        let apertium = ApertiumTranslator()
        apertium.prepare(from: tag("en"), to: tag("es"))
        var started = false
        for _ in 0..<200 where !started {
            started = apertium.processIdentifiers["eng-spa"] != nil
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(started)
        apertium.prepare(from: tag("en"), to: tag("ko"))
        #expect(apertium.processIdentifiers.keys.sorted() == ["eng-spa"])
    }
}

@Suite("Default translator: Ctrl-C")
struct AutoTranslatorCancelTests {
    func tag(_ text: String) -> LocaleTag { try! LocaleTag(parsing: text) }

    @Test func cancelStopsAStuckApertiumTranslationAndTheNextCallStartsAgain() throws {
        let modes = FileManager.default.temporaryDirectory.appendingPathComponent("parley-auto-modes-\(UUID())")
        try FileManager.default.createDirectory(at: modes, withIntermediateDirectories: true)
        try "sleep 100 | cat\n".write(to: modes.appendingPathComponent("eng-spa.mode"), atomically: true, encoding: .utf8)
        let translator = AutoTranslator(library: DictionaryLibrary(layers: []), modesFolder: modes)
        #expect(translator.engine(from: tag("en"), to: tag("es")) == "apertium eng-spa")
        translator.cancel()  // nothing in progress: does nothing
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { translator.cancel() }
        let start = ContinuousClock.now
        #expect {
            try translator.translate("the dog eats bread. the cat sleeps. where is it", from: tag("en"), to: tag("es"))
        } throws: { ($0 as? ParleyError)?.code == .interrupted }
        #expect(ContinuousClock.now - start < .seconds(3))
        // A mode that answers (cat echoes the request, NUL and all): the next call starts a
        // new pipeline from the mode file instead of reusing the killed one.
        try "cat\n".write(to: modes.appendingPathComponent("eng-spa.mode"), atomically: true, encoding: .utf8)
        #expect(try translator.translate("hello there", from: tag("en"), to: tag("es")).text == "Hello there")
    }
}

@Suite("Default translator: a failing engine")
struct AutoTranslatorFallbackTests {
    @Test func theDictionariesAnswerATurnTheEngineFailsOn() throws {
        let modes = FileManager.default.temporaryDirectory.appendingPathComponent("parley-auto-broken-\(UUID())")
        try FileManager.default.createDirectory(at: modes, withIntermediateDirectories: true)
        try "exit 3\n".write(to: modes.appendingPathComponent("eng-spa.mode"), atomically: true, encoding: .utf8)
        let library = DictionaryLibrary(layers: [.init(origin: .phrasebook, folder: AutoTranslatorIntegrationTests.shipped)])
        let translator = AutoTranslator(library: library, modesFolder: modes)
        let english = LocaleTag(language: "en", region: "US"), spanish = LocaleTag(language: "es", region: "ES")
        let result = try translator.translate("the dog eats bread", from: english, to: spanish)
        #expect(!result.segments.isEmpty)
        #expect(!result.segments.contains { $0.origin == .engine })
        // Forced Apertium says what failed instead.
        #expect {
            try ApertiumTranslator(modesFolder: modes, library: library).translate("the dog eats bread", from: english, to: spanish)
        } throws: { ($0 as? ParleyError)?.code == .engineFailed }
    }
}

@Suite("Default translator: engine names are cheap")
struct AutoTranslatorEngineCostTests {
    /// engine(from:to:) runs at start-up and for :languages and doctor: it must not load a
    /// table. A file with a bad line shows whether it was read (reading queues a warning).
    @Test func namingTheEngineReadsNoDictionaryFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-cheap-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "hello\thola\nthis line has no tab\n".write(to: folder.appendingPathComponent("en-ko.tsv"),
                                                     atomically: true, encoding: .utf8)
        let library = DictionaryLibrary(layers: [.init(origin: .phrasebook, folder: folder)])
        let translator = AutoTranslator(library: library)
        let english = LocaleTag(language: "en", region: "US"), korean = LocaleTag(language: "ko", region: "KR")
        #expect(translator.engine(from: english, to: korean) == "dictionary")
        #expect(translator.engine(from: korean, to: english) == "dictionary")
        #expect(library.takeWarnings().isEmpty)
        _ = try translator.translate("hello", from: english, to: korean)
        #expect(!library.takeWarnings().isEmpty, "the bad line is reported once the table is loaded")
    }
}
