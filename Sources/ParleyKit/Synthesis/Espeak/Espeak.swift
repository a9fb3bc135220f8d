import CEspeakNG
import Foundation

// The one file that touches the espeak-ng C API. espeak-ng's state is process-wide, so every
// function here must run on `EspeakRuntime`'s queue; its status codes become `ParleyError`s
// here, through `Espeak.check`.

enum Espeak {
    /// Starts the library for synchronous output; returns the sample rate, or the error that
    /// says its data is missing. Never lets the library `exit` the process.
    static func initialize() -> Result<Int, ParleyError> {
        // DONT_EXIT: without it a missing data folder makes the library call exit(1).
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, Int32(espeakINITIALIZE_DONT_EXIT))
        guard rate > 0 else {
            return .failure(ParleyError(.synthesis, .libraryMissing,
                "espeak-ng could not start: its voice data is missing or unreadable. "
                + "Run scripts/setup (it installs espeak-ng-data), or set ESPEAK_DATA_PATH.",
                cause: .library(name: "espeak-ng", status: rate, text: "espeak_Initialize returned \(rate)")))
        }
        return .success(Int(rate))
    }

    /// The library's version and data folder.
    static func info() -> (version: String, dataPath: String) {
        var path: UnsafePointer<CChar>?
        let version = espeak_Info(&path).map { String(cString: $0) } ?? "unknown"
        return (version, path.map { String(cString: $0) } ?? "")
    }

    /// The installed voices (`language` nil) or the voices listed under `language` (`variant`).
    static func voices(language: String?) -> [Voice] {
        guard let language else { return copy(espeak_ListVoices(nil)) }
        return language.withCString { name in
            var spec = espeak_VOICE()
            spec.languages = name
            return copy(espeak_ListVoices(&spec))
        }
    }

    /// Each call to `espeak_ListVoices` invalidates the previous list, so it is copied at once.
    private static func copy(_ list: UnsafeMutablePointer<UnsafePointer<espeak_VOICE>?>?) -> [Voice] {
        guard let list else { return [] }
        var voices: [Voice] = []
        var index = 0
        while let entry = list[index] {
            voices.append(Voice(entry.pointee))
            index += 1
        }
        return voices
    }

    /// Selects `voice` (`gmw/en-US+f3`) and sets rate, pitch and volume for the next utterance.
    static func prepare(voice: String, settings: UtteranceSettings) throws {
        try check(espeak_SetVoiceByName(voice), "select the voice \(voice)")
        try check(espeak_SetParameter(espeakRATE, Int32(settings.wordsPerMinute), 0), "set the rate")
        try check(espeak_SetParameter(espeakPITCH, Int32(settings.pitch), 0), "set the pitch")
        try check(espeak_SetParameter(espeakVOLUME, Int32(settings.volume), 0), "set the volume")
    }

    /// Synthesises `text`, handing its audio to `context` as it is made. `phonemes` lets
    /// `[[ ]]` in the text be read as espeak-ng phonemes.
    static func synthesize(_ text: String, phonemes: Bool, context: SynthesisContext) throws {
        espeak_SetSynthCallback(synthCallback)
        var flags = UInt32(espeakCHARS_UTF8) | UInt32(espeakENDPAUSE)
        if phonemes { flags |= UInt32(espeakPHONEMES) }
        let status = withExtendedLifetime(context) {
            text.withCString { pointer in
                espeak_Synth(pointer, strlen(pointer) + 1, 0, POS_CHARACTER, 0, flags, nil,
                             Unmanaged.passUnretained(context).toOpaque())
            }
        }
        if context.stopped {
            // An aborted utterance leaves its rest queued inside espeak-ng, which would
            // otherwise come out at the start of the next one.
            espeak_Cancel()
            return
        }
        guard status == EE_OK else {
            throw ParleyError(.synthesis, .engineFailed, "espeak-ng could not speak the text.",
                              cause: .library(name: "espeak-ng", status: Int32(status.rawValue),
                                              text: "espeak_Synth returned \(status.rawValue)"))
        }
    }

    /// The IPA phonemes of `text` as `voice` (`en-us`) reads it, clause by clause, each with
    /// the punctuation that ended the clause in the text: espeak-ng's phonemizer reads it (a
    /// question is phonemized as one) but leaves it out of what it returns. `phonemeInput`
    /// lets `[[ ]]` in the text be read as espeak-ng phonemes (lexicon entries).
    static func phonemeClauses(_ text: String, voice: String, phonemeInput: Bool) throws -> [PhonemeClause] {
        try check(espeak_SetVoiceByName(voice), "select the voice \(voice) to read phonemes")
        var mode = Int32(espeakCHARS_UTF8)
        if phonemeInput { mode |= Int32(espeakPHONEMES) }
        var read: [(phonemes: String, text: Substring)] = []
        text.withCString { start in
            let end = UnsafeRawPointer(start) + strlen(start)
            var cursor: UnsafeRawPointer? = UnsafeRawPointer(start)
            while let before = cursor, before < end {
                let phonemes = espeak_TextToPhonemes(&cursor, mode, Int32(espeakPHONEMES_IPA)).map { String(cString: $0) } ?? ""
                let after = cursor ?? end
                guard after > before else { break }
                let text = String(decoding: UnsafeRawBufferPointer(start: before, count: after - before), as: UTF8.self)
                read.append((phonemes, Substring(text)))
            }
        }
        // espeak-ng's cursor stops one character into the next clause: a piece of text
        // other than the last ends with the mark that closed its clause, then whitespace,
        // then the first character of the next one.
        return read.enumerated().map { index, piece in
            var text = piece.text
            if index < read.count - 1 {
                while let last = text.last, !last.isWhitespace, !PhonemeClause.terminators.contains(last) { text.removeLast() }
            }
            let mark = text.last { !$0.isWhitespace }.flatMap { PhonemeClause.terminators.contains($0) ? $0 : nil }
            return PhonemeClause(phonemes: piece.phonemes, terminator: mark)
        }
    }

    private static func check(_ status: espeak_ERROR, _ action: String) throws {
        guard status == EE_OK else {
            throw ParleyError(.synthesis, .engineFailed, "espeak-ng could not \(action). Run parley voices to see what is installed.",
                              cause: .library(name: "espeak-ng", status: Int32(status.rawValue),
                                              text: "espeak-ng status \(status.rawValue)"))
        }
    }
}

