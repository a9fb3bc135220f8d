import Foundation
import Testing
import ParleyKit
@testable import ParleyCLI

/// The command table that --help, the man page and the completions are made from, held
/// against the parser, so none of them offers what parley refuses.
@Suite("Command table, man page and completions")
struct CommandReferenceTests {
    /// A command line that reaches `option` of `command` (its required words filled in).
    static func line(_ command: CommandReference, _ option: OptionReference) -> [String] {
        let value: [String] = option.placeholder == nil ? [] : [sample(option.kind)]
        let base: [String] = switch command.name {
        case "translate": ["translate", "--from", "en", "--to", "es", "hola"]
        case "transcribe": ["transcribe", "a.wav", "--lang", "ko"]
        case "say": ["say", "hola", "--lang", "es"]
        case "dict": ["dict", "import", "f.index"]
        default: command.name.isEmpty ? [] : [command.name]
        }
        return base + [option.names[0]] + value
    }

    static func sample(_ kind: ValueKind?) -> String {
        switch kind {
        case .language, .otherLanguage: "ko"
        case .translator: "dictionary"
        case .voice: "espeak"
        case .gender: "female"
        case .shell: "bash"
        default: "1"
        }
    }

    static let commandOptions = CommandReference.all.flatMap { command in command.options.map { (command.name, $0.names[0]) } }

    @Test(arguments: commandOptions)
    func everyOptionInTheTableIsOneTheParserTakes(command name: String, flag: String) throws {
        let command = try #require(CommandReference.named(name))
        let option = try #require(command.options.first { $0.names[0] == flag })
        do {
            _ = try CommandLineParser.parse(Self.line(command, option))
        } catch let error as UsageError {
            // dict import wants --from and --to together; anything but an unknown option is fine.
            #expect(!error.message.contains("Unknown option"), "\(Self.line(command, option)): \(error.message)")
        }
    }

    @Test func everyCommandHasHelpAndEveryHelpTopicIsACommand() throws {
        let help = HelpText.overview
        for name in CommandReference.commandNames {
            #expect(help.contains("parley \(name)"), "--help lacks \(name)")
            #expect(try CommandLineParser.parse([name, "--help"]) == .help(name))
        }
        #expect(try CommandLineParser.parse(["help", "--man"]) == .manPage)
        #expect(try CommandLineParser.parse(["completions", "zsh"]) == .completions(.script(.zsh)))
        #expect(try CommandLineParser.parse(["completions", "--voices"]) == .completions(.voices))
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["completions", "tcsh"]) }
    }

    @Test func theManPageIsTroffWithEveryCommandAndOption() {
        let page = ManPage.render(version: "9.9.9 (commit abc)")
        #expect(page.hasPrefix(".\\\" Generated"))
        #expect(page.contains(".TH PARLEY 1 \"\" \"parley 9.9.9 (commit abc)\""))
        let requests: Set<String> = [".\\\"", ".TH", ".SH", ".TP", ".PP", ".RS", ".RE", ".nf", ".fi"]
        for line in page.split(separator: "\n") where line.hasPrefix(".") {
            #expect(requests.contains(String(line.split(separator: " ")[0])), "not a request parley writes: \(line)")
        }
        let nonASCII = page.unicodeScalars.filter { !$0.isASCII }
        #expect(nonASCII.isEmpty, "characters beyond ASCII are written as \\[uXXXX]")
        for command in CommandReference.commandNames { #expect(page.contains("\\fBparley \(command)")) }
        for option in CommandReference.all.flatMap(\.options) + CommandReference.global {
            #expect(page.contains("\\fB" + ManPage.escape(option.names[0]) + "\\fR"), "\(option.names[0])")
        }
        #expect(ManPage.escape(".start -x é\\") == "\\&.start \\-x \\[u00E9]\\e")
    }

    @Test(arguments: Shell.allCases)
    func theCompletionScriptsOfferEveryCommandAndTheLocaleTable(shell: Shell) {
        let script = ShellCompletions().script(for: shell)
        for name in CommandReference.commandNames { #expect(script.contains(name)) }
        for tag in ["en", "en-US", "ko-KR", "pt-BR", "el-GR"] { #expect(script.contains(" \(tag) ") || script.contains(" \(tag)\"")) }
        #expect(script.contains("completions --voices"))
        // Option values with a fixed set of words are offered: interpret's --subtitles.
        #expect(script.contains("original translation both"), "\(shell)")
    }

    @Test func theBashScriptIsValidBash() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parley-completion-\(UUID()).bash")
        try ShellCompletions().bash.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-n", file.path]
        try bash.run()
        bash.waitUntilExit()
        #expect(bash.terminationStatus == 0)
    }

    @Test func theVersionNamesTheCommit() {
        #expect(ParleyApp.versionLine.hasPrefix("parley \(ParleyApp.version) ("))
        #expect(ParleyApp.versionLine.contains("commit") && !ParleyApp.commit.isEmpty)
    }
}
