import Foundation

/// Usage text for `parley --help` and `parley help COMMAND`.
enum HelpText {
    /// `parley --help`: every command's usage, from `CommandReference.all`, then `notes`.
    static var overview: String {
        var lines = ["parley — an offline two-way interpreter for the terminal.", "", "Usage:"]
        for command in CommandReference.all {
            for usage in command.usages { lines += usageLines(usage) }
        }
        lines += ["  parley --help | --version", "", notes]
        return lines.joined(separator: "\n")
    }

    /// The column summaries start at, and the width they wrap to.
    private static let summaryColumn = 38, width = 96

    /// A usage with its summary beside it when the usage is one short line, else below it.
    static func usageLines(_ usage: CommandReference.Usage) -> [String] {
        var lines = usage.lines.map { "  " + $0 }
        var summary = wrap(usage.summary, width: width - summaryColumn)[...]
        let indent = String(repeating: " ", count: summaryColumn)
        if lines.count == 1, lines[0].count < summaryColumn - 1, let first = summary.popFirst() {
            lines[0] = lines[0].padding(toLength: summaryColumn, withPad: " ", startingAt: 0) + first
        }
        return lines + summary.map { indent + $0 }
    }

    /// `text` in lines of at most `width` characters, broken at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return line.isEmpty ? lines : lines + [line]
    }

    /// What `--help` says after the usage (and the man page's description).
    static let notes = """
        Languages are tags such as en, en-US, es_ES or ko; a bare language means its
        preferred locale (en → en-US, es → es-ES, pt → pt-BR).
        Audio: the microphone and speaker are ALSA PCMs (default: the system's default
        device, PulseAudio/PipeWire where configured), opened once for the conversation.
        --input-wav FILE uses a recording as the microphone and --output-wav DIR writes
        each spoken utterance as a numbered WAV file instead.
        Translators: auto (default: your entries and the phrasebooks for whole phrases,
        then a neural model where one is installed for the direction, then Apertium
        where a mode for the pair is installed, else the dictionaries), neural (the
        model's own translation; your entries still win), dictionary (your entries, the
        phrasebooks, imported dictionaries) or apertium (rule-based engine; phrasebook
        and your entries still win exact matches). parley translators A B lists them.
        --endpoint S ends an utterance after S seconds of silence (0.3 to 3; default 0.45);
        --endpoint off leaves it to the recognizer (about 1 to 1.5 s).
        Voices: a neural (Piper) voice where one is installed for the language (parley
        install voice NAME), else espeak-ng. --voice NAME (repeatable) picks one for the side whose
        language it speaks; --voice espeak makes both sides use espeak-ng.
        --json reads a turn, an empty line (listen), a : command, {"side": "es", "text": …}
        (always a turn) or {"command": ":pair en ko"} a line, and writes every event as one
        JSON object a line (see the README).
        In a conversation, type :help for the commands.
        """

    static let doctor = """
        parley doctor — checks libvosk, the speech models, espeak-ng and its voices, the audio
        devices, the dictionaries, ONNX Runtime and each neural translation model (loaded and
        tried, with its licence), which engine translates each direction (a neural model,
        Apertium or the dictionaries) and readline. Each line says OK or the command that fixes it.
        Exits 1 when something the default pair (en-US ↔ es-ES) needs is missing.
        """

    static let translate = """
        parley translate --from A --to B [--json] [--translator auto|dictionary|apertium|neural] [TEXT]
          Translates TEXT, or each line of standard input when no TEXT is given.
          Unknown words are kept and shown in [brackets].
          --json   one JSON object a line, with the segments and where each came from
                   (user, phrasebook, dictionary, engine, neural, number, passthrough).
          auto prefers a direction's neural model (Models/translation/A-B/, or
          $PARLEY_TRANSLATION_MODELS/A-B/), then Apertium, then the dictionaries; a whole
          line that is one of your entries or a phrasebook's is translated by the entry.
        """

    static let install = """
        parley install model LOCALE
          Fetches the Vosk speech model of LOCALE (en, en-US, es-ES, ko-KR, fr-FR, …); a
          bare language picks its preferred locale.
        parley install voice NAME
          Fetches a neural voice of the Piper voice collection (es_ES-davefx-medium,
          fr_FR-siwis-medium, …).
        parley install translation A-B
          Fetches the neural translation model for A→B (en-es, es-en, …).
        Every download is checked before it is used, as scripts/setup checks it (setup runs
        the same installer). What is installed already is installed again: parley names
        this command for a broken model. A parley run from its checkout installs into the
        checkout's Models/; an installed parley into ~/.local/share/parley/ (models/,
        voices/, translation/); $PARLEY_MODELS, $PARLEY_VOICES and
        $PARLEY_TRANSLATION_MODELS replace those folders. Needs the network, curl, unzip and
        python3 (setup installs them); downloads are cached in ~/.cache/parley.
        """

    static let dict = """
        parley dict add A B PHRASE TRANSLATION
          Adds (or replaces) your own entry for A → B. Your entries win over the shipped
          phrasebooks and imported dictionaries, and are saved at once.
        parley dict import FILE.index [--from A --to B]
          Imports a dictd dictionary such as Debian's dict-freedict-eng-spa
          (/usr/share/dictd/freedict-eng-spa.index and its .dict.dz), keeping the first sense
          of each headword. The languages come from the file name unless given.
        parley dict list
          Lists every direction that can be translated and which layers serve it.
        """

    static let say = """
        parley say TEXT --lang L [options]
          Speaks TEXT with a voice of L: an installed neural voice for it, else espeak-ng's;
          the exact locale first, else the language's preferred locale (en → en-US), else any
          voice of the language.
          --wav FILE          write a 16-bit WAV file (at the voice's rate) instead of playing
          --voice NAME        a neural voice (en_US-joe-medium), espeak for espeak-ng's, or an
                              espeak-ng voice, optionally with a variant: gmw/en-US+f2
                              (parley voices L lists them)
          --gender G          female or male (a neural voice of that gender, else espeak-ng's)
          --rate X            speed as a multiple of normal, 0.5 to 3 (espeak-ng: wpm = 175 × X;
                              neural voices: their own pace × X)
          --pitch N           0 to 100 (50 is normal; espeak-ng only)
          --volume N          0 to 200 (100 is normal)
          --pause-before S, --pause-after S
                              seconds of silence around the speech
          Defaults per language come from ~/.config/parley/config, e.g.
            [es]
            gender = female
            rate = 1.2
        """

    static let lexicon = """
        parley lexicon add LANG WORD PRONUNCIATION
          Says WORD as PRONUNCIATION whenever LANG is spoken: espeak-ng phonemes in double
          brackets ("[[t@m'A:toU]]") or a respelling ("tomahto"). Kept in
          ~/.config/parley/lexicon/LANG.tsv, one word, a tab and its pronunciation a line.
        """

    static let transcribe = """
        parley transcribe FILE.wav --lang L [--json] [--alternatives N] [--verbose]
          Transcribes a recording of any length into segments, one per stretch of speech.
          Reads PCM WAV (8, 16, 24 or 32-bit integer, or 32-bit float), any sample rate, mono
          or several channels (mixed down).
          --json             one JSON object: segments with start and end, text, alternatives,
                             and each word's start, end and confidence
          --alternatives N   readings per segment (1 to 10)
          --verbose          let Vosk log to stderr
        """

    static let interpret = """
        parley interpret A B [--speak [--headphones]] [--longest S] [--speak-lag S] [--json]
          Interprets continuous speech in A into B, without turns: a guide, a lecture, a talk.
          The words appear as they are heard; each stretch of speech is then shown with its
          translation under it, like subtitles, while the next is already being heard. Speech
          without pauses is cut at clause boundaries, at most --longest S seconds (default 6).
          Enter or Ctrl-C ends it. Every segment is journaled ("kind": "segment", with its
          times) in ~/.local/share/parley/transcripts/interpretation-….jsonl.
          --speak            say each translation too. The microphone drops parley's own voice
                             while it speaks, so what is said meanwhile is lost;
          --headphones       a speaker the microphone cannot hear (--output PCM): listening goes on
          --speak-lag S      when the voice falls more than S seconds behind (default 10), it
                             skips to the newest translation and says so
        parley interpret A B --input-wav FILE.wav|- [--srt FILE] [--vtt FILE]
                             [--subtitles original|translation|both] [--json]
          A recording of any length (or - for standard input) into subtitles, faster than real
          time: heard as parley transcribe hears it, each cue timed by its words and at most
          --longest S seconds. --subtitles picks what the cues show (default: translation).
          A subtitle path that is a folder, device or pipe is refused before anything is heard.
        """

    /// `parley help TOPIC`: the command's details where it has some, else the overview.
    static func text(for topic: String?) -> String {
        topic.flatMap { CommandReference.named($0)?.details } ?? overview
    }
}
