import Foundation
import Testing
@testable import ParleyKit
import ParleyKitTesting

/// What the dictionary translator does beyond exact phrases: contractions, words found
/// only inside phrases, inflected words, target-language spelling, names, Korean spacing.
@Suite("Dictionary morphology")
struct DictionaryMorphologyTests {
    func tag(_ text: String) -> LocaleTag { try! LocaleTag(parsing: text) }

    func translator(_ files: [String: String], morphology: any ParleyKit.Morphology = InMemoryMorphology()) throws -> DictionaryTranslator {
        DictionaryTranslator(library: try DictionaryFixture(files: files).library(asking: morphology))
    }

    @Test("English contractions are written out", arguments: [
        ("i'm", ["i", "am"]), ("don't", ["do", "not"]), ("isn't", ["is", "not"]), ("can't", ["can", "not"]),
        ("won't", ["will", "not"]), ("we'll", ["we", "will"]), ("you're", ["you", "are"]), ("it's", ["it", "is"]),
        ("i'd", ["i", "would"]), ("they've", ["they", "have"]), ("let's", ["let", "us"]),
    ])
    func contractions(word: String, full: [String]) {
        #expect(SourceContractions.expansion(of: word, language: "en") == full)
    }

    @Test func possessivesAndOClockAreNotContractions() {
        #expect(SourceContractions.expansion(of: "john's", language: "en") == nil)
        #expect(SourceContractions.expansion(of: "o'clock", language: "en") == nil)
    }

    @Test func contractedInputFindsPhrasesWrittenInFullAndViceVersa() throws {
        let translator = try translator(["en-es.tsv": "i am lost\tEstoy perdido\ndo not worry\tNo te preocupes\nlet's go\tVamos\n"])
        #expect(try translator.translate("I'm lost", from: tag("en"), to: tag("es")).text == "Estoy perdido")
        #expect(try translator.translate("don’t worry", from: tag("en"), to: tag("es")).text == "No te preocupes.")
        #expect(try translator.translate("let us go", from: tag("en"), to: tag("es")).text == "Vamos")
        #expect(try translator.translate("let's go", from: tag("en"), to: tag("es")).text == "Vamos")
    }

    @Test func wordsOnlyInsidePhrasesAreLearnedWhenTheAlignmentIsSure() {
        let pairs: [(source: String, target: String)] = [
            ("where is the bathroom", "¿Dónde está el baño?"), ("where", "¿Dónde?"), ("the", "el"),
            ("bathroom", "baño"), ("the train", "el tren"), ("red wine", "vino tinto"), ("wine", "vino"),
            ("good morning", "buenos días"), ("good", "bueno"),
        ]
        let learned = Dictionary(uniqueKeysWithValues: PhraseAlignment.derivedWords(from: pairs).map { ($0.word, $0.translation) })
        #expect(learned["is"] == "está")
        #expect(learned["train"] == "tren")
        // Two unexplained positions (word order, idiom) teach nothing.
        #expect(learned["red"] == nil)
        #expect(learned["morning"] == nil)
        // The reverse direction: `el tren` against `the train` teaches `tren`.
        let reversed = pairs.map { (source: $0.target, target: $0.source) }
        let back = Dictionary(uniqueKeysWithValues: PhraseAlignment.derivedWords(from: reversed).map { ($0.word, $0.translation) })
        #expect(back["está"] == "is")
        #expect(back["tren"] == "train")
        #expect(back["tinto"] == nil)
    }

    @Test func aKnownWordWithAnotherTranslationStillExplainsItsPosition() {
        // `is` is `es` on its own; in `where is` it is `está`, which then explains it in
        // `where is the station`, so `station` is learned.
        let pairs: [(source: String, target: String)] = [
            ("is", "es"), ("where", "dónde"), ("the", "la"), ("where is", "dónde está"),
            ("where is the station", "¿Dónde está la estación?"),
        ]
        let learned = Dictionary(uniqueKeysWithValues: PhraseAlignment.derivedWords(from: pairs).map { ($0.word, $0.translation) })
        #expect(learned["station"] == "estación")
        // The known word keeps its own entry.
        #expect(learned["is"] == nil)
    }

