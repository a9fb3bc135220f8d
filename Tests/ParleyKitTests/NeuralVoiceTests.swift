import Foundation
import Testing
@testable import ParleyKit

/// The parts of neural speech that need no library: sentences of phonemes, the voice
/// folders, and which language a voice name speaks.
@Suite("Neural voices without the library")
struct NeuralVoiceTests {
    static let symbols = Set("abcdefghijklmnopqrstuvwxyzəɹðˈˌɑːʊɛaɪ ,.?!;:".unicodeScalars)

    func text(_ codes: [Int32]) -> String {
        String(String.UnicodeScalarView(codes.compactMap { Unicode.Scalar(UInt32($0)) }))
    }

    @Test func clausesJoinIntoSentencesWithTheirMarks() {
        let sentences = PhonemeSentences(symbols: Self.symbols).sentences(from: [
            PhonemeClause(phonemes: "həlˈoʊ ðˈɛɹ", terminator: ","),
            PhonemeClause(phonemes: "hˈaʊ ɑːɹ juː", terminator: "?"),
            PhonemeClause(phonemes: "fˈaɪn", terminator: nil),
        ]).map(text)
        #expect(sentences == ["həlˈoʊ ðˈɛɹ, hˈaʊ ɑːɹ juː?", "fˈaɪn."])
    }

    @Test func aTrailingCommaBecomesTheSentencesEnd() {
        let sentences = PhonemeSentences(symbols: Self.symbols).sentences(from: [
            PhonemeClause(phonemes: "hˈaʊ", terminator: ","),
            PhonemeClause(phonemes: "", terminator: "?"),
        ]).map(text)
        #expect(sentences == ["hˈaʊ?"])
    }

    @Test func languageSwitchMarksAndUnknownSymbolsAreLeftOut() {
        let sentences = PhonemeSentences(symbols: Self.symbols).sentences(from: [
            PhonemeClause(phonemes: "me (en)wˈiːkɛnd(es) ʎ", terminator: "."),
            PhonemeClause(phonemes: "ʎʎ", terminator: "."),
        ]).map(text)
        // ʎ is not one of this voice's symbols; a sentence of nothing it knows is dropped.
        #expect(sentences == ["me wˈiːkɛnd."])
    }

    @Test("the language a voice name speaks", arguments: [
        ("en_US-joe-medium", "en"), ("es_ES-davefx-medium", "es"), ("gmw/en-US", "en"), ("gmw/en-US+f3", "en"),
        ("roa/es-419", "es"), ("espeak", nil), ("English_(America)", nil),
    ] as [(String, String?)])
    func languageOfAVoiceName(name: String, language: String?) {
        #expect(VoiceRouter.language(ofVoiceNamed: name) == language)
    }

    func makeVoice(in root: URL, name: String, locale: String, quality: String = "medium", gender: String? = nil,
                   writeCard: Bool = true, model: Data = Data([8, 1]) + Data("sample_rate".utf8),
                   card extra: [String: Any] = [:]) throws {
        let folder = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try model.write(to: folder.appendingPathComponent("\(name).onnx"))
        try "_ 0\n  3\na 14\n".write(to: folder.appendingPathComponent("tokens.txt"), atomically: true, encoding: .utf8)
        guard writeCard else { return }
        var card: [String: Any] = ["format": 1, "name": name, "locale": locale, "quality": quality, "sampleRate": 22_050,
                                   "espeakVoice": locale.lowercased(), "licence": "CC0", "source": "a test",
                                   "modelBytes": model.count]
        if let gender { card["gender"] = gender }
        card.merge(extra) { $1 }
        try JSONSerialization.data(withJSONObject: card).write(to: folder.appendingPathComponent("voice.json"))
    }

