import CBuildInfo
import Foundation
import ParleyKit

/// The parley command: parses the arguments and runs what they ask for.
public enum ParleyApp {
    /// parley's version.
    public static let version = "0.1.0"

    /// The commit parley was built from (scripts/setup writes it into the build), or
    /// "unknown commit" for a build made without it.
    public static let commit = String(cString: parley_build_commit())

    /// What `parley --version` prints: `parley 0.1.0 (commit 1a2b3c4d5e6f)`.
    public static var versionLine: String {
        "parley \(version) (" + (commit == "unknown commit" ? commit : "commit \(commit)") + ")"
    }

    /// Runs parley with `arguments` (without the program name); returns the exit status:
    /// 0 on success, 1 when the work failed, 2 for a command line that cannot be parsed.
    public static func run(_ arguments: [String]) -> Int32 {
        let status = execute(arguments)
        // Results that could not be written are lost: that is a failure, whatever the command.
        let failed = TerminalOutput.failedWrite.load(ordering: .relaxed)
        guard failed == 0 else {
            TerminalOutput().note("Could not write the output: \(String(cString: strerror(failed))).")
            return 1
        }
        return status
    }

    private static func execute(_ arguments: [String]) -> Int32 {
        let output = TerminalOutput()
        if let warning = DescriptorLimit.ensureEnough() { output.note(warning) }
        let paths = DataPaths()
        // The config is read before the arguments, so its [locales] decide what a bare
        // language means everywhere.
        let config = ConfigFile.load(paths.configFile)
        let command: Command
        do {
            command = try CommandLineParser.parse(arguments, preferences: config.preferredLocales)
        } catch {
            output.note("\(error)")
            return 2
        }
        // Commands that use the settings say once what in them could not be used.
        switch command {
        case .conversation, .say, .transcribe, .interpret:
            for line in config.problemSummary() { output.note(line) }
        default:
            break
        }
        // Below this, starting threads and libraries crashes instead of failing.
        switch command {
        case .conversation, .say, .transcribe, .interpret:
            if let tooLittle = AddressSpaceLimit.shortfall(needed: AddressSpaceLimit.minimum, for: "parley cannot start",
                                                           stage: .configuration) {
                output.error(tooLittle)
                return 1
            }
        default:
            break
        }
        switch command {
        case .help(let topic):
            output.line(HelpText.text(for: topic))
            return 0
        case .version:
            output.line(versionLine)
            return 0
        case .manPage:
            output.line(ManPage.render(version: "\(version) (\(commit))"), terminator: "")
            return 0
        case .completions(.script(let shell)):
            output.line(ShellCompletions(preferences: config.preferredLocales).script(for: shell), terminator: "")
            return 0
        case .completions(.voices):
            output.line(ShellCompletions.installedVoices(paths: paths).joined(separator: "\n"))
            return 0
        case .doctor:
            let report = Doctor(paths: paths, config: config, loadModels: true).run()
            output.line(Installation.summary(paths: paths))
            output.line(Installation.pointingSetup(in: report.rendered, paths: paths))
            output.line(report.isHealthy ? "Everything the default pair needs is in place."
                : "Something the default pair needs is missing: run the commands shown after →.")
            return report.isHealthy ? 0 : 1
        case .translate(let options):
            return TranslateCommand(options: options, paths: paths, output: output).run()
        case .dictAdd(let source, let target, let phrase, let translation):
            return DictCommand(paths: paths, output: output).add(source: source, target: target,
                                                                 phrase: phrase, translation: translation)
        case .dictImport(let path, let source, let target):
            return DictCommand(paths: paths, output: output).importDictd(path: path, source: source, target: target)
        case .dictList:
            return DictCommand(paths: paths, output: output).list()
        case .transcribe(let options):
            return TranscribeCommand(options: options, paths: paths, preferences: config.preferredLocales, output: output).run()
        case .interpret(let options):
            return InterpretCommand(options: options, paths: paths, config: config, output: output).run()
        case .say(let options):
            return SayCommand(options: options, paths: paths, config: config, output: output).run()
        case .checkModel(let locale, let folder):
            return ModelCheckCommand.run(locale: locale, folder: folder, output: output)
        case .devices:
            DevicesCommand(output: output).run()
            return 0
        case .translators(let first, let second):
            return TranslatorsCommand(paths: paths, output: output).run(pair: first.flatMap { first in second.map { (first, $0) } })
        case .voices(let language):
            return SayCommand.listVoices(language: language, paths: paths, preferences: config.preferredLocales, output: output)
        case .install(let request):
            return InstallCommand(request: request, paths: paths, output: output).run()
        case .lexiconAdd(let language, let word, let pronunciation):
            do {
                try Lexicon.add(word: word, pronunciation: pronunciation, to: paths.lexiconFile(language: language.language))
                let stored = DictionaryFile.stored(DictionaryEntry(source: word, target: pronunciation))
                output.line("\(language.language): \(VisibleText.of(stored.source)) is now said as \(VisibleText.of(stored.target))")
                return 0
            } catch {
                output.error(error)
                return 1
            }
        case .conversation(let options):
            RecognizerKind.standard.setLogging(verbose: options.verbose)
            do {
                if options.json {
                    return try ConversationJSON(options: options, paths: paths, config: config, output: output).run()
                }
                return try ConversationREPL(options: options, paths: paths, config: config, output: output).run()
            } catch {
                output.error(error)
                return 1
            }
        }
    }
}