    @Test func importedDictionariesTeachNoWordsFromTheirIdioms() throws {
        let fixture = try DictionaryFixture(files: ["en-es.tsv": "the\tel\nthe train\tel tren\n"])
        try fixture.write("en-es.tsv", "the\tel\nthe boat\tel barco\noften\ta menudo\n", layer: "imported")
        let translator = DictionaryTranslator(library: fixture.library)
        #expect(try translator.translate("tren", from: tag("es"), to: tag("en")).text == "Train")
        #expect(try translator.translate("barco", from: tag("es"), to: tag("en")).unknownWords == ["barco"])
        #expect(try translator.translate("menudo", from: tag("es"), to: tag("en")).unknownWords == ["menudo"])
    }

    @Test func theShippedSpanishDirectionKnowsWordsFromPhrases() throws {
        let shipped = DictionaryTranslatorTests.shipped
        let result = try shipped.translate("el tren está en la estación", from: tag("es"), to: tag("en"))
        #expect(result.unknownWords.isEmpty, "\(result.markedText)")
    }

    @Test("inflected words are found under their base form", arguments: [
        ("en", "es", "two tickets", "Dos billetes"),
        ("en", "es", "the trains", "Los trenes"),
        ("en", "es", "she walked", "Ella caminar"),
        ("en", "es", "she is walking", "Ella es caminar."),
        ("es", "en", "dos trenes", "Two trains"),
    ])
    func inflections(from: String, to: String, text: String, expected: String) throws {
        let translator = try translator(["en-es.tsv": "ticket\tbillete\ntrain\ttren\nshe\tella\nwalk\tcaminar\ntwo\tdos\nis\tes\nthe\tel\n"])
        #expect(try translator.translate(text, from: tag(from), to: tag(to)).text == expected)
    }

    @Test func spanishContractsAElAndDeEl() throws {
        let translator = try translator(["en-es.tsv": "to\ta\nthe\tel\nof\tde\nmuseum\tmuseo\nnear\tcerca\ngo\tir\nthe end\tel final\n"])
        let result = try translator.translate("go to the museum near the end of the museum", from: tag("en"), to: tag("es"))
        #expect(result.text == "Ir al museo cerca el final del museo.")
        #expect(result.segments.map(\.target).joined(separator: " ") == "ir al museo cerca el final del museo")
        #expect(result.segments.first { $0.target == "al museo" || $0.target == "al" }?.source.hasPrefix("to the") == true)
    }

    @Test func englishIHasItsCapitalInWholePhrasesAndWords() throws {
        let translator = try translator(["en-ko.tsv": "can i pay by card\t카드로 계산해도 돼요?\ni\t저\n"])
        #expect(try translator.translate("카드 로 계산 해도 돼요", from: tag("ko"), to: tag("en")).text == "Can I pay by card?")
        #expect(try translator.translate("저 카드", from: tag("ko"), to: tag("en")).text == "I 카드")
    }

    @Test func namesKeepTheirCapitalWhetherTranslatedOrPassedThrough() throws {
        let translator = try translator(["en-es.tsv": "my\tmi\nfriend\tamigo\nis\testá\nin\ten\nseville\tSevilla\nsunday\tdomingo\non\ten\n"])
        let result = try translator.translate("my friend Maria is in Seville on Sunday", from: tag("en"), to: tag("es"))
        #expect(result.text == "Mi amigo Maria está en Sevilla en domingo.")
        #expect(result.markedText == "Mi amigo [Maria] está en Sevilla en domingo.")
        #expect(result.spokenParts.map(\.text) == ["Mi amigo", "Maria", "está en Sevilla en domingo."])
        #expect(!result.text.contains("["))
    }

