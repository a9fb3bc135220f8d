import Foundation
import ParleyKit
import Synchronization

extension InterpretCommand {
    /// Live interpretation from the microphone until Enter or Ctrl-C (or the end of an input
    /// the microphone reads from): subtitles on standard output, each segment journaled.
    func runLive() -> Int32 {
        let renderer = InterpretationRenderer(output: output, json: options.json, live: Descriptor.isTerminal(STDERR_FILENO))
        let preferences = config.preferredLocales
        let recognition = RecognizerKind.standard.make(modelRoots: paths.modelRoots, preferences: preferences)
        if let missing = recognition.unavailableReason(options.source) {
            output.error(missing)
            return 1
        }
        recognition.prepare(options.source)
        let library = DictionaryLibrary(paths: paths)
        let translator = options.translator.make(library: library, translationRoots: paths.translationRoots)
        guard translator.engine(from: options.source, to: options.target) != nil else {
            output.error(ParleyError(.translation, .pairUnavailable, "Nothing translates \(options.source) into "
                + "\(options.target) with the \(translator.name) translator: parley translators \(options.source.language) "
                + "\(options.target.language) lists what is installed."))
            return 1
        }
        translator.prepare(from: options.source, to: options.target)
        // The voice is made and warmed (a neural voice loads for about a second) before the
        // microphone opens: the microphone keeps only its last second until listening starts.
        let voiceMaker: (synthesizer: any SpeechSynthesizing, voices: VoiceSettings)?
        do { voiceMaker = try options.speak ? makeSynthesizer(renderer: renderer) : nil } catch {
            output.error(error)
            return 1
        }
        let opening = ALSAAudioSession.openAvailable(input: options.input,
                                                     output: options.speak && !options.headphones ? options.output : nil)
        guard let session = opening.session, session.canCapture else {
            opening.session?.close()
            output.error(opening.failures[.capture] ?? ParleyError(.audio, .deviceUnavailable, "No microphone."))
            output.note("To interpret a recording instead, add --input-wav FILE (and --srt FILE for subtitles).")
            return 1
        }
        defer { session.close() }
        let voice: InterpretationVoice.Setup?
        do { voice = try voiceMaker.map { try voiceSetup($0, session: session, opening: opening) } } catch {
            output.error(error)
            return 1
        }
        let journal: TranscriptJournal?
        do {
            journal = try TranscriptJournal(folder: paths.dataDirectory.appendingPathComponent("transcripts"),
                                            name: "interpretation")
        } catch {
            journal = nil
            renderer.render(.problem(ParleyError.wrapping(error, stage: .storage, code: .unwritable)))
        }
        if !recognition.isReady(options.source), !options.json {
            output.note("Loading the speech model for \(options.source)…")
        }
        var configured = LiveInterpretation(source: options.source, target: options.target, recognition: recognition,
                                            translator: translator, journal: journal)
        configured.settings = options.segmentation
        let interpretation = configured
        let ending = Self.untilStopped { shouldStop in
            interpretation.run(listeningTo: session, speaking: voice, shouldStop: shouldStop, events: renderer.render).ending
        }
        for warning in library.takeWarnings() { output.note(warning) }
        if case .failed = ending { return 1 }
        return 0
    }

    /// The synthesizer `--speak` asks for, warmed for the target language, and the voices.
    private func makeSynthesizer(renderer: InterpretationRenderer) throws
        -> (synthesizer: any SpeechSynthesizing, voices: VoiceSettings) {
        let synthesizer = try VoiceRouter.withLexicons(paths: paths, preferences: config.preferredLocales) {
            renderer.render(.notice($0))
        }
        let voices = VoiceSettings(config: config)
        synthesizer.warmUp([voices.voice(for: options.target)])
        return (synthesizer, voices)
    }

    /// The voice: through the microphone's session in the same room, or through a session of
    /// its own with `--headphones`.
    private func voiceSetup(_ made: (synthesizer: any SpeechSynthesizing, voices: VoiceSettings), session: any AudioSession,
                            opening: AudioOpening) throws -> InterpretationVoice.Setup {
        let speaker: any AudioSession
        if options.headphones {
            speaker = try ALSAAudioSession(input: nil, output: options.output)
        } else {
            if let failure = opening.failures[.playback] { throw failure }
            speaker = session
        }
        return InterpretationVoice.Setup(synthesizer: made.synthesizer, session: speaker, sharesRoom: !options.headphones,
                                         voices: made.voices, allowedLag: options.speakLag ?? SpeechQueue.defaultLag)
    }

    /// Runs `work` on a thread of its own, handing it a `shouldStop` that turns true at Enter
    /// (a line on standard input) or Ctrl-C, and waits for it on this thread, which watches
    /// the keyboard. The end of standard input stops nothing: `parley interpret ko en < /dev/null`
    /// interprets until Ctrl-C.
    static func untilStopped<Result: Sendable>(_ work: @escaping @Sendable (@escaping () -> Bool) -> Result) -> Result {
        _ = InterruptPipe.descriptor
        let stop = Atomic<Bool>(false)
        let result = Mutex<Result?>(nil)
        let done = DispatchSemaphore(value: 0)
        // Without a wake pipe (no descriptor left) the loop still sees the result within 200 ms.
        let wake = try? WakePipe()
        let thread = Thread {
            let value = work { stop.load(ordering: .relaxed) }
            result.withLock { $0 = value }
            wake?.wake()
            done.signal()
        }
        thread.name = "parley.interpretation-listening"
        thread.start()
        var watchKeyboard = true
        while result.withLock({ $0 == nil }) {
            let ready = (try? Descriptor.wait(for: [(wake?.descriptor ?? -1, .readable), (InterruptPipe.descriptor, .readable),
                                                    (watchKeyboard ? STDIN_FILENO : -1, .readable)], milliseconds: 200)) ?? []
            guard !ready.isEmpty else { continue }
            if InterruptPipe.take() { stop.store(true, ordering: .relaxed) }
            if ready.contains(STDIN_FILENO) {
                var buffer = [UInt8](repeating: 0, count: 4_096)
                let count = (try? Descriptor.read(STDIN_FILENO, into: &buffer)) ?? 0
                if count > 0, buffer[0..<count].contains(UInt8(ascii: "\n")) { stop.store(true, ordering: .relaxed) }
                if count == 0 { watchKeyboard = false }
            }
        }
        done.wait()
        return result.withLock { $0 }!
    }
}
