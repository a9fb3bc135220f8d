import Foundation
import Testing
@testable import ParleyKit
import ParleyKitTesting

/// How an utterance is made ready for Apertium, without Apertium: the sentence end its
/// tagger needs, questions put in statement order, names capitalised only where they are
/// names, and which phrasebook fragments may be cut off the front of a sentence.
@Suite("Apertium preparation")
struct ApertiumPreparationTests {
    @Test(arguments: [
        ("can i have a glass of water", "can i have a glass of water .", true),
        ("where is it?", "where is it?", false),
        ("Hello.", "Hello.", false),
        ("the menu, please!", "the menu, please!", false),
        ("he said \"yes.\"", "he said \"yes.\"", false),
    ])
    func aSentenceEndIsAddedForTheTagger(_ text: String, _ sent: String, _ added: Bool) {
        let result = ApertiumPipeline.withSentenceEnd(text)
        #expect(result.text == sent)
        #expect(result.added == added)
    }

    @Test func theAddedFullStopIsTakenOffTheReply() {
        #expect(ApertiumPipeline.withoutAddedEnd("Puedo tener un vaso de agua .") == "Puedo tener un vaso de agua")
        #expect(ApertiumPipeline.withoutAddedEnd("hola") == "hola")
    }

    /// What lt-proc answers for `do`: a past `did` stays before its subject.
    static let english = InMemoryMorphology(analyses: ["en": [
        "did": ["do<vbdo><past>", "do<vblex><past>"], "do": ["do<vbdo><pres>", "do<vblex><inf>", "do<vblex><pres>"],
        "does": ["do<vbdo><pri><p3><sg>", "do<vblex><pri><p3><sg>"],
    ]])

    static let verbs: Set<String> = ["pay", "call", "have", "help", "do", "get", "rent", "take", "open", "see", "run"]
    static let nouns: Set<String> = ["museum", "police", "station", "dish", "meat", "buses", "run", "bus", "room", "way", "hotel", "taxi"]
    static let adjectives: Set<String> = ["open", "far", "police", "free"]

    static func partsOfSpeech(_ word: String) -> Set<String> {
        var tags: Set<String> = []
        if verbs.contains(word) { tags.insert("vblex") }
        if nouns.contains(word) { tags.insert("n") }
        if adjectives.contains(word) { tags.insert("adj") }
        return tags
    }

    func reordered(_ sentence: String) -> String {
        let words = sentence.split(separator: " ").map(String.init)
        let order = QuestionOrder.of("en", morphology: Self.english)?.declarative(Array(words.indices), word: { PhraseText.words(words[$0]).first },
                                                        raw: { words[$0] }, partsOfSpeech: Self.partsOfSpeech) ?? Array(words.indices)
        return order.map { words[$0] }.joined(separator: " ")
    }

    @Test(arguments: [
        ("can i pay the bill by card", "i can pay the bill by card"),
        ("could you call a taxi", "you could call a taxi"),
        ("where can i rent a car", "where i can rent a car"),
        ("what time do you open", "what time you open"),
        ("excuse me can you help us", "excuse me you can help us"),
        ("do you have a room", "you have a room"),
        // A past `did` stays, after its subject: its verb would lose the past.
        ("where did you take it", "where you did take it"),
        // Statements, and questions without a subject pronoun, are left alone.
        ("i can help you", "i can help you"),
        ("can the hotel call a taxi", "can the hotel call a taxi"),
        ("if you do it right", "if you do it right"),
        ("the man can you see", "the man can you see"),
        // A word with punctuation stays where it is.
        ("can you, please, help", "can you, please, help"),
        // A noun phrase subject: `be` goes after it, a present `do` goes.
        ("is the museum far from here", "the museum is far from here"),
        ("is the police station open at night", "the police station is open at night"),
        ("does this dish have meat", "this dish does have meat"),
        ("how often do the buses run on sundays", "how often the buses do run on sundays"),
        // `is this the right way`: no noun phrase then a predicate; a past `did` stays.
        ("is this the right way", "is this the right way"),
        ("did the bus run", "did the bus run"),
    ])
    func invertedQuestionsAreReordered(_ heard: String, _ sent: String) {
        #expect(reordered(heard) == sent)
    }

    @Test func onlyEnglishIsReordered() {
        // Spanish asks without inverting (`puede usted ayudarme` is left as it is).
        #expect(QuestionOrder.of("es") == nil)
    }

