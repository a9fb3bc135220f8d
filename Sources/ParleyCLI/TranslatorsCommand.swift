import Foundation
import ParleyKit

/// `parley translators [A B]`: what translates each direction, in the order `auto` picks:
/// the phrasebooks' and the user's whole lines, the neural model (with its licence and
/// published score), the Apertium mode, the dictionary layers. Nothing is loaded.
struct TranslatorsCommand {
    let paths: DataPaths
    let output: TerminalOutput

    /// Lists both directions of `pair`, or of every direction a model, mode or dictionary serves.
    func run(pair: (LocaleTag, LocaleTag)?) -> Int32 {
        let library = DictionaryLibrary(paths: paths)
        let neural = NeuralTranslator(roots: paths.translationRoots)
        let apertium = ApertiumTranslator()
        let directions: [LanguagePair]
        if let (first, second) = pair {
            directions = [LanguagePair(first, second), LanguagePair(second, first)]
        } else {
            var all = Set(library.availablePairs().keys).union(neural.catalog.models.keys).union(neural.catalog.problems.keys)
            for mode in apertium.installedModes() {
                let parts = mode.split(separator: "-")
                if parts.count == 2, let pair = Self.pair(String(parts[0]), String(parts[1])) { all.insert(pair) }
            }
            directions = all.sorted()
        }
        for direction in directions {
            output.line("\(direction.source)→\(direction.target), in the order auto uses them:")
            let layers = library.availablePairs()[direction] ?? []
            if layers.contains(.user) || layers.contains(.phrasebook) {
                output.line("  entries     whole lines from " + layers.filter { $0 == .user || $0 == .phrasebook }
                    .map { $0 == .user ? "your dictionary" : "the phrasebooks" }.joined(separator: " and "))
            }
            if let model = neural.catalog.models[direction] {
                output.line("  neural      " + Self.describe(model))
            } else if let problem = neural.catalog.problems[direction] {
                output.line("  neural      broken: \(problem.message)")
            } else {
                output.line("  neural      none installed (parley install translation \(direction.source)-\(direction.target))")
            }
            let source = LocaleTag(language: direction.source), target = LocaleTag(language: direction.target)
            output.line("  apertium    " + (apertium.engine(from: source, to: target).map { "\($0) (GPL, Apertium)" }
                ?? "none installed (scripts/setup --pair \(direction.source)-\(direction.target))"))
            output.line("  dictionary  " + (layers.isEmpty ? "none" : layers.map(\.rawValue).joined(separator: ", ")))
        }
        if directions.isEmpty { output.line("No translator serves any direction: run scripts/setup.") }
        return 0
    }

    /// A pair from Apertium's ISO 639-3 or two-letter codes (`eng`, `en`), when it has two letters.
    static func pair(_ source: String, _ target: String) -> LanguagePair? {
        func twoLetters(_ code: String) -> String? {
            code.count == 2 ? code : Locale.LanguageCode(code).identifier(.alpha2)
        }
        guard let from = twoLetters(source), let to = twoLetters(target) else { return nil }
        return LanguagePair(from, to)
    }

    /// `Xenova/opus-mt-en-es (quantized, 110.2 MB); licence …; Tatoeba chrF 72.1 on its model card`.
    static func describe(_ model: TranslationModel) -> String {
        let size = (model.isQuantized ? "quantized, " : "") + String(format: "%.1f MB", Double(model.bytes) / 1e6)
        guard let card = model.card else {
            return "\(model.folder.path) (\(size)); licence unknown: no model.json, see where it came from"
        }
        return "\(card.name) (\(size)); licence \(card.licence)" + (card.score.map { "; \($0) on its model card" } ?? "")
    }
}
