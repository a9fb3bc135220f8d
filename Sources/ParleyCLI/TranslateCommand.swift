import Foundation
import ParleyKit

/// `parley translate`: one translation per argument text or per line of standard input.
struct TranslateCommand {
    let options: TranslateOptions
    let paths: DataPaths
    let output: TerminalOutput

    /// The JSON shape of one translation.
    struct JSONLine: Encodable {
        let source: String
        let target: String
        let text: String
        let translation: String
        let segments: [TranslationSegment]
        let unknown: [String]
    }

    func run() -> Int32 {
        let library = DictionaryLibrary(paths: paths)
        let translator = options.translator.make(library: library, translationRoots: paths.translationRoots)
        var status: Int32 = 0
        func translateOne(_ given: String) {
            // A control character inside the words is no word, and cut the engines' text short.
            let text = InputText.cleaned(given)
            do {
                // `--detect`: a line clearly in the target language goes the other way.
                let flipped = options.detect && translator.isClearly(options.target, not: options.source, text: text)
                let (source, target) = flipped ? (options.target, options.source) : (options.source, options.target)
                if flipped, !options.json { output.note("Detected \(source.language): translated \(source.language)→\(target.language).") }
                let translation = try translator.translate(text, from: source, to: target)
                for warning in library.takeWarnings() { output.note(warning) }
                output.line(options.json ? try json(translation) : translation.markedText)
            } catch {
                output.error(error)
                status = 1
            }
        }
        if let text = options.text {
            translateOne(text)
        } else {
            let input = BoundedLineReader()
            while status == 0, let line = input.next() {
                switch line {
                case .text(let text):
                    translateOne(text)
                case .tooLong(let bytes):
                    output.error(BoundedLineReader.tooLong(bytes: bytes))
                case .failed(let error):
                    output.error(BoundedLineReader.readFailure(errno: error))
                    status = 1
                }
            }
        }
        return status
    }

    private func json(_ translation: Translation) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let line = JSONLine(source: translation.source.identifier, target: translation.target.identifier,
                            text: translation.sourceText, translation: translation.text,
                            segments: translation.segments, unknown: translation.unknownWords)
        return String(decoding: try encoder.encode(line), as: UTF8.self)
    }
}