    @Test func koreanPhrasesAreFoundHoweverTheRecogniserSpacedThem() throws {
        let translator = try translator(["en-ko.tsv": "yes\t네\nhow much is it\t얼마예요?\nwhere is the bathroom\t화장실이 어디예요?\n"])
        let result = try translator.translate("네 얼마 예요", from: tag("ko"), to: tag("en"))
        #expect(result.text == "Yes how much is it?")
        #expect(result.unknownWords.isEmpty)
        #expect(try translator.translate("화장실 이 어디 예요", from: tag("ko"), to: tag("en")).text == "Where is the bathroom?")
        #expect(try translator.translate("네 화장실이 어디 예요", from: tag("ko"), to: tag("en")).text == "Yes where is the bathroom?")
    }

    @Test("Korean particles are dropped from known nouns", arguments: [
        ("공항에 좋아요", "Airport good"), ("공항 에서 좋아요", "Airport good"), ("물을 주세요", "Water please"),
        ("호텔 이 좋아요", "Hotel good"),
    ])
    func koreanParticles(text: String, expected: String) throws {
        let translator = try translator(["en-ko.tsv": "airport\t공항\ngo\t가요\nwater\t물\nplease\t주세요\nhotel\t호텔\ngood\t좋아요\n"])
        #expect(try translator.translate(text, from: tag("ko"), to: tag("en")).text == expected)
    }

    @Test func aKoreanWordEndingLikeAParticleIsNotCutWhenTheStemIsUnknown() throws {
        let translator = try translator(["en-ko.tsv": "child\t아이\nwater\t물\n"])
        #expect(try translator.translate("아이", from: tag("ko"), to: tag("en")).text == "Child")
        #expect(try translator.translate("고양이", from: tag("ko"), to: tag("en")).unknownWords == ["고양이"])
    }

    @Test func englishArticlesDisappearIntoKorean() throws {
        let translator = try translator(["en-ko.tsv": "station\t역\nhotel\t호텔\n"])
        let result = try translator.translate("the station the hotel the", from: tag("en"), to: tag("ko"))
        #expect(result.segments.map(\.source) == ["the station", "the hotel", "the"])
        #expect(result.markedText == "역 호텔 [the].")
    }

    @Test("Spanish articles agree with the noun after them", arguments: [
        ("the station", "La estación"), ("the trains", "Los trenes"), ("the apples", "Las manzanas"),
        ("a room", "Una habitación"), ("the map", "El mapa"), ("the bus", "El autobús"), ("to the beach", "A la playa."),
        ("to the museum", "Al museo"), ("the tickets", "Los billetes"), ("my tickets", "Mis billetes"),
        ("my room", "Mi habitación"), ("the near station", "El cerca estación."),
    ])
    func spanishArticles(text: String, expected: String) throws {
        let translator = try translator(["en-es.tsv": """
            the\tel
            a\tun
            my\tmi
            to\ta
            station\testación
            train\ttren
            apple\tmanzana
            room\thabitación
            map\tmapa
            bus\tautobús
            beach\tplaya
            museum\tmuseo
            ticket\tbillete
            near\tcerca
            """])
        #expect(try translator.translate(text, from: tag("en"), to: tag("es")).text == expected)
    }

    @Test("Spanish verb and adjective forms are found under the dictionary form", arguments: [
        ("llegan", "Arrive"), ("sale", "Leave"), ("cuestan", "Cost"), ("necesito", "I need"), ("sucia", "Dirty"),
        ("cercanas", "Near"), ("necesita", "Need"),
    ])
    func spanishForms(word: String, expected: String) throws {
        let translator = try translator(["en-es.tsv": """
            arrive\tllegar
            leave\tsalir
            cost\tcostar
            need\tnecesitar
            dirty\tsucio
            near\tcercano
            i need\tnecesito
            """])
        #expect(try translator.translate(word, from: tag("es"), to: tag("en")).text == expected)
    }

