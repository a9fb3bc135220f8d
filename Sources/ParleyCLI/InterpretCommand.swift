import Foundation
import ParleyKit

/// `parley interpret FROM TO`: continuous speech translated as it goes, live from the
/// microphone (InterpretCommand+Live.swift), or from a recording into subtitle files.
struct InterpretCommand {
    let options: InterpretOptions
    let paths: DataPaths
    let config: ConfigFile
    let output: TerminalOutput

    func run() -> Int32 {
        RecognizerKind.standard.setLogging(verbose: options.verbose)
        guard let path = options.inputWAV else { return runLive() }
        return runFromRecording(path)
    }

    /// The subtitle files asked for, checked before any decoding: a path that is a folder,
    /// a device or a pipe is refused at once, as `say --wav` refuses one.
    private func subtitleFiles() throws -> [(path: String, url: URL, format: SubtitleFormat)] {
        let asked: [(String?, SubtitleFormat)] = [(options.srt, .srt), (options.vtt, .vtt)]
        return try asked.compactMap { path, format in
            guard let path else { return nil }
            let url = URL(fileURLWithPath: path)
            _ = try RegularFile.replaceable(url, what: "the subtitle file", stage: .storage)
            let folder = url.deletingLastPathComponent()
            if let refusal = FileKind.refusal(toWrite: folder.path, searching: true) {
                throw ParleyError(.storage, .unwritable, "Cannot write \(path): the folder \(folder.path) is not "
                    + "writable or does not exist. Choose another path for the subtitles.", cause: refusal.cause)
            }
            return (path, url, format)
        }
    }

    /// A recording into subtitles: each segment shown (or a JSON line) as it is translated,
    /// the files written once the recording has been heard to its end.
    private func runFromRecording(_ path: String) -> Int32 {
        let files: [(path: String, url: URL, format: SubtitleFormat)]
        let input: RecordingInput
        do {
            files = try subtitleFiles()
            input = try RecordingInput(path: path)
        } catch {
            output.error(error)
            return 1
        }
        defer { withExtendedLifetime(input) {} }
        let renderer = InterpretationRenderer(output: output, json: options.json, live: false)
        let recognition = RecognizerKind.standard.make(modelRoots: paths.modelRoots, preferences: config.preferredLocales)
        let library = DictionaryLibrary(paths: paths)
        let translator = options.translator.make(library: library, translationRoots: paths.translationRoots)
        if translator.engine(from: options.source, to: options.target) == nil {
            output.error(ParleyError(.translation, .pairUnavailable, "Nothing translates \(options.source) into "
                + "\(options.target) with the \(translator.name) translator: parley translators \(options.source.language) "
                + "\(options.target.language) lists what is installed."))
            return 1
        }
        let interpreter = SegmentInterpreter(source: options.source, target: options.target, translator: translator,
                                             journal: nil, events: renderer.render)
        do {
            let progress = TranscriptionProgress(output: output, file: input.file, doing: "interpreting")
            let (segments, duration) = try FileInterpretation(recognition: recognition, longestSegment: options.segmentation.longestSegment)
                .interpret(input.file, named: input.errorName, with: interpreter,
                           onNotice: { renderer.render(.notice($0)) },
                           onProgress: { seconds in progress.show(seconds) })
            progress.clear()
            for warning in library.takeWarnings() { output.note(warning) }
            let cues = segments.compactMap { SubtitleCue.of($0, showing: options.subtitles) }
            for (path, url, format) in files {
                try AtomicFile.write(Data(SubtitleWriter.text(cues, format: format).utf8), to: url, stage: .storage,
                                     what: "the subtitle file")
                if !options.json { output.note("Wrote \(path): \(cues.count) subtitle\(cues.count == 1 ? "" : "s").") }
            }
            if segments.isEmpty, !options.json {
                output.note("No speech in \(input.shownName) (\(String(format: "%.1f", duration)) s of audio).")
            }
            if options.json { renderer.render(.ended(segments: segments.count, seconds: duration)) }
            return 0
        } catch {
            output.error(input.shown(error))
            return 1
        }
    }
}
