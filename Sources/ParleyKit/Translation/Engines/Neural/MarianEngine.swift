import Foundation

/// One direction's neural model, loaded and ready: its tokenizer, its ONNX graphs and how
/// it decodes. Used by the neural translator's serial owner only.
final class MarianEngine: @unchecked Sendable {
    // Unchecked: the ONNX sessions inside are driven by one thread at a time (`NeuralModels`'s
    // queue); only `cancellation` is touched from others, and it is thread-safe.
    let model: TranslationModel
    let tokenizer: MarianTokenizer
    let graphs: MarianGraphs
    /// How it decodes: `generation_config.json` as read (tests and benchmarks may change it).
    var settings: GenerationSettings
    /// The longest source the model's positions cover (`max_position_embeddings`).
    let maxSourceTokens: Int

    /// Loads `model` with `threads` inference threads per graph; throws `.modelBroken` naming
    /// the folder and the fix when a file is missing, damaged or does not fit the others.
    init(model: TranslationModel, runtime: OnnxRuntime, threads: Int) throws {
        self.model = model
        let configuration = try MarianConfiguration.load(folder: model.folder)
        settings = try GenerationSettings.load(folder: model.folder, vocabularySize: configuration.vocabularySize)
        maxSourceTokens = configuration.maxPositions
        tokenizer = try MarianTokenizer(folder: model.folder, sourceLanguage: model.direction.source)
        guard tokenizer.vocabularySize == configuration.vocabularySize else {
            throw ParleyError(.translation, .modelBroken,
                              "The translation model in \(model.folder.path) does not fit together: its vocabulary has "
                              + "\(tokenizer.vocabularySize) tokens but its decoder scores \(configuration.vocabularySize). "
                              + "Install it again: \(model.installCommand).")
        }
        graphs = try MarianGraphs(model: model, configuration: configuration, runtime: runtime, threads: threads)
    }

    /// The model's translation of `text` exactly as transformers' `generate()` and
    /// `batch_decode(skip_special_tokens=True)` give it. A source longer than the model's
    /// positions is translated a sentence (or a stretch of words) at a time.
    func translate(_ text: String, stopped: @escaping () -> Bool) throws -> String {
        let ids = tokenizer.encode(text)
        guard ids.count > maxSourceTokens else { return try translate(ids: ids, stopped: stopped) }
        return try Self.pieces(of: text, fitting: maxSourceTokens, count: { self.tokenizer.encode($0).count })
            .map { try translate(ids: tokenizer.encode($0), stopped: stopped) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    private func translate(ids: [Int64], stopped: @escaping () -> Bool) throws -> String {
        let hidden = try graphs.encode(ids)
        let run = MarianDecoderRun(graphs: graphs, hidden: hidden, sourceLength: ids.count)
        let output = try MarianSearch(settings: settings, stopped: stopped).run(run)
        return tokenizer.decode(output.map(Int64.init))
    }

    /// `text` cut into sentences, and sentences still too long into stretches of words, each
    /// at most `limit` tokens as `count` measures them.
    static func pieces(of text: String, fitting limit: Int, count: (String) -> Int) -> [String] {
        var pieces: [String] = []
        for sentence in ApertiumSentence.sentences(text) {
            guard count(sentence) > limit else { pieces.append(sentence); continue }
            var stretch: [Substring] = []
            // A word longer than the limit on its own (pasted data) is cut into pieces too.
            let words = sentence.split(whereSeparator: \.isWhitespace).flatMap { word in
                count(String(word)) <= limit ? [word] : stride(from: 0, to: word.count, by: max(1, limit / 4)).map { start in
                    word.dropFirst(start).prefix(max(1, limit / 4))
                }
            }
            for word in words {
                if !stretch.isEmpty, count((stretch + [word]).joined(separator: " ")) > limit {
                    pieces.append(stretch.joined(separator: " "))
                    stretch = []
                }
                stretch.append(word)
            }
            if !stretch.isEmpty { pieces.append(stretch.joined(separator: " ")) }
        }
        return pieces
    }
}