/// The state one `espeak_Synth` call's callback works on, reached through `user_data`.
final class SynthesisContext {
    let sampleRate: Int
    let isStopRequested: () -> Bool
    let onChunk: (AudioChunk) -> Bool
    private(set) var sampleCount = 0
    private(set) var stopped = false

    init(sampleRate: Int, isStopRequested: @escaping () -> Bool, onChunk: @escaping (AudioChunk) -> Bool) {
        self.sampleRate = sampleRate
        self.isStopRequested = isStopRequested
        self.onChunk = onChunk
    }

    /// Hands `chunk` on; false once the listener or `stop()` asked to end.
    @discardableResult
    func deliver(_ chunk: AudioChunk) -> Bool {
        guard !stopped else { return false }
        if isStopRequested() || !onChunk(chunk) {
            stopped = true
            return false
        }
        sampleCount += chunk.samples.count
        return true
    }
}

/// espeak-ng's synth callback: `wav == nil` marks the end; returning 1 aborts synthesis.
private let synthCallback: @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?)
    -> Int32 = { wav, count, events in
        guard let userData = events?.pointee.user_data else { return 0 }
        let context = Unmanaged<SynthesisContext>.fromOpaque(userData).takeUnretainedValue()
        guard let wav, count > 0 else { return context.stopped ? 1 : 0 }
        let chunk = AudioChunk(samples: Array(UnsafeBufferPointer(start: wav, count: Int(count))),
                               sampleRate: context.sampleRate)
        return context.deliver(chunk) ? 0 : 1
    }

extension Voice {
    init(_ raw: espeak_VOICE) {
        name = raw.name.map { String(cString: $0) } ?? ""
        identifier = raw.identifier.map { String(cString: $0) } ?? ""
        languages = raw.languages.map(Self.parseLanguages) ?? []
        switch raw.gender {
        case 1: gender = .male
        case 2: gender = .female
        default: gender = .unspecified
        }
    }

    /// espeak-ng packs languages as runs of [priority byte][name][NUL], ending with an
    /// empty name.
    static func parseLanguages(_ pointer: UnsafePointer<CChar>) -> [(tag: String, priority: Int)] {
        var result: [(tag: String, priority: Int)] = []
        var cursor = pointer
        while cursor.pointee != 0 {
            let priority = Int(UInt8(bitPattern: cursor.pointee))
            let name = String(cString: cursor + 1)
            if name.isEmpty { break }
            result.append((name, priority))
            cursor += 1 + name.utf8.count + 1
        }
        return result
    }
}
