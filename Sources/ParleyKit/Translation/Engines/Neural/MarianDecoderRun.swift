import Foundation

/// The ONNX graphs of one Marian model, loaded: the encoder and the decoder, merged (one
/// graph switched by `use_cache_branch`) or split (a first-step graph and one with the cache),
/// with the names of the cache's inputs and outputs.
final class MarianGraphs: @unchecked Sendable {
    // Unchecked: the sessions are used by the translator's one serial owner only.
    let runtime: OnnxRuntime
    let encoder: OnnxSession
    /// The first step's decoder; the same graph as `withPast` when merged.
    let firstDecoder: OnnxSession
    /// The decoder that takes the cache.
    let withPast: OnnxSession
    let isMerged: Bool
    let configuration: MarianConfiguration
    /// Stops a graph run in progress (Ctrl-C) from another thread.
    let cancellation: OnnxCancellation

    /// The inputs a decoder may ask for; anything else is a graph parley cannot drive.
    private static let knownInputs: Set<String> = [
        "input_ids", "encoder_attention_mask", "encoder_hidden_states", "use_cache_branch", "cache_position"]

    /// Loads `model`'s graphs with `threads` inference threads each.
    init(model: TranslationModel, configuration: MarianConfiguration, runtime: OnnxRuntime, threads: Int) throws {
        self.runtime = runtime
        self.configuration = configuration
        encoder = try OnnxSession(runtime: runtime, model: model.encoder, threads: threads)
        switch model.decoder {
        case .merged(let file):
            withPast = try OnnxSession(runtime: runtime, model: file, threads: threads)
            firstDecoder = withPast
            isMerged = true
        case .split(let first, let past):
            firstDecoder = try OnnxSession(runtime: runtime, model: first, threads: threads)
            withPast = try OnnxSession(runtime: runtime, model: past, threads: threads)
            isMerged = false
        }
        cancellation = try OnnxCancellation(runtime: runtime)
        try check(model: model)
    }

    /// The graphs must be the ones a Marian export has, with the cache `config.json` describes
    /// and logits as wide as the vocabulary: a mismatched file fails here, not mid-sentence.
    private func check(model: TranslationModel) throws {
        func broken(_ reason: String) -> ParleyError {
            ParleyError(.translation, .modelBroken,
                        "The translation model in \(model.folder.path) does not fit together: \(reason). "
                        + "Install it again: \(model.installCommand).")
        }
        guard encoder.inputs.contains(where: { $0.name == "input_ids" }),
              encoder.outputs.contains(where: { $0.name == "last_hidden_state" }) else {
            throw broken("its encoder lacks input_ids or last_hidden_state")
        }
        for decoder in [firstDecoder, withPast] {
            for port in decoder.inputs where !Self.knownInputs.contains(port.name) && !port.name.hasPrefix("past_key_values.") {
                throw broken("its decoder asks for \(port.name), which a Marian decoder does not")
            }
            guard let logits = decoder.outputs.first(where: { $0.name == "logits" }) else {
                throw broken("its decoder has no logits output")
            }
            if let width = logits.shape.last, width > 0, width != configuration.vocabularySize {
                throw broken("its decoder scores \(width) tokens but config.json says vocab_size \(configuration.vocabularySize)")
            }
        }
        let pastInputs = withPast.inputs.filter { $0.name.hasPrefix("past_key_values.") }.count
        guard pastInputs == 4 * configuration.decoderLayers else {
            throw broken("its decoder takes \(pastInputs) cache tensors, not the \(4 * configuration.decoderLayers) "
                         + "of config.json's \(configuration.decoderLayers) layers")
        }
    }

    /// The encoder's hidden states for `ids`: [1, ids.count, d_model].
    func encode(_ ids: [Int64]) throws -> OnnxTensor {
        let shape = [1, ids.count]
        var feeds: [(name: String, value: OnnxTensor)] = [("input_ids", try .int64(ids, shape: shape, runtime: runtime))]
        if encoder.inputs.contains(where: { $0.name == "attention_mask" }) {
            feeds.append(("attention_mask", try .int64(Array(repeating: 1, count: ids.count), shape: shape, runtime: runtime)))
        }
        return try encoder.run(feeds, outputs: ["last_hidden_state"], cancellation: cancellation)[0]
    }
}

/// One translation's decoding: runs the decoder a step at a time for the search, keeping the
/// key/value cache and reordering its rows as the beams move.
final class MarianDecoderRun: NextTokenScoring {
    private let graphs: MarianGraphs
    private let hidden: OnnxTensor
    private let sourceLength: Int
    /// The cache by input name (`past_key_values.0.decoder.key`), one row per hypothesis.
    private var cache: [String: OnnxTensor] = [:]
    /// Rows of the encoder's states and mask given to the decoder.
    private var rows = 0
    private var encoderStates: [OnnxTensor] = []
    private var pastLength = 0

    var vocabularySize: Int { graphs.configuration.vocabularySize }

