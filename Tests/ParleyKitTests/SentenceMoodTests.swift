import Testing
@testable import ParleyKit

/// The mood read from the source: wishes, commands and exclamations that open with a word
/// that could ask are not questions, and questions still are, with or without marks.
@Suite("sentence mood from the source")
struct SentenceMoodTests {
    @Test("English", arguments: [
        // Wishes that open with an auxiliary (the examples and their kind).
        ("have a great weekend", SentenceStyle.Mood.wish),
        ("have a safe flight", .wish),
        ("have fun tonight", .wish),
        ("enjoy your meal", .wish),
        ("get well soon", .wish),
        // Commands: emphatic `do`, a negation, a bare verb, `please` first.
        ("do come in", .command),
        ("do not worry about it", .command),
        ("take the second street on the left", .command),
        ("please sit down", .command),
        ("have a seat", .command),
        // Exclamations.
        ("what a lovely view", .exclamation),
        ("how kind of you", .exclamation),
        // Questions: an auxiliary before its subject, question words, marks.
        ("have you got a room for tonight", .question),
        ("do you have this in blue", .question),
        ("don't you have a smaller one", .question),
        ("can i pay by card", .question),
        ("is there a pharmacy near here", .question),
        ("how much does it cost", .question),
        ("how nice is the hotel", .question),
        ("what time is it", .question),
        ("at what time does the shop open", .question),
        ("excuse me where is the station", .question),
        ("Have a great weekend?", .question),
        // An auxiliary before a word it does not agree with is a command (`do it`, `have it`);
        // with `please`, one before a noun phrase too. `please` after a pronoun still asks.
        ("do it again please", .command),
        ("do that again please", .command),
        ("have it ready by noon please", .command),
        ("do the dishes please", .command),
        ("have the car ready please", .command),
        ("do you have a room please", .question),
        ("does it hurt", .question),
        ("do the trains run on sunday", .question),
        ("has he called", .question),
        // Statements.
        ("i would like a coffee", .statement),
        ("the bus is late", .statement),
        ("we have a reservation", .statement),
    ])
    func english(_ text: String, _ mood: SentenceStyle.Mood) {
        #expect(SentenceStyle.mood(of: text, pack: .named("en")) == mood)
    }

    @Test("Spanish", arguments: [
        // Wishes: `que` before a subjunctive, and listed openings.
        ("que te vaya bien", SentenceStyle.Mood.wish),
        ("que lo pases bien", .wish),
        ("que aproveche", .wish),
        ("que tenga un buen viaje", .wish),
        ("buen viaje", .wish),
        // Statements that open with a word that may ask.
        ("como tú digas", .statement),
        ("como quiera", .statement),
        ("cuando llegue te llamo", .statement),
        // Commands.
        ("siga recto hasta la plaza", .command),
        ("no se preocupe", .command),
        ("no te preocupes por eso", .command),
        ("pase por aquí por favor", .command),
        // Exclamations.
        ("qué bonito", .exclamation),
        ("qué calor hace", .exclamation),
        ("qué día tan bonito", .exclamation),
        // Questions, accented and not.
        ("qué hora es", .question),
        ("que hora es", .question),
        ("dónde está la farmacia", .question),
        ("donde esta el baño", .question),
        ("cómo se dice esto en inglés", .question),
        ("a qué hora sale el tren", .question),
        ("me puede ayudar", .question),
        ("¿Qué número calza?", .question),
        // A choice offered to the listener asks without marks.
        ("quieren postre o café", .question),
        ("prefiere sentarse dentro o fuera", .question),
        // Yes/no questions typed without marks: listed openings, a verb of knowing before a
        // question word or `si`, a closing offer.
        ("se puede fumar aquí", .question),
        ("le importa si abro la ventana", .question),
        ("hay algún cajero cerca", .question),
        ("sabe dónde está la estación", .question),
        ("sabes si abren mañana", .question),
        ("necesita algo más", .question),
        ("sabes que te quiero", .statement),
        ("se puede fumar aquí.", .statement),
        ("hay algo raro aquí", .statement),
        ("la verdad", .statement),
        // Statements.
        ("el tren sale a las ocho", .statement),
        ("a que no lo sabes", .statement),
        ("quieren ir a la playa", .statement),
        ("mi hermano quiere té o café", .statement),
        ("quiere agua o zumo.", .statement),
    ])
    func spanish(_ text: String, _ mood: SentenceStyle.Mood) {
        #expect(SentenceStyle.mood(of: text, pack: .named("es")) == mood)
    }

    @Test("a wish is written as an exclamation, a command with a full stop", arguments: [
        ("es", SentenceStyle.Mood.wish, "que tenga un buen día", "¡Que tenga un buen día!"),
        ("en", .wish, "have a nice day", "Have a nice day!"),
        ("en", .command, "come in", "Come in."),
        ("es", .command, "pase", "Pase."),
    ])
    func wishesAndCommandsAreWrittenInTheirMood(_ language: String, _ mood: SentenceStyle.Mood, _ body: String, _ expected: String) {
        #expect(SentenceStyle.sentence(body, mood: mood, pack: .named(language)) == expected)
    }

    @Test func aLanguageWithoutAPackIsReadByItsMarksAlone() {
        #expect(SentenceStyle.mood(of: "kuinka paljon", pack: .named("fi")) == .statement)
        #expect(SentenceStyle.mood(of: "kuinka paljon?", pack: .named("fi")) == .question)
    }
}

/// A question word that opens a clause (a subject pronoun right after it) makes a statement
/// or, after an adjective, an exclamation.
@Suite("clauses opened by question words")
struct ClauseMoodTests {
    @Test(arguments: [
        ("en", "where i come from it rains a lot", SentenceStyle.Mood.statement),
        ("en", "when we arrive we will call you", .statement),
        ("en", "how cold it is today", .exclamation),
        ("en", "how much is it", .question),
        ("en", "where do you come from", .question),
        ("es", "donde yo vivo llueve mucho", .statement),
        ("es", "como no llegaba el autobús cogimos un taxi", .statement),
        ("es", "dónde vive usted", .question),
    ])
    func clauses(_ language: String, _ text: String, _ mood: SentenceStyle.Mood) {
        #expect(SentenceStyle.mood(of: text, pack: .named(language)) == mood)
    }
}

@Suite("A sentence's end among others")
struct SentenceEndTests {
    @Test(arguments: [
        ("good morning.", "Buenos días", "Buenos días."),
        ("good morning", "Buenos días", "Buenos días"),
        ("where is it?", "¿Dónde está?", "¿Dónde está?"),
        ("my brother is tall.", "Mi hermano es alto.", "Mi hermano es alto."),
        ("wait…", "Espera", "Espera…"),
        ("good morning.", "", ""),
    ])
    func aTranslationWithoutAnEndGetsItsSourcesFullStop(source: String, translation: String, expected: String) {
        #expect(SentenceStyle.keepingEnd(of: source, translation) == expected)
    }
}
