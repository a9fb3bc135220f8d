import ParleyKit

/// What a word on parley's command line stands for: completion offers candidates of this
/// kind, and the man page names it.
enum ValueKind: Equatable, Sendable {
    /// A language tag (`en`, `es-ES`).
    case language
    /// A language tag of another language than the word before (a conversation's second side).
    case otherLanguage
    /// A translator: auto, dictionary, apertium or neural.
    case translator
    /// An installed voice's name (neural or espeak-ng), or `espeak`.
    case voice
    /// female or male.
    case gender
    /// What subtitles show: original, translation or both.
    case subtitleContent
    /// A WAV file to read, or any file.
    case wavFile, file
    /// A folder.
    case directory
    /// A shell: bash, zsh or fish.
    case shell
    /// One of parley's commands (for `parley help`).
    case command
    /// Free text, a number or a device name: nothing to offer.
    case text
}

/// One option of a command, as `--help`, the man page and completion show it.
struct OptionReference: Sendable {
    /// The spellings, long first (`--verbose`, `-v`).
    let names: [String]
    /// What follows the option (`NAME`), nil for a flag.
    let placeholder: String?
    /// What the value is, for completion.
    let kind: ValueKind?
    /// One sentence for the man page.
    let summary: String

    init(_ names: String..., value placeholder: String? = nil, _ kind: ValueKind? = nil, summary: String) {
        self.names = names
        self.placeholder = placeholder
        self.kind = kind
        self.summary = summary
    }
}

/// One of parley's commands: the one table `--help`, `parley help --man` and
/// `parley completions` are generated from, so they cannot drift apart.
struct CommandReference: Sendable {
    /// The first word (`translate`); empty for the conversation, which has none.
    let name: String
    /// Its forms, each with what it does (`dict add`, `dict import`, `dict list`).
    let usages: [Usage]
    /// Words that may follow the name (`dict add|import|list`), each with its own arguments.
    let actions: [Action]
    /// What the positional words are, in order, for a command without actions.
    let arguments: [ValueKind]
    /// The command's options.
    let options: [OptionReference]
    /// `parley help NAME` (also `parley NAME --help`), when the command has more to say.
    let details: String?

    /// One form of a command: its usage lines and what it does.
    struct Usage: Sendable {
        /// Usage lines after the two-space indent; continuation lines carry their own indent.
        let lines: [String]
        /// What this form does, shown beside it.
        let summary: String
    }

    /// A word that follows a command's name (`add` in `dict add`), and what comes after it.
    struct Action: Sendable {
        let name: String
        let arguments: [ValueKind]

        init(_ name: String, _ arguments: [ValueKind] = []) {
            self.name = name
            self.arguments = arguments
        }
    }

    init(_ name: String, synopsis: [String], summary: String, actions: [Action] = [], arguments: [ValueKind] = [],
         options: [OptionReference] = [], details: String? = nil) {
        self.init(name, usages: [Usage(lines: synopsis, summary: summary)], actions: actions, arguments: arguments,
                  options: options, details: details)
    }

    init(_ name: String, usages: [Usage], actions: [Action] = [], arguments: [ValueKind] = [],
         options: [OptionReference] = [], details: String? = nil) {
        self.name = name
        self.usages = usages
        self.actions = actions
        self.arguments = arguments
        self.options = options
        self.details = details
    }

