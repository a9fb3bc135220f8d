import Foundation
import ParleyKit

/// The conversation prompt: each typed line is a turn, translated for the other side;
/// lines starting with `:` are commands. Reads through `LineReader`, writes to stdout.
final class ConversationREPL {
    private var conversation: Conversation
    private var translator: any Translating
    private let library: DictionaryLibrary
    private let reader: LineReader
    private let output: TerminalOutput

    init(options: ConversationOptions, paths: DataPaths, output: TerminalOutput) {
        conversation = Conversation(first: options.first, second: options.second)
        library = DictionaryLibrary(paths: paths)
        translator = options.translator.make(library: library)
        reader = LineReader(historyFile: paths.dataDirectory.appendingPathComponent("history"))
        self.output = output
    }

    /// The help text for the prompt's commands.
    static let help = """
        Type a sentence and press Enter: it is translated for the other side, and the turn passes.
        Commands:
          :swap           the other side speaks next
          :pair A B       switch to another pair (also A:B), e.g. :pair en ko
          :dict add PHRASE = TRANSLATION
                          add your own entry for the current direction
          :translator NAME
                          translate with dictionary or apertium
          :history        the turns so far
          :help           this list
          :quit           end the conversation (Ctrl-D does too)
        """

    /// Runs until end of input or `:quit`; returns the exit status.
    func run(startupNotes: [String]) -> Int32 {
        for note in startupNotes { output.note(note) }
        if reader.isInteractive { output.line("Type :help for commands.") }
        while let line = reader.readLine(prompt: prompt) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                output.note("Listening needs a speech model and a microphone; type what you want to say.")
                continue
            }
            if trimmed.hasPrefix(":") || isPairShorthand(trimmed) {
                if !handleCommand(trimmed) { break }
            } else {
                takeTypedTurn(trimmed)
            }
        }
        return 0
    }

    private var prompt: String {
        "\(conversation.speakerLocale) → \(conversation.listenerLocale) › "
    }

    private func takeTypedTurn(_ text: String) {
        do {
            let translation = try translator.translate(text, from: conversation.speakerLocale,
                                                       to: conversation.listenerLocale)
            for warning in library.takeWarnings() { output.note(warning) }
            guard !translation.segments.isEmpty else {
                output.note("Nothing to translate: the line has no words.")
                return
            }
            output.turn(translation)
            conversation.complete(translation)
        } catch {
            output.error(error)
        }
    }

    /// Handles one command; returns false when the conversation should end.
    private func handleCommand(_ line: String) -> Bool {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        switch words[0] {
        case ":quit", ":q", ":exit":
            return false
        case ":help", ":h", ":?":
            output.line(Self.help)
        case ":swap":
            conversation.swap()
        case ":pair":
            switchPair(Array(words.dropFirst()))
        case let shorthand where isPairShorthand(shorthand):
            switchPair(shorthand.split(separator: ":").map(String.init))
        case ":dict":
            addEntry(line)
        case ":translator":
            switchTranslator(words.dropFirst().first)
        case ":history":
            if conversation.turns.isEmpty { output.line("No turns yet.") }
            for turn in conversation.turns {
                output.line("\(turn.translation.source): \(turn.translation.sourceText)")
                output.line("  \(turn.translation.target): \(turn.translation.markedText)")
            }
        default:
            output.note("Unknown command \(words[0]). Type :help for the list.")
        }
        return true
    }

    private func isPairShorthand(_ word: String) -> Bool {
        !word.hasPrefix(":") && !word.contains(" ") && word.split(separator: ":").count == 2
            && word.split(separator: ":").allSatisfy { (try? LocaleTag(parsing: String($0))) != nil }
    }

    private func switchPair(_ tags: [String]) {
        do {
            let options = try CommandLineParser.parseConversation(tags[...])
            guard tags.count == 2 else { throw UsageError("Name two languages: :pair en ko") }
            conversation.switchPair(first: options.first, second: options.second)
            output.line("Now \(options.first.displayName) ↔ \(options.second.displayName).")
        } catch {
            output.error(error)
        }
    }

    private func switchTranslator(_ name: String?) {
        guard let name else {
            output.line("Translating with \(translator.name). Choose with :translator "
                + TranslatorKind.allCases.map(\.rawValue).joined(separator: "|"))
            return
        }
        do {
            translator = try CommandLineParser.translatorKind(name).make(library: library)
            output.line("Translating with \(translator.name).")
        } catch {
            output.error(error)
        }
    }

    private func addEntry(_ line: String) {
        let usage = "Write it as :dict add good morning = buenos días"
        let body = line.dropFirst(":dict".count).trimmingCharacters(in: .whitespaces)
        guard body.hasPrefix("add "), let equals = body.firstIndex(of: "=") else {
            output.note(usage)
            return
        }
        let phrase = body[body.index(body.startIndex, offsetBy: 4)..<equals].trimmingCharacters(in: .whitespaces)
        let translation = body[body.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        let pair = LanguagePair(conversation.speakerLocale, conversation.listenerLocale)
        do {
            try library.addUserEntry(DictionaryEntry(source: phrase, target: translation), for: pair)
            output.line("Added for \(pair): \(phrase) → \(translation)")
        } catch {
            output.error(error)
        }
    }
}
