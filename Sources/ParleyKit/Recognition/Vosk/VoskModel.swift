import Foundation

/// A loaded Vosk model: owns the `VoskModel*` and frees it in `deinit`. Vosk allows one
/// model to be shared by recognizers on several threads.
final class VoskModel: Sendable {
    let locale: LocaleTag
    let folder: URL
    /// Never changes after init, and Vosk documents a model as shareable between threads
    /// (only recognizers are single-threaded), so the C pointer may cross threads.
    nonisolated(unsafe) let handle: OpaquePointer
    private let library: VoskLibrary

    /// Loads the model in `folder` (1–3 s for a small model); throws a `.recognition`
    /// error naming the folder, and the broken file where the files show it, when Vosk
    /// cannot read it. With `deferredEndpoint`, Vosk's endpoint rules wait at least that
    /// many seconds of trailing silence (`VoskEndpointRules`), leaving the end of an
    /// utterance to parley's endpointer.
    init(library: VoskLibrary, locale: LocaleTag, folder: URL, deferredEndpoint: Double? = nil) throws {
        // The files are checked first: a part that is missing or cut short is named, and
        // Kaldi never gets to print its own errors about it.
        if let problem = ModelDiagnosis.inspect(folder) { throw ModelDiagnosis.error(problem, locale: locale, folder: folder) }
        if let tooLittle = AddressSpaceLimit.shortfall(needed: AddressSpaceLimit.speechModel,
                                                       for: "The speech model for \(locale) was not loaded",
                                                       stage: .recognition, then: "; typed turns still work") {
            throw tooLittle
        }
        let handle: OpaquePointer
        if let deferredEndpoint {
            let shadow = try VoskEndpointRules.shadow(of: folder, minimumTrailingSilence: deferredEndpoint)
            // Vosk has read every file once the model is loaded: the links can go at once.
            defer { try? FileManager.default.removeItem(at: shadow) }
            handle = try library.newModel(folder: shadow, locale: locale, reportedFolder: folder)
        } else {
            handle = try library.newModel(folder: folder, locale: locale)
        }
        self.locale = locale
        self.folder = folder
        self.handle = handle
        self.library = library
    }

    deinit {
        library.modelFree(handle)
    }
}

/// A Vosk recognizer: owns the `VoskRecognizer*`. Used by one thread only.
final class VoskRecognizer {
    let model: VoskModel
    let sampleRate: Int
    private let handle: OpaquePointer
    private let library: VoskLibrary

    /// A recognizer over `model` for audio at `sampleRate` (Vosk resamples to the model's
    /// rate), reporting word times and up to `maxAlternatives` readings.
    init(library: VoskLibrary, model: VoskModel, sampleRate: Int, maxAlternatives: Int) throws {
        let handle = try library.newRecognizer(model: model.handle, locale: model.locale, folder: model.folder,
                                               sampleRate: sampleRate)
        library.setWords(handle, 1)
        library.setPartialWords(handle, 1)
        if maxAlternatives > 1 { library.setMaxAlternatives(handle, Int32(maxAlternatives)) }
        self.model = model
        self.sampleRate = sampleRate
        self.handle = handle
        self.library = library
    }

    deinit {
        library.recognizerFree(handle)
    }

    /// Feeds samples: true at an endpoint (then read `result()`), false while decoding.
    func accept(_ samples: [Int16]) throws -> Bool {
        var offset = 0
        var endpoint = false
        // Vosk takes an Int32 count; feed very large buffers in pieces.
        while offset < samples.count {
            let count = min(samples.count - offset, 1 << 20)
            let atEndpoint = try samples.withUnsafeBufferPointer { buffer in
                try library.accept(handle, buffer.baseAddress! + offset, count: Int32(count), locale: model.locale)
            }
            endpoint = endpoint || atEndpoint
            offset += count
        }
        return endpoint
    }

    /// The final result JSON of the utterance that just ended.
    func result() -> String { copy(library.result(handle)) }
    /// The partial result JSON of the utterance in progress.
    func partialResult() -> String { copy(library.partialResult(handle)) }
    /// Flushes the utterance in progress and returns its final JSON.
    func finalResult() -> String { copy(library.finalResult(handle)) }
    /// Drops the utterance in progress.
    func reset() { library.reset(handle) }

    /// Vosk's strings belong to the recognizer and are overwritten by its next call.
    private func copy(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? "{}"
    }
}