    /// A run over the encoder states `hidden` of a `sourceLength`-token source.
    init(graphs: MarianGraphs, hidden: OnnxTensor, sourceLength: Int) {
        self.graphs = graphs
        self.hidden = hidden
        self.sourceLength = sourceLength
    }

    func logits(after tokens: [Int], continuing origins: [Int]) throws -> [Float] {
        let runtime = graphs.runtime
        let count = tokens.count
        let first = cache.isEmpty
        if !first { try reorderCache(origins) }
        if rows != count { encoderStates = try encoderInputs(rows: count) }
        let session = first ? graphs.firstDecoder : graphs.withPast
        var feeds: [(name: String, value: OnnxTensor)] = []
        for port in session.inputs {
            switch port.name {
            case "input_ids": feeds.append((port.name, try .int64(tokens.map(Int64.init), shape: [count, 1], runtime: runtime)))
            case "encoder_attention_mask": feeds.append((port.name, encoderStates[0]))
            case "encoder_hidden_states": feeds.append((port.name, encoderStates[1]))
            case "use_cache_branch": feeds.append((port.name, try .bool([!first], shape: [1], runtime: runtime)))
            case "cache_position": feeds.append((port.name, try .int64([Int64(pastLength)], shape: [1], runtime: runtime)))
            default:
                // The first step of a merged decoder takes an empty cache.
                let value = try cache[port.name] ?? .float32(
                    shape: [count, graphs.configuration.decoderHeads, 0, graphs.configuration.headSize],
                    runtime: runtime) { _ in }
                feeds.append((port.name, value))
            }
        }
        let presentNames = session.outputs.map(\.name).filter { $0.hasPrefix("present.") }
        let outputs = try session.run(feeds, outputs: ["logits"] + presentNames, cancellation: graphs.cancellation)
        for (name, value) in zip(presentNames, outputs.dropFirst()) {
            let input = "past_key_values." + name.dropFirst("present.".count)
            // The encoder's keys and values are made once, by the first step.
            if first || !input.hasSuffix(".encoder.key") && !input.hasSuffix(".encoder.value") { cache[input] = value }
        }
        pastLength += 1
        let logits = outputs[0]
        let width = logits.shape.last ?? 0
        guard logits.shape.count == 3, logits.shape[0] == count, logits.shape[1] == 1, width == vocabularySize else {
            throw ParleyError(.translation, .modelBroken,
                              "The translation model's decoder gave logits of shape \(logits.shape), not [\(count), 1, "
                              + "\(vocabularySize)]: it does not match its config.json. Install the model again.")
        }
        return logits.withFloats { Array($0) }
    }

    /// The encoder's mask and states for `rows` hypotheses (the source repeated per row).
    private func encoderInputs(rows count: Int) throws -> [OnnxTensor] {
        rows = count
        let mask = try OnnxTensor.int64(Array(repeating: 1, count: count * sourceLength), shape: [count, sourceLength],
                                        runtime: graphs.runtime)
        guard count > 1 else { return [mask, hidden] }
        let width = graphs.configuration.dModel
        let states = try hidden.withFloats { source in
            try OnnxTensor.float32(shape: [count, sourceLength, width], runtime: graphs.runtime) { target in
                for row in 0..<count { Self.copy(source, row: 0, into: target, row: row, size: source.count) }
            }
        }
        return [mask, states]
    }

    /// Each hypothesis's cache rows taken from the row it continues: copied only when the
    /// rows change (greedy search and unchanged beams keep the tensors as they are).
    private func reorderCache(_ origins: [Int]) throws {
        for (name, tensor) in cache {
            let shape = tensor.shape
            guard let rowCount = shape.first, origins.allSatisfy({ (0..<rowCount).contains($0) }) else {
                throw ParleyError(.translation, .engineFailed, "The translation search lost track of its beams.")
            }
            // The encoder's rows are all the same source: they only need to number as many.
            let isEncoder = name.hasSuffix(".encoder.key") || name.hasSuffix(".encoder.value")
            if origins == Array(0..<rowCount) || (isEncoder && rowCount == origins.count) { continue }
            let rowSize = shape.dropFirst().reduce(1, *)
            var newShape = shape
            newShape[0] = origins.count
            cache[name] = try tensor.withFloats { source in
                try OnnxTensor.float32(shape: newShape, runtime: graphs.runtime) { target in
                    for (row, origin) in origins.enumerated() {
                        Self.copy(source, row: isEncoder ? 0 : origin, into: target, row: row, size: rowSize)
                    }
                }
            }
        }
    }

    /// Copies row `from` of `source` to row `to` of `target`, rows of `size` floats.
    private static func copy(_ source: UnsafeBufferPointer<Float>, row from: Int,
                             into target: UnsafeMutableBufferPointer<Float>, row to: Int, size: Int) {
        guard size > 0, let source = source.baseAddress, let target = target.baseAddress else { return }
        (target + to * size).update(from: source + from * size, count: size)
    }
}