    @Test func spanishAlAndDelAreReadAsTheirTwoWords() throws {
        let translator = try translator(["en-es.tsv": "of\tde\nthe\tel\nmuseum\tmuseo\nnext to\tal lado de\nto\ta\n"])
        #expect(try translator.translate("del museo", from: tag("es"), to: tag("en")).text == "Of the museum.")
        #expect(try translator.translate("al lado del museo", from: tag("es"), to: tag("en")).text == "Next to the museum.")
        #expect(try translator.translate("al museo", from: tag("es"), to: tag("en")).text == "To the museum.")
    }

    @Test func englishPrepositionsBecomeKoreanParticlesOnTheNounAfterThem() throws {
        let translator = try translator(["en-ko.tsv": "go\t가요\nairport\t공항\nhotel\t호텔\nplease wait\t기다려 주세요\nnot\t안\nfar\t멀어요\n"])
        let result = try translator.translate("go to the airport from the hotel", from: tag("en"), to: tag("ko"))
        // The verb goes last, as in Korean.
        #expect(result.text == "공항에 호텔에서 가요.")
        #expect(result.segments.map(\.source) == ["to the airport", "from the hotel", "go"])
        // A verb or a phrase after the preposition takes no particle: the word stays visible.
        let verb = try translator.translate("to please wait", from: tag("en"), to: tag("ko"))
        #expect(verb.unknownWords == ["to"])
        // `is` disappears into Korean, `not` never does.
        #expect(try translator.translate("it is not far", from: tag("en"), to: tag("ko")).markedText == "[It] 안 멀어요.")
    }

    @Test func koreanCopulaEndingsAreDroppedFromKnownNouns() throws {
        let translator = try translator(["en-ko.tsv": "student\t학생\ni\t저는\nfriend\t친구\n"])
        #expect(try translator.translate("저는 학생이에요", from: tag("ko"), to: tag("en")).text == "I student")
        #expect(try translator.translate("친구 예요", from: tag("ko"), to: tag("en")).text == "Friend")
    }

    @Test func lttoolboxAnswersAreReadIntoBaseFormsAndPlurality() {
        let readings = LttoolboxLemmatizer.parse("^limpias/limpio<adj><f><pl>/limpiar<vblex><pri><p2><sg>$")
        #expect(readings == [.init(base: "limpio", isPluralNoun: false, partOfSpeech: "adj", tags: ["f", "pl"]),
                             .init(base: "limpiar", isPluralNoun: false, partOfSpeech: "vblex", tags: ["pri", "p2", "sg"])])
        #expect(LttoolboxLemmatizer.parse("^trenes/tren<n><m><pl>$")
                == [.init(base: "tren", isPluralNoun: true, partOfSpeech: "n", tags: ["m", "pl"])])
        #expect(LttoolboxLemmatizer.parse("^zorblax/*zorblax$").isEmpty)
        #expect(LttoolboxLemmatizer.parse("^brother/brother<n><sg>$ ^'s/'s<gen>/be<vbser><pri><p3><sg>$")
                == [.init(base: "brother", isPluralNoun: false, partOfSpeech: "n", tags: ["sg"])])
    }

    @Test(arguments: [("reservar", true), ("sentarnos", true), ("probárselo", true), ("verte", true),
                      ("mesa", false), ("reservamos", false), ("noche", false)])
    func anInfinitiveIsKnownWithItsPronounsAttached(_ word: String, _ infinitive: Bool) {
        // An infinitive is its own base form; the pronouns come off by the pack's clitics.
        let spanish = InMemoryMorphology(analyses: ["es": [
            "reservar": ["reservar<vblex><inf>"], "sentar": ["sentar<vblex><inf>"], "probar": ["probar<vblex><inf>"],
            "ver": ["ver<vblex><inf>"], "mesa": ["mesa<n><f><sg>"], "reservamos": ["reservar<vblex><pri><p1><pl>"],
            "noche": ["noche<n><f><sg>"],
        ]])
        #expect(PatternTranslation.opensWithInfinitive(word, pack: .named("es"), morphology: spanish) == infinitive)
    }

    @Test func irregularFormsComeFromTheAnalyser() throws {
        // What lt-proc answers for these words.
        let analyser = InMemoryMorphology(analyses: [
            "en": ["children": ["child<n><pl>"], "went": ["go<vblex><past>"]], "es": ["trenes": ["tren<n><m><pl>"]],
        ])
        let translator = try translator(["en-es.tsv": "child\tniño\ngo\tir\n"], morphology: analyser)
        #expect(try translator.translate("children went", from: tag("en"), to: tag("es")).text == "Niños ir")
        // The analyser knows `trenes` is a plural noun with no number word before it;
        // the rules alone would not make the translation plural.
        let spanish = try self.translator(["en-es.tsv": "train\ttren\n"], morphology: analyser)
        #expect(try spanish.translate("trenes", from: tag("es"), to: tag("en")).text == "Trains")
        #expect(!WordForms.Language(pack: .named("es")).translationIsPlural(previousWord: nil))
    }
}