    /// Every command users see, in the order `--help` lists them.
    static let all: [CommandReference] = [
        CommandReference("", synopsis: [
            "parley [A B | A:B] [--translator NAME] [--input PCM] [--output PCM]",
            "       [--input-wav FILE] [--output-wav DIR] [--mute] [--endpoint S|off] [--voice NAME]",
            "       [--json] [--verbose]",
        ], summary: "hold a conversation (default: en-US ↔ es-ES)", arguments: [.language, .otherLanguage], options: [
            OptionReference("--translator", value: "NAME", .translator, summary: "auto (default), neural, apertium or dictionary."),
            OptionReference("--input", value: "PCM", .text, summary: "the ALSA PCM of the microphone (default: default)."),
            OptionReference("--output", value: "PCM", .text, summary: "the ALSA PCM of the speaker (default: default)."),
            OptionReference("--input-wav", value: "FILE", .wavFile, summary: "use a recording as the microphone."),
            OptionReference("--output-wav", value: "DIR", .directory, summary: "write each spoken utterance as a numbered WAV file."),
            OptionReference("--mute", summary: "show translations without speaking them."),
            OptionReference("--endpoint", value: "S|off", .text,
                            summary: "seconds of silence that end an utterance (0.3 to 3; default 0.45), or off."),
            OptionReference("--voice", value: "NAME", .voice,
                            summary: "a voice for the side whose language it speaks (repeatable); espeak for espeak-ng."),
            OptionReference("--json", summary: "read a turn or command a line (or {\"side\": \"es\", \"text\": …}, always a turn, or {\"command\": \":pair en ko\"}) and write every event as a JSON object a line."),
            OptionReference("--verbose", "-v", summary: "let Vosk and the other libraries log to standard error."),
        ]),
        CommandReference("devices", synopsis: ["parley devices"], summary: "list the ALSA devices and whether each opens"),
        CommandReference("doctor", synopsis: ["parley doctor"],
                         summary: "check every component and say how to fix what is missing", details: HelpText.doctor),
        CommandReference("translate", synopsis: ["parley translate --from A --to B [--json] [--translator NAME] [--detect] [TEXT]"],
                         summary: "translate TEXT, or each line of standard input", arguments: [.text], options: [
            OptionReference("--from", value: "A", .language, summary: "the language translated from."),
            OptionReference("--to", value: "B", .language, summary: "the language translated to."),
            OptionReference("--json", summary: "one JSON object a line, with the segments and where each came from."),
            OptionReference("--translator", value: "NAME", .translator, summary: "auto (default), neural, apertium or dictionary."),
            OptionReference("--detect", summary: "a line clearly in the --to language is translated into the --from language."),
        ], details: HelpText.translate),
        CommandReference("transcribe", synopsis: ["parley transcribe FILE.wav|- --lang L [--json] [--alternatives N]"],
                         summary: "transcribe a recording, any length", arguments: [.wavFile], options: [
            OptionReference("--lang", value: "L", .language, summary: "the language spoken in the recording."),
            OptionReference("--json", summary: "segments, words and alternatives as one JSON object."),
            OptionReference("--alternatives", value: "N", .text, summary: "readings per segment (1 to 10)."),
            OptionReference("--verbose", "-v", summary: "let Vosk log to standard error."),
        ], details: HelpText.transcribe),
        CommandReference("interpret", usages: [
            Usage(lines: ["parley interpret A B [--speak [--headphones]] [--longest S] [--speak-lag S]",
                          "         [--input PCM] [--output PCM] [--translator NAME] [--json]"],
                  summary: "interpret continuous speech live, without turns: subtitles as it is said (Enter or Ctrl-C ends)"),
            Usage(lines: ["parley interpret A B --input-wav FILE.wav|- [--srt FILE] [--vtt FILE]",
                          "         [--subtitles original|translation|both] [--longest S] [--json]"],
                  summary: "a recording into subtitle files, timed by its words, faster than real time"),
        ], arguments: [.language, .otherLanguage], options: [
            OptionReference("--input-wav", value: "FILE", .wavFile, summary: "interpret a recording (- for standard input) instead of the microphone."),
            OptionReference("--srt", value: "FILE", .file, summary: "write SubRip subtitles (from a recording)."),
            OptionReference("--vtt", value: "FILE", .file, summary: "write WebVTT subtitles (from a recording)."),
            OptionReference("--subtitles", value: "WHAT", .subtitleContent, summary: "original, translation (default) or both, one line under the other."),
            OptionReference("--longest", value: "S", .text, summary: "the most seconds of speech in one segment (2 to 15; default 6)."),
            OptionReference("--speak", summary: "say each translation; the microphone drops parley's own voice while it speaks."),
            OptionReference("--headphones", summary: "say each translation on a speaker the microphone does not hear, and keep listening."),
            OptionReference("--speak-lag", value: "S", .text, summary: "how far behind the voice may fall before it skips to the newest (2 to 60; default 10)."),
            OptionReference("--input", value: "PCM", .text, summary: "the ALSA PCM of the microphone (default: default)."),
            OptionReference("--output", value: "PCM", .text, summary: "the ALSA PCM of the speaker (default: default)."),
            OptionReference("--translator", value: "NAME", .translator, summary: "auto (default), neural, apertium or dictionary."),
            OptionReference("--json", summary: "every event as a JSON object a line."),
            OptionReference("--verbose", "-v", summary: "let Vosk log to standard error."),
        ], details: HelpText.interpret),
        CommandReference("say", synopsis: [
            "parley say TEXT --lang L [--wav FILE] [--voice NAME] [--gender female|male]",
            "          [--rate X] [--pitch N] [--volume N] [--pause-before S] [--pause-after S]",
        ], summary: "speak TEXT (or write it to a WAV file)", arguments: [.text], options: [
            OptionReference("--lang", value: "L", .language, summary: "the language to speak."),
            OptionReference("--wav", value: "FILE", .file, summary: "write a 16-bit WAV file instead of playing."),
            OptionReference("--voice", value: "NAME", .voice, summary: "a neural or espeak-ng voice (parley voices L lists them)."),
            OptionReference("--gender", value: "G", .gender, summary: "female or male."),
            OptionReference("--rate", value: "X", .text, summary: "speed as a multiple of normal, 0.5 to 3."),
            OptionReference("--pitch", value: "N", .text, summary: "0 to 100 (50 is normal; espeak-ng only)."),
            OptionReference("--volume", value: "N", .text, summary: "0 to 200 (100 is normal)."),
            OptionReference("--pause-before", value: "S", .text, summary: "seconds of silence before the speech."),
            OptionReference("--pause-after", value: "S", .text, summary: "seconds of silence after the speech."),
        ], details: HelpText.say),
        CommandReference("voices", synopsis: ["parley voices [LANG]"],
                         summary: "list the neural and espeak-ng voices, in the order parley picks them, with each neural voice's licence",
                         arguments: [.language], details: HelpText.say),
        CommandReference("translators", synopsis: ["parley translators [A B]"],
                         summary: "list what translates each direction, in the order auto uses them, with each neural model's licence",
                         arguments: [.language, .otherLanguage]),
        CommandReference("install", usages: [
            Usage(lines: ["parley install model LOCALE"], summary: "fetch and check the speech model of a locale"),
            Usage(lines: ["parley install voice NAME"], summary: "fetch and check a neural (Piper) voice"),
            Usage(lines: ["parley install translation A-B"], summary: "fetch and check the neural translation model for A→B"),
        ], actions: [Action("model", [.language]), Action("voice", [.text]), Action("translation", [.text])],
        details: HelpText.install),
        CommandReference("lexicon", synopsis: ["parley lexicon add LANG WORD PRONUNCIATION"],
                         summary: "fix how a word is pronounced", actions: [Action("add", [.language, .text, .text])],
                         details: HelpText.lexicon),
        CommandReference("dict", usages: [
            Usage(lines: ["parley dict add A B PHRASE TRANSLATION"], summary: "add your own dictionary entry"),
            Usage(lines: ["parley dict import FILE.index [--from A --to B]"], summary: "import a FreeDict (dictd) dictionary"),
            Usage(lines: ["parley dict list"], summary: "list the dictionaries and what they translate"),
        ], actions: [Action("add", [.language, .language, .text, .text]), Action("import", [.file]), Action("list")],
        options: [
            OptionReference("--from", value: "A", .language, summary: "dict import: the language of the headwords."),
            OptionReference("--to", value: "B", .language, summary: "dict import: the language of the translations."),
        ], details: HelpText.dict),
        CommandReference("completions", synopsis: ["parley completions bash|zsh|fish"],
                         summary: "print the shell completion script (scripts/setup installs them)", actions: Shell.allCases.map { Action($0.rawValue) }),
        CommandReference("help", synopsis: ["parley help [COMMAND]"], summary: "this text, or more about one command",
                         arguments: [.command]),
    ]