    func names(_ sentence: String, language: String = "en", ordinary: Set<String> = ["turkey", "park", "china", "may"])
        -> [String] {
        let words: [String?] = sentence.split(separator: " ").map(String.init)
        let found = ProperNouns.Names(pack: .named(language)).names(in: words) { ordinary.contains($0) }
        return words.indices.map { found[$0] ?? words[$0]! }
    }

    @Test func namesThatAreOrdinaryWordsAreCapitalisedOnlyWhereAPlaceIsExpected() {
        #expect(names("i want a turkey sandwich") == ["i", "want", "a", "turkey", "sandwich"])
        #expect(names("i am from turkey") == ["i", "am", "from", "Turkey"])
        #expect(names("where can i park the car") == ["where", "can", "i", "park", "the", "car"])
        #expect(names("is there a park near here") == ["is", "there", "a", "park", "near", "here"])
        #expect(names("we arrive in may") == ["we", "arrive", "in", "May"])
        #expect(names("it may rain") == ["it", "may", "rain"])
        #expect(names("i live in seoul with maria") == ["i", "live", "in", "Seoul", "with", "Maria"])
    }

    @Test func namesOfSeveralWordsAreCapitalisedWhole() {
        #expect(names("i live in new york") == ["i", "live", "in", "New", "York"])
        #expect(names("a new car") == ["a", "new", "car"])
        #expect(names("vivo en buenos aires", language: "es") == ["vivo", "en", "Buenos", "Aires"])
    }

    func protector(_ entries: [(String, String)]) -> ProtectedSpans {
        var table = PhraseTable()
        for (source, target) in entries { table.insert(source: source, target: target) }
        let tags: [String: Set<String>] = [
            "call": ["n", "vblex"], "lost": ["vblex"], "tired": ["adj", "vblex"], "not": ["adv"], "bus": ["n"],
            "stop": ["n", "vblex"], "is": ["vbser"], "the": ["det"], "two": ["num"], "will": ["n", "vaux"],
            "está": ["vbser"], "looking": ["vblex"], "thanks": ["ij", "vblex"], "to": ["pr"],
        ]
        return ProtectedSpans(tables: [(.phrasebook, table)], pack: .named("en")) { tags[$0] ?? [] }
    }

    @Test(arguments: [
        // A subject and auxiliary before the rest of their verb phrase are not cut off.
        ("i will call you tomorrow", false),
        ("you are tired", false),
        ("he is not here", false),
        ("i have lost my passport", false),
        // A noun phrase is not cut off before a noun that continues it, or before its verb.
        ("the bus stop is there", false),
        ("the bus is late", false),
        // Before a noun phrase a fragment is cut off, and a capitalised phrase is a whole clause.
        ("the bus to madrid", true),
        ("my name is juan", true),
        ("i would like two coffees", true),
        ("i am just looking thanks", true),
    ])
    func leadingFragments(_ heard: String, _ protected: Bool) {
        let cut = protector([("i will", "voy a"), ("you are", "eres"), ("he is", "es"), ("i have", "tengo"),
                             ("the bus", "el autobús"), ("my name is", "me llamo"), ("i would like", "me gustaría"),
                             ("i am just looking", "Solo estoy mirando")])
            .cut(heard.split(separator: " ").map(String.init))
        #expect(!cut.leading.isEmpty == protected, "\(cut)")
    }

    @Test func aFragmentInQuestionFormOpensOnlyAQuestion() {
        var table = PhraseTable()
        table.insert(source: "está cerca", target: "is it near")
        let spanish = ProtectedSpans(tables: [(.phrasebook, table)], pack: .named("es"), targetPack: .named("en"),
                                     forms: DirectionForms(from: .named("es"), to: .named("en"))) { _ in [] }
        #expect(spanish.cut(["está", "cerca", "del", "hotel"]).leading.isEmpty)
        #expect(spanish.cut(["está", "cerca", "del", "hotel"], question: true).leading.count == 1)
    }

    @Test func noBeforeAVerbNegatesIt() {
        var table = PhraseTable()
        table.insert(source: "no", target: "no")
        let spanish = ProtectedSpans(tables: [(.phrasebook, table)], pack: .named("es")) { $0 == "está" ? ["vbser"] : [] }
        #expect(spanish.cut(["no", "está", "lejos"]).leading.isEmpty)
        #expect(spanish.cut(["no", "gracias", "amigo"]).leading.count == 1)
    }
}