    @Test func theCatalogRanksVoicesAndNamesBrokenFolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parley-voices-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        try makeVoice(in: root, name: "en_GB-alan-low", locale: "en-GB", quality: "low")
        try makeVoice(in: root, name: "en_US-amy-low", locale: "en-US", quality: "low", gender: "female")
        try makeVoice(in: root, name: "en_US-joe-medium", locale: "en-US", gender: "male")
        try makeVoice(in: root, name: "es_ES-half-medium", locale: "es-ES", writeCard: false)
        try makeVoice(in: root, name: "es_MX-cut-medium", locale: "es-MX")
        try Data([8]).write(to: root.appendingPathComponent("es_MX-cut-medium/es_MX-cut-medium.onnx"))
        try makeVoice(in: root, name: "es_ES-raw-medium", locale: "es-ES", model: Data([8, 1, 2]))
        let catalog = NeuralVoiceCatalog.scan(roots: [root])
        #expect(catalog.ranked(for: LocaleTag(language: "en")).map(\.name) == ["en_US-joe-medium", "en_US-amy-low", "en_GB-alan-low"])
        #expect(catalog.ranked(for: LocaleTag(language: "en", region: "GB")).first?.name == "en_GB-alan-low")
        #expect(catalog.voice(named: "EN_US-AMY-LOW")?.gender == .female)
        #expect(catalog.voice(named: "en_GB-alan-low")?.gender == .unspecified)
        let problems = Dictionary(uniqueKeysWithValues: catalog.problems.map { ($0.name, $0.reason) })
        #expect(problems["es_ES-half-medium"]?.contains("voice.json is missing") == true)
        #expect(problems["es_MX-cut-medium"]?.contains("1 bytes, not the 13") == true)
        // A Piper model not prepared by setup would end the process inside sherpa-onnx.
        #expect(problems["es_ES-raw-medium"]?.contains("lacks the metadata sherpa-onnx needs") == true)
        #expect(catalog.problems.allSatisfy { $0.description.contains("parley install voice \($0.name)") })
    }

    /// A number out of range in a voice's card once crashed every start (1e300 as an Int) or
    /// aborted inside onnxruntime (a length scale of 1e10): the voice is broken, named, unused.
    @Test("a voice card's number out of range (as JSON)", arguments: [
        ("sampleRate", "1e300"), ("sampleRate", "22050.5"), ("sampleRate", #""22050""#), ("lengthScale", "1e10"),
        ("noiseW", "1e308"), ("noiseScale", "-1"), ("modelBytes", "1e300"),
    ])
    func aNumberOutOfRangeMakesTheVoiceBroken(key: String, json: String) throws {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parley-voices-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        try makeVoice(in: root, name: "en_US-odd-medium", locale: "en-US", card: [key: value])
        let catalog = NeuralVoiceCatalog.scan(roots: [root])
        #expect(catalog.voices.isEmpty)
        #expect(catalog.problems.first?.reason.contains("gives \(key) as") == true, "\(catalog.problems)")
    }

    @Test func aPipeAsTheCardIsNamedNotWaitedOn() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parley-voices-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        try makeVoice(in: root, name: "en_US-pipe-medium", locale: "en-US", writeCard: false)
        mkfifo(root.appendingPathComponent("en_US-pipe-medium/voice.json").path, 0o600)
        let catalog = NeuralVoiceCatalog.scan(roots: [root])
        #expect(catalog.problems.first?.reason.contains("is a pipe") == true, "\(catalog.problems)")
    }

    @Test func tokensListTheirSymbolsSpaceIncluded() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try "_ 0\n^ 1\n  3\nə 59\nbroken line\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(try NeuralSynthesizer.symbols(in: file) == Set("_^ ə".unicodeScalars))
    }
}

/// A neural voice library that is there but does not load is said as that, with the
/// loader's words, not as "not installed".
@Suite("sherpa-onnx library that does not load")
struct SherpaOnnxLoadFailureTests {
    @Test func aFileThatIsNoLibraryIsNamedWithTheLoadersWords() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parley-not-a-library-\(UUID()).so")
        try Data("not an ELF file".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect { try SherpaOnnxLibrary.load(environment: ["PARLEY_SHERPA_ONNX": file.path]) } throws: { error in
            let message = (error as? ParleyError)?.message ?? ""
            return message.hasPrefix("The neural voice library \(file.path) could not be loaded (") && !message.contains("not installed")
        }
    }
}
