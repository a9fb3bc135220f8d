import ParleyKit

/// What the user asked parley to do, parsed from the command line.
public enum Command: Equatable, Sendable {
    /// Hold a conversation between two locales (the default command).
    case conversation(ConversationOptions)
    /// Check every component and say how to fix what is missing.
    case doctor
    /// Translate text given as arguments, or each line of standard input.
    case translate(TranslateOptions)
    /// Add or replace one of the user's dictionary entries.
    case dictAdd(source: LocaleTag, target: LocaleTag, phrase: String, translation: String)
    /// Import a dictd (FreeDict) dictionary as the imported layer of its pair.
    case dictImport(path: String, source: LocaleTag?, target: LocaleTag?)
    /// List the dictionaries and the directions they serve.
    case dictList
    /// Transcribe a WAV recording.
    case transcribe(TranscribeOptions)
    /// Interpret continuous speech: live from the microphone, or a recording into subtitles.
    case interpret(InterpretOptions)
    /// Speak text (or write it to a WAV file) without translating.
    case say(SayOptions)
    /// List the ALSA PCMs and whether each opens.
    case devices
    /// List the voices, all or for one language.
    case voices(LocaleTag?)
    /// List what translates each direction of a pair (or of every served direction), in the order auto uses them.
    case translators(LocaleTag?, LocaleTag?)
    /// Fetch and check a speech model, a neural voice or a neural translation model.
    case install(InstallRequest)
    /// Set how a word is pronounced in a language.
    case lexiconAdd(language: LocaleTag, word: String, pronunciation: String)
    /// Load-test one speech model folder (`parley check-model LOCALE FOLDER`): run by
    /// `parley doctor` in a child process, so Kaldi's errors stay out of the doctor's own.
    /// Not listed in the help.
    case checkModel(locale: LocaleTag, folder: String)
    /// Print usage (for a command, when named).
    case help(String?)
    /// Print the manual page parley(1) in troff (`parley help --man`), made from the same
    /// command table as the help.
    case manPage
    /// Print a shell's completion script, or words a completion script asks for.
    case completions(CompletionRequest)
    /// Print the version.
    case version
}

/// What `parley install` fetches.
public enum InstallRequest: Equatable, Sendable {
    /// The speech model of a locale (a bare language already resolved to its preferred one).
    case model(LocaleTag)
    /// A Piper voice, by its name in the Piper voice collection.
    case voice(String)
    /// The neural translation model of one direction.
    case translation(source: String, target: String)
}

/// Options of a conversation.
public struct ConversationOptions: Equatable, Sendable {
    /// The side that speaks first.
    public var first: LocaleTag
    /// The other side.
    public var second: LocaleTag
    /// Print Vosk's and other libraries' diagnostics.
    public var verbose = false
    /// The translation backend.
    public var translator = TranslatorKind.auto
    /// ALSA PCM names for the microphone and the speaker.
    public var input = "default"
    public var output = "default"
    /// A recording to use as the microphone, and a folder for the spoken utterances,
    /// instead of ALSA devices.
    public var inputWAV: String?
    public var outputWAV: String?
    /// Show translations without speaking them.
    public var mute = false
    /// Read turns and commands a line at a time and write every event as a JSON object a
    /// line, for scripts and other programs (`--json`).
    public var json = false
    /// How much trailing silence ends an utterance, when given on the command line (else
    /// the config's `[conversation] endpoint`, else `Endpointer.defaultSilence`).
    public var endpoint: EndpointSetting?
    /// Voices chosen with `--voice`, each for the side whose language it speaks
    /// (`espeak` for both).
    public var voices: [VoiceRequest] = []

    /// The default pair, en-US ↔ es-ES.
    public static let defaultPair = ConversationOptions(
        first: LocaleTag(language: "en", region: "US"), second: LocaleTag(language: "es", region: "ES"))
}

/// Options of `parley translate`.
public struct TranslateOptions: Equatable, Sendable {
    /// The language translated from.
    public var source: LocaleTag
    /// The language translated to.
    public var target: LocaleTag
    /// The text; empty means each line of standard input.
    public var text: String?
    /// Print JSON with the segments and their origins instead of plain text.
    public var json = false
    /// The translation backend.
    public var translator = TranslatorKind.auto
    /// Translate a line that is clearly in the target language the other way (`--detect`).
    public var detect = false
}

/// A command line that cannot be understood; parley prints it with a usage hint and exits 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong and what to type instead.
    public let message: String

    /// Creates a usage error.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// Options of `parley say`.
public struct SayOptions: Equatable, Sendable {
    /// What to say.
    public var text: String
    /// The language to say it in.
    public var locale: LocaleTag
    /// Write a WAV file here instead of playing.
    public var wavPath: String?
    /// A voice by name, overriding the locale's choice.
    public var voice: String?
    /// Female or male.
    public var gender: VoiceGender?
    /// Speed multiplier, pitch, volume and pauses given on the command line.
    public var rate: Double?
    public var pitch: Int?
    public var volume: Int?
    public var pauseBefore: Double?
    public var pauseAfter: Double?
}

/// Options of `parley transcribe`.
public struct TranscribeOptions: Equatable, Sendable {
    /// The WAV file.
    public var path: String
    /// The language spoken in it.
    public var locale: LocaleTag
    /// Print JSON (segments, words, alternatives) instead of text.
    public var json = false
    /// Readings per segment.
    public var alternatives = 1
    /// Let Vosk log to stderr.
    public var verbose = false
}

/// What `parley completions` prints.
public enum CompletionRequest: Equatable, Sendable {
    /// The completion script of a shell (`parley completions bash`).
    case script(Shell)
    /// The installed voices' names, one a line (`parley completions --voices`): the scripts
    /// ask at completion time, so a voice installed later is offered too.
    case voices
}

/// A shell parley writes completions for.
public enum Shell: String, CaseIterable, Equatable, Sendable {
    /// GNU bash: a `_parley` function registered with `complete -F`.
    case bash
    /// zsh: a `_parley` function for a folder on `fpath`.
    case zsh
    /// fish: `complete` lines.
    case fish
}