@Suite("English words Korean has no word for")
struct ArticleDroppingTests {
    func segment(_ word: String, _ target: String? = nil) -> TranslationSegment {
        TranslationSegment(source: word, target: target ?? word, origin: target == nil ? .passthrough : .phrasebook)
    }

    @Test func auxiliariesAndEndingPrepositionsFoldIntoTheNextWordButNotNot() {
        let segments = [segment("could"), segment("we", "우리"), segment("not"), segment("have"), segment("some"),
                        segment("water", "물"), segment("for"), segment("the"), segment("table", "테이블")]
        let folded = ArticleDropping.apply(to: segments, from: "en", to: "ko")
        #expect(folded.map(\.target) == ["우리", "not", "have", "물", "테이블"])
        #expect(folded.map(\.source) == ["could we", "not", "have", "some water", "for the table"])
        #expect(ArticleDropping.apply(to: segments, from: "en", to: "es") == segments)
    }
}

/// What the listener hears when a sentence has a word no layer knows.
@Suite("Spoken parts with unknown words")
struct SpokenPartsTests {
    let english = LocaleTag(language: "en", region: "US")
    let spanish = LocaleTag(language: "es", region: "ES")

    func translation(_ text: String, _ segments: [TranslationSegment]) -> Translation {
        Translation(sourceText: "", source: english, target: spanish, text: text, segments: segments)
    }

    @Test func aQuestionKeepsItsMarksAroundAnUnknownWord() {
        let result = translation("¿Dónde está el xyzzy?", [
            TranslationSegment(source: "where is the", target: "dónde está el", origin: .engine),
            TranslationSegment(source: "xyzzy", target: "xyzzy", origin: .passthrough),
        ])
        #expect(result.spokenParts == [SpokenPart(text: "¿Dónde está el", locale: spanish),
                                       SpokenPart(text: "xyzzy?", locale: english)])
        #expect(result.spokenParts.map(\.text).joined(separator: " ") == result.text)
    }

    @Test func commasAndCapitalsStayInTheirPlaces() {
        let result = translation("Hola, Xyzzy, ¿dónde está el hotel?", [
            TranslationSegment(source: "hello", target: "Hola", origin: .phrasebook),
            TranslationSegment(source: "xyzzy", target: "Xyzzy", origin: .passthrough),
            TranslationSegment(source: "where is the hotel", target: "dónde está el hotel", origin: .engine),
        ])
        #expect(result.spokenParts.map(\.text) == ["Hola,", "Xyzzy,", "¿dónde está el hotel?"])
        #expect(result.spokenParts.map(\.locale) == [spanish, english, spanish])
    }

    @Test func aWordInsideAnotherIsNotTheUnknownOne() {
        let result = translation("El cat y el gato.", [
            TranslationSegment(source: "the", target: "el", origin: .engine),
            TranslationSegment(source: "cat", target: "cat", origin: .passthrough),
            TranslationSegment(source: "and the cat", target: "y el gato", origin: .engine),
        ])
        #expect(result.spokenParts.map(\.text) == ["El", "cat", "y el gato."])
    }
}
