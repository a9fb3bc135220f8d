import ParleyKit
import Testing

/// Questions a recogniser wrote without marks, told apart from statements by their opening words.
struct QuestionMoodTests {
    @Test(arguments: [
        ("es", "a qué hora abre el museo", SentenceStyle.Mood.question),
        ("es", "en qué parada me bajo", .question),
        ("es", "de dónde sale el tren", .question),
        ("es", "desde cuándo le duele", .question),
        ("es", "a que no lo sabes", .statement),
        ("es", "en la estación hay un banco", .statement),
        ("en", "at what time does the shop open", .question),
        ("en", "from which platform does it leave", .question),
        ("en", "at the station there is a bank", .statement),
        ("en", "in what", .statement),
    ])
    func aPrepositionBeforeAQuestionWordAsks(_ language: String, _ text: String, _ mood: SentenceStyle.Mood) {
        #expect(SentenceStyle.mood(of: text, pack: .named(language)) == mood)
    }
}
