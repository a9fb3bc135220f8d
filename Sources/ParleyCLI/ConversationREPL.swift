import Foundation
import ParleyKit

/// The conversation prompt. Each typed line is a turn; an empty line listens; lines that
/// start with `:` are commands (REPLCommands.swift). Every completed turn is shown,
/// journaled, spoken in the other side's voice, and passes the word.
final class ConversationREPL {
    var conversation: Conversation
    var translator: any Translating
    let library: DictionaryLibrary
    let reader: LineReader
    let output: TerminalOutput
    let paths: DataPaths
    let recognition: (any SpeechRecognizing)?
    var audio: (any AudioSession)?
    var options: ConversationOptions
    var speech: SpeechSettingsBook
    var journal: TranscriptJournal?
    var records: [TurnRecord] = []
    var lastSpoken: (text: String, locale: LocaleTag)?
    var dictating = false
    var handsFree = false
    var muted: Bool
    lazy var synthesizer: Result<EspeakSynthesizer, ParleyError> = Result {
        try EspeakSynthesizer(preferences: speech.preferredLocales, lexicons: SayCommand.lexicons(paths: paths, output: output))
    }.mapError { $0 as? ParleyError ?? ParleyError(.synthesis, "\($0)") }
    var streams: [String: any RecognitionStream] = [:]

    init(options: ConversationOptions, paths: DataPaths, output: TerminalOutput) {
        self.options = options
        self.paths = paths
        self.output = output
        conversation = Conversation(first: options.first, second: options.second)
        library = DictionaryLibrary(paths: paths)
        translator = options.translator.make(library: library)
        reader = LineReader(historyFile: paths.dataDirectory.appendingPathComponent("history"))
        let speech = SpeechSettingsBook(config: ConfigFile.load(paths.configFile))
        self.speech = speech
        muted = options.mute
        recognition = (try? VoskLibrary.shared.get()).map { _ in
            VoskRecognition(store: ModelStore(roots: paths.modelRoots, preferences: speech.preferredLocales))
        }
    }

    /// Runs until end of input or `:quit`; returns the exit status.
    func run() -> Int32 {
        recognition?.prepare(options.first)
        recognition?.prepare(options.second)
        openJournal()
        do { audio = try openAudio() } catch { output.note(Self.audioAbsentMessage(error)) }
        for note in StartupCheck(paths: paths, options: options).notes() { output.note(note) }
        updateCompletions()
        if reader.isInteractive { output.line("Type a sentence, or press Enter on an empty line to speak. :help lists the commands.") }
        while let line = reader.readLine(prompt: prompt) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                listen()
            } else if trimmed.hasPrefix(":") || isPairShorthand(trimmed) {
                if !handleCommand(trimmed) { break }
            } else {
                takeTurn(text: trimmed, alternatives: [], mode: "typed")
            }
        }
        return 0
    }

    var prompt: String {
        let mode = dictating ? " dictation" : ""
        return dictating ? "\(conversation.speakerLocale)\(mode) › "
            : "\(conversation.speakerLocale) → \(conversation.listenerLocale) › "
    }

    /// Completes a turn: translates (or, dictating, keeps) `text`, shows and journals it,
    /// speaks it in the listener's voice, and passes the word.
    func takeTurn(text: String, alternatives: [String], mode: String) {
        let speaker = conversation.speakerLocale
        let listener = dictating ? speaker : conversation.listenerLocale
        let translation: Translation
        do {
            translation = dictating ? Self.dictation(text, locale: speaker)
                : try translator.translate(text, from: speaker, to: listener)
        } catch {
            output.error(error)
            return
        }
        for warning in library.takeWarnings() { output.note(warning) }
        guard !translation.segments.isEmpty else {
            output.note("Nothing to translate: the line has no words.")
            return
        }
        // Journaled before it is shown: a turn the person has seen is already on disk.
        let record = TurnRecord(side: conversation.current, mode: dictating ? "dictation" : mode,
                                translation: translation, alternatives: alternatives)
        records.append(record)
        do { try journal?.append(record) } catch { output.error(error) }
        output.turn(translation, alternatives: alternatives)
        speak(translation.text, in: listener)
        if !dictating { conversation.complete(translation) }
    }

    /// Speaks `text` in `locale`'s voice through the session (unless muted or without audio).
    func speak(_ text: String, in locale: LocaleTag) {
        lastSpoken = (text, locale)
        guard !muted, let audio else { return }
        do {
            let synthesizer = try self.synthesizer.get()
            let output = SpeechOutput(synthesizer: synthesizer, session: audio)
            _ = try output.speak(text, voice: try speech.voice(for: locale), settings: try speech.settings(for: locale),
                                 interrupted: { [reader] in reader.takeInterrupt() })
        } catch let error as ParleyError where error.stage == .audio {
            deviceFailed(error)
        } catch {
            output.error(error)
        }
    }

    /// The audio device failed: say so once and carry on in typed mode.
    func deviceFailed(_ error: ParleyError) {
        output.note("\(error.message) Continuing in typed mode; :devices lists devices and :device in|out NAME picks one.")
        (audio as? ALSAAudioSession)?.close()
        audio = nil
    }

    func openJournal() {
        do {
            journal = try TranscriptJournal(folder: paths.dataDirectory.appendingPathComponent("transcripts"))
        } catch {
            output.error(error)
        }
    }

    /// The session from the options: files when --input-wav/--output-wav are given, else ALSA.
    func openAudio() throws -> any AudioSession {
        if options.inputWAV != nil || options.outputWAV != nil {
            return try FileAudioSession(inputWAV: options.inputWAV.map { URL(fileURLWithPath: $0) },
                                        outputFolder: options.outputWAV.map { URL(fileURLWithPath: $0) })
        }
        return try ALSAAudioSession(input: options.input, output: options.output)
    }

    static func audioAbsentMessage(_ error: any Error) -> String {
        let message = (error as? ParleyError)?.message ?? "\(error)"
        return message.contains("no audio device")
            ? "No audio device: parley works in typed mode (translations are shown, not spoken). "
              + "Use --input-wav/--output-wav for recordings, or :devices to look for one."
            : "\(message) Continuing in typed mode."
    }

    static func dictation(_ text: String, locale: LocaleTag) -> Translation {
        let mood = SentenceStyle.mood(of: text, language: locale.language)
        let styled = SentenceStyle.sentence(text, mood: mood, language: locale.language)
        return Translation(sourceText: text, source: locale, target: locale, text: styled,
                           segments: [TranslationSegment(source: PhraseText.key(text), target: styled, origin: .user)])
    }

    func isPairShorthand(_ word: String) -> Bool {
        !word.hasPrefix(":") && !word.contains(" ") && word.split(separator: ":").count == 2
            && word.split(separator: ":").allSatisfy { (try? LocaleTag(parsing: String($0))) != nil }
    }

    /// Commands and locale tags for tab completion.
    func updateCompletions() {
        let installed = ModelStore(roots: paths.modelRoots).installed().map(\.locale.identifier)
        let locales = Set(installed + [options.first.identifier, options.second.identifier]
            + ["en-US", "en-GB", "es-ES", "es-MX", "pt-BR", "fr-FR", "de-DE", "it-IT", "ko-KR", "ja-JP", "zh-CN"])
        LineReader.completions.withLock { $0 = REPLCommands.names + locales.sorted() + ["on", "off", "female", "male", "in", "out"] }
    }
}
