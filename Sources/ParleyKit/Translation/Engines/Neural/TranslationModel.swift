import Foundation

/// One installed neural translation model: a folder named by its direction (`en-es`) in the
/// layout of Hugging Face Optimum's ONNX export, as published for transformers.js: the
/// `.onnx` files at the folder's top or under `onnx/`, beside `config.json`,
/// `generation_config.json` and the tokenizer's `source.spm`, `target.spm` and `vocab.json`.
public struct TranslationModel: Sendable, Equatable {
    /// How the decoder was exported.
    public enum Decoder: Sendable, Equatable {
        /// One graph for both steps, switched by its `use_cache_branch` input.
        case merged(URL)
        /// A graph for the first step and one that takes the cache for the others.
        case split(first: URL, withPast: URL)
    }

    /// The direction it translates.
    public let direction: LanguagePair
    /// The folder holding it.
    public let folder: URL
    /// The encoder graph.
    public let encoder: URL
    /// The decoder graph(s).
    public let decoder: Decoder
    /// Whether the graphs are the int8-quantized ones (`*_quantized.onnx`), preferred when present.
    public let isQuantized: Bool
    /// What its card says (`model.json`, written by `parley install translation`), when it has one.
    public let card: TranslationModelCard?

    /// The command that installs the model again.
    public var installCommand: String { "parley install translation \(direction.source)-\(direction.target)" }

    /// The graphs' total size in bytes.
    public var bytes: Int {
        let files: [URL] = switch decoder {
        case .merged(let file): [encoder, file]
        case .split(let first, let withPast): [encoder, first, withPast]
        }
        return files.reduce(0) { total, file in
            let path = file.resolvingSymlinksInPath().path
            return total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0)
        }
    }

    /// Finds the graphs in `folder` (its top, then `onnx/`): quantized ones first, a merged
    /// decoder before a split one. Throws `.modelBroken` naming what is missing.
    public static func read(folder: URL, direction: LanguagePair) throws -> TranslationModel {
        let fileManager = FileManager.default
        func present(_ url: URL) -> Bool {
            var isFolder: ObjCBool = false
            return fileManager.fileExists(atPath: url.path, isDirectory: &isFolder) && !isFolder.boolValue
        }
        for suffix in ["_quantized", ""] {
            for place in [folder, folder.appendingPathComponent("onnx")] {
                let file = { (name: String) in place.appendingPathComponent("\(name)\(suffix).onnx") }
                guard present(file("encoder_model")) else { continue }
                let decoder: Decoder
                if present(file("decoder_model_merged")) {
                    decoder = .merged(file("decoder_model_merged"))
                } else if present(file("decoder_model")), present(file("decoder_with_past_model")) {
                    decoder = .split(first: file("decoder_model"), withPast: file("decoder_with_past_model"))
                } else {
                    continue
                }
                for name in ["config.json", "source.spm", "target.spm", "vocab.json"]
                where !present(folder.appendingPathComponent(name)) {
                    throw missing(folder, direction, "\(name) is missing")
                }
                return TranslationModel(direction: direction, folder: folder, encoder: file("encoder_model"),
                                        decoder: decoder, isQuantized: !suffix.isEmpty,
                                        card: TranslationModelCard.read(folder: folder))
            }
        }
        throw missing(folder, direction, "it has no encoder_model.onnx with decoder_model_merged.onnx (or decoder_model.onnx "
                      + "and decoder_with_past_model.onnx), at its top or under onnx/")
    }

    private static func missing(_ folder: URL, _ direction: LanguagePair, _ reason: String) -> ParleyError {
        ParleyError(.translation, .modelBroken,
                    "The translation model in \(folder.path) is incomplete: \(reason). "
                    + "Install it again: parley install translation \(direction.source)-\(direction.target).")
    }
}

/// What `parley install translation` records beside a model: where it came from, its terms
/// and what its publishers measured.
public struct TranslationModelCard: Sendable, Equatable {
    /// The model's name where it was published (`Xenova/opus-mt-en-es`).
    public let name: String
    /// Where it came from.
    public let source: String
    /// The terms it may be used under (`CC-BY-4.0: attribution required`).
    public let licence: String
    /// The score its card publishes (`Tatoeba chrF 72.1`), when it has one.
    public let score: String?

    /// Reads `model.json` in `folder`; nil when there is none or it is not one parley wrote.
    static func read(folder: URL) -> TranslationModelCard? {
        let file = folder.appendingPathComponent("model.json")
        guard let data = try? RegularFile.contents(of: file, what: "the model's card", stage: .translation, limit: 1 << 20),
              let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let name = json["name"] as? String, let source = json["source"] as? String,
              let licence = json["licence"] as? String else { return nil }
        return TranslationModelCard(name: VisibleText.of(name), source: VisibleText.of(source),
                                    licence: VisibleText.of(licence),
                                    score: (json["score"] as? String).map { VisibleText.of($0) })
    }
}

/// The neural translation models installed in the model folders (`Models/translation/`,
/// `~/.local/share/parley/translation/`, or `$PARLEY_TRANSLATION_MODELS`), read once;
/// earlier folders win for a direction.
public struct TranslationModelCatalog: Sendable {
    /// The folders searched, in order.
    public let roots: [URL]
    /// The complete models, by direction.
    public let models: [LanguagePair: TranslationModel]
    /// Direction folders that cannot be used, with the reason.
    public let problems: [LanguagePair: ParleyError]

    /// Reads every `<from>-<to>/` folder under `roots`.
    public static func scan(roots: [URL]) -> TranslationModelCatalog {
        var models: [LanguagePair: TranslationModel] = [:]
        var problems: [LanguagePair: ParleyError] = [:]
        for root in roots {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
            for name in names {
                guard let direction = LanguagePair(fileName: name + ".tsv"), models[direction] == nil,
                      problems[direction] == nil else { continue }
                let folder = root.appendingPathComponent(name)
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
                do { models[direction] = try TranslationModel.read(folder: folder, direction: direction) } catch {
                    problems[direction] = ParleyError.wrapping(error, stage: .translation, code: .modelBroken)
                }
            }
        }
        return TranslationModelCatalog(roots: roots, models: models, problems: problems)
    }
}
