@testable import ParleyKit
import Testing

/// The `:` command language every front end shares: what each line asks for, and how a
/// line that cannot be a command is explained.
@Suite("Conversation commands")
struct ConversationCommandTests {
    static let state = ConversationSnapshot(conversation: Conversation(first: LocaleTag(language: "en", region: "US"),
                                                                       second: LocaleTag(language: "es", region: "ES")))

    static func parse(_ line: String, state: ConversationSnapshot = state) -> Result<ConversationCommand, CommandMistake> {
        ConversationCommand.parse(line, state: state)
    }

    @Test(arguments: [
        ("", ConversationCommand.listen), ("   ", .listen), ("  good morning ", .typedTurn("good morning")),
        ("no:si", .typedTurn("no:si")), (":q", .quit), (":exit", .quit), (":?", .help), (":swap", .swap),
        (":pair en ko", .pair(["en", "ko"])), (":pair en:ko", .pair(["en", "ko"])), (":pair en", .pair(["en"])),
        (":voice Joe Medium", .voice("Joe Medium")), (":rate 1.5", .rate(1.5)), (":say buenos días", .say("buenos días")),
        (":alt 2", .useReading(2)), (":retype where is it", .retype("where is it")), (":endpoint off", .endpoint(.off)),
        (":endpoint 0.8", .endpoint(.after(seconds: 0.8))), (":listen ~/a b.wav", .listenToRecording("~/a b.wav")),
        (":dictate", .dictate(nil)), (":dictate on", .dictate(true)), (":mute off", .mute(false)),
        (":auto on", .handsFree(true)), (":detect off", .detectLanguage(false)), (":save x.md", .save("x.md")),
        (":dict add good night = buenas noches", .addEntry(phrase: "good night", translation: "buenas noches")),
        (":translator", .translator(nil)), (":translator neural", .translator("neural")),
        (":device out null_sink", .device(.playback, "null_sink")), (":as es", .turn(asLanguage: "es", text: "")),
        (":as es hola  amigo", .turn(asLanguage: "es", text: "hola  amigo")),
    ])
    func aLineAsksFor(line: String, command: ConversationCommand) throws {
        #expect(try Self.parse(line).get() == command)
    }

    @Test(arguments: [
        (":frobnicate", "Unknown command :frobnicate. Type :help for the list."),
        (":alt 0", "Write :alt 2"), (":alt two", "Write :alt 2"), (":rate fast", "Write :rate 1.5"),
        (":say", "Write it as :say"), (":retype", "Write :retype"), (":endpoint 9", "(now "),
        (":auto", "hands-free is off"), (":detect maybe", "language detection is on"), (":mute loud", "Write :mute"),
        (":dict add nothing", "Write it as :dict add"), (":device sideways x", "Write :device in NAME"),
        (":as", "Write :as es TEXT"), (":voice", "parley voices es lists them"), (":listen", "Write :listen FILE.wav"),
    ])
    func aLineThatCannotBeACommandSaysHowToWriteIt(line: String, hint: String) {
        guard case .failure(let mistake) = Self.parse(line) else {
            Issue.record("\(line) was read as a command")
            return
        }
        #expect(mistake.hint.contains(hint), "\(mistake.hint)")
    }

    /// The explanations name where the conversation stands.
    @Test func explanationsSayWhereTheConversationStands() {
        var state = Self.state
        state.handsFree = true
        state.endpoint = 0.45
        #expect((try? Self.parse(":auto", state: state).get()) == nil)
        if case .failure(let mistake) = Self.parse(":auto", state: state) { #expect(mistake.hint.contains("hands-free is on")) }
        if case .failure(let mistake) = Self.parse(":endpoint x", state: state) { #expect(mistake.hint.contains("(now 0.45 s)")) }
    }

    /// Every name offered for completion is a command the parser knows.
    @Test func everyCompletedNameIsACommand() {
        for name in ConversationCommand.names {
            if case .failure(let mistake) = Self.parse(name) { #expect(!mistake.hint.hasPrefix("Unknown command"), "\(name)") }
        }
    }
}