    /// Options every command takes.
    static let global = [
        OptionReference("--help", "-h", summary: "print the usage (of a command, when one is named) and exit."),
        OptionReference("--version", summary: "print the version and the commit parley was built from, and exit."),
    ]

    /// Every option that takes a value, in any command: completion skips its value when it
    /// looks for the command's words.
    static var optionsWithValues: [String] {
        var seen: Set<String> = []
        return all.flatMap(\.options).filter { $0.placeholder != nil }.flatMap(\.names).filter { seen.insert($0).inserted }
    }

    /// What the value of `flag` is, in any command (the table uses each flag for one kind).
    static func kind(ofValueOf flag: String) -> ValueKind? {
        all.flatMap(\.options).first { $0.names.contains(flag) }?.kind
    }

    /// The named commands (everything but the conversation).
    static var commandNames: [String] { all.map(\.name).filter { !$0.isEmpty } }

    /// The command named `name`; the conversation for "".
    static func named(_ name: String) -> CommandReference? { all.first { $0.name == name } }

    /// The language tags completion offers: every bare language of the locale table and its
    /// preferred locale (`en`, `en-US`, …).
    static func languageTags(_ preferences: PreferredLocales = .standard) -> [String] {
        preferences.preferredLocales.flatMap { [$0.language, $0.identifier] }
    }
}
