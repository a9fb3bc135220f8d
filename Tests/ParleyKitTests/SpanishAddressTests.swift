import Testing
@testable import ParleyKit
import ParleyKitTesting

@Suite("Spanish usted in English")
struct SpanishAddressTests {
    /// What lt-proc answers for the words these tests ask about.
    static let morphology = InMemoryMorphology(
        analyses: [
            "en": [
                "arrived": ["arrive<vblex><past>", "arrive<vblex><pp>"], "arrives": ["arrive<vblex><pri><p3><sg>"],
                "can": ["can<n><sg>", "can<vaux><pres>"], "comes": ["come<vblex><pri><p3><sg>"],
                "do": ["do<vbdo><pres>", "do<vblex><inf>", "do<vblex><pres>"], "expensive": ["expensive<adj>"],
                "for": ["for<pr>"], "has": ["have<vbhaver><pri><p3><sg>", "have<vblex><pri><p3><sg>"],
                "hurts": ["hurt<vblex><pri><p3><sg>"],
                "included": ["included<adj>", "included<adv>", "include<vblex><past>", "include<vblex><pp>"],
                "is": ["be<vbser><pri><p3><sg>"], "need": ["need<n><sg>", "need<vblex><inf>", "need<vblex><pres>"],
                "open": ["open<adj>", "open<vblex><inf>", "open<vblex><pres>"],
                "works": ["work<n><pl>", "work<vblex><pri><p3><sg>"], "yesterday": ["yesterday<adv>"],
            ],
            "es": [
                "usted": ["prpers<prn><tn><p3><mf><sg>"],
            ],
        ])

    let address = SpanishAddress(from: .named("es"), to: .named("en"), morphology: Self.morphology)

    @Test(arguments: [
        ("¿tiene habitaciones libres?", "Has free rooms", true, "Do you have free rooms"),
        ("¿necesita ayuda?", "It needs help", true, "Do you need help"),
        ("¿puede ayudarme?", "It can help me", true, "Can you help me"),
        ("¿me puede decir la hora?", "Can say me the time", true, "Can you say me the time"),
        ("¿me lo puede repetir?", "It can it to me repeat", true, "Can you it to me repeat"),
        ("¿va a pagar con tarjeta?", "It goes to pay with card", true, "Are you going to pay with card"),
        // An offer to usted asks politely.
        ("¿quieren postre?", "They want dessert", true, "Would you like dessert"),
        ("tiene que pagar en la caja", "It has to pay in the box", false, "You have to pay in the box"),
        ("puede pagar aquí", "It can pay here", false, "You can pay here"),
        // About someone else, or with its subject said: left as Apertium wrote it.
        ("tiene fiebre", "It has fever", false, "It has fever"),
        ("cuesta diez euros", "It costs ten euros", true, "It costs ten euros"),
        ("¿está usted bien?", "It is you well", true, "It is you well"),
    ])
    func theListenerIsYou(_ spanish: String, _ apertium: String, _ question: Bool, _ expected: String) {
        #expect(address.apply(to: apertium, source: PhraseText.words(spanish), question: question) == expected)
    }

    @Test(arguments: [
        ("There is a bank near here", "Is there a bank near here"),
        ("It is for a gift", "Is it for a gift"),
        ("You can pay here", "Can you pay here"),
        // Another verb after a pronoun asks with `do`; a perfect with its `have`.
        ("It hurts when you breathe", "Does it hurt when you breathe"),
        ("We need a table", "Do we need a table"),
        ("It has arrived", "Has it arrived"),
        // Not a subject first, or no verb after it: left alone.
        ("Where is the station", "Where is the station"),
        ("It yesterday", "It yesterday"),
    ])
    func yesNoQuestionsAskInEnglishOrder(_ apertium: String, _ expected: String) {
        #expect(address.questionOrder(apertium) == expected)
    }

    @Test(arguments: [
        // A preposition before the question word goes to the end.
        ("Of where are you?", "Where are you from?"),
        ("From where are you calling", "Where are you calling from"),
        ("Where is it from?", "Where is it from?"),
    ])
    func aQuestionsPrepositionEndsIt(_ apertium: String, _ expected: String) {
        #expect(address.strandingPreposition(apertium) == expected)
    }

    @Test(arguments: [
        // A pronoun subject comes after the verb, with `do` for a verb that is no auxiliary.
        ("Where it is from?", "Where is it from?"),
        ("Where it works?", "Where does it work?"),
        ("What I do now?", "What do I do now?"),
        // The `it` Apertium supplies before a verb whose subject Spanish put after it goes.
        ("When it arrives the train?", "When does the train arrive?"),
        ("Where it comes this train from?", "Where does this train come from?"),
        // Already in question order, or no question word first: left alone.
        ("Where is the station?", "Where is the station?"),
        ("It works", "It works"),
    ])
    func whQuestionsAskInEnglishOrder(_ apertium: String, _ expected: String) {
        #expect(address.whQuestionOrder(apertium) == expected)
    }

    @Test(arguments: [
        // The subject Spanish put after the predicate is asked about in its place.
        ("Is it open the pharmacy?", "Is the pharmacy open?"),
        ("Are you included the drinks?", "Are the drinks included?"),
        ("It is expensive the hotel", "Is the hotel expensive"),
        // A phrase after a preposition is no subject; nothing after the predicate, nothing to move.
        ("Is it ready for the trip?", "Is it ready for the trip?"),
        ("Are you the owner?", "Are you the owner?"),
    ])
    func aSubjectAfterThePredicateIsAskedAbout(_ apertium: String, _ expected: String) {
        #expect(address.askingPostverbalSubject(apertium) == expected)
    }

    @Test(arguments: [("wants", "want"), ("has", "have"), ("tries", "try"), ("wishes", "wish"), ("goes", "go"),
                      ("can", "can"), ("dresses", "dress")])
    func englishBaseForms(_ third: String, _ base: String) {
        #expect((address.baseForms[third] ?? SpanishAddress.baseForm(of: third)) == base)
    }

    @Test(arguments: [
        ("me puede ayudar", SentenceStyle.Mood.question),
        ("puede ayudarme", .question),
        ("puede repetirlo por favor", .question),
        ("puede dejar las maletas en recepción", .statement),
        ("puede que llueva", .statement),
        ("Puede devolverlo con el tique, por favor.", .statement),
    ])
    func spanishRequestsWithoutMarksAsk(_ text: String, _ mood: SentenceStyle.Mood) {
        #expect(SentenceStyle.mood(of: text, pack: .named("es")) == mood)
    }
}
