import CEspeakNG
import Foundation
import Synchronization

/// Speech synthesis with espeak-ng. Every call runs on the `EspeakRuntime` queue (the
/// library's state is global); audio reaches `onChunk` from espeak-ng's synth callback
/// as each buffer is produced.
public final class EspeakSynthesizer: SpeechSynthesizing {
    private let runtime: EspeakRuntime
    private let catalog: VoiceCatalog
    private let preferences: PreferredLocales
    private let lexicons: @Sendable (String) -> Lexicon
    private let stopRequested = Atomic<Bool>(false)

    /// A synthesizer over espeak-ng's installed voices; `lexicons` gives the lexicon of a
    /// language code.
    public init(runtime: EspeakRuntime = .shared, preferences: PreferredLocales = .standard,
                lexicons: @escaping @Sendable (String) -> Lexicon = { _ in Lexicon() }) throws {
        self.runtime = runtime
        catalog = try VoiceCatalog.load(runtime: runtime)
        self.preferences = preferences
        self.lexicons = lexicons
    }

    /// The voices this synthesizer chooses from.
    public var voices: VoiceCatalog { catalog }

    /// The voice `request` resolves to (with its variant), without speaking.
    public func voice(for request: VoiceRequest) throws -> String {
        try catalog.choose(request, preferences: preferences)
    }

    public func stop() {
        stopRequested.store(true, ordering: .relaxed)
    }

    public func synthesize(_ text: String, voice request: VoiceRequest, settings: UtteranceSettings,
                           onChunk: (AudioChunk) -> Bool) throws -> SynthesisReport {
        guard text.contains(where: { $0.isLetter || $0.isNumber }) else {
            throw ParleyError(.synthesis, "Nothing to say: the text has no words.")
        }
        let settings = try settings.validated()
        let voice = try catalog.choose(request, preferences: preferences)
        let lexicon = lexicons(request.locale.language)
        let spoken = lexicon.apply(to: text)
        stopRequested.store(false, ordering: .relaxed)
        let rate = try runtime.sampleRate()
        return try withoutActuallyEscaping(onChunk) { onChunk in
            try runtime.perform {
                try check(espeak_SetVoiceByName(voice), "select the voice \(voice)")
                try applyParameters(settings)
                let context = SynthesisContext(sampleRate: rate, isStopRequested: { [self] in
                    stopRequested.load(ordering: .relaxed)
                }, onChunk: onChunk)
                if settings.pauseBefore > 0 {
                    context.deliver(AudioChunk.silence(seconds: settings.pauseBefore, sampleRate: rate))
                }
                espeak_SetSynthCallback(synthCallback)
                var flags = UInt32(espeakCHARS_UTF8) | UInt32(espeakENDPAUSE)
                if lexicon.usesPhonemes { flags |= UInt32(espeakPHONEMES) }
                let status = withExtendedLifetime(context) {
                    spoken.withCString { pointer in
                        espeak_Synth(pointer, strlen(pointer) + 1, 0, POS_CHARACTER, 0, flags, nil,
                                     Unmanaged.passUnretained(context).toOpaque())
                    }
                }
                if context.stopped {
                    // An aborted utterance leaves its rest queued inside espeak-ng, which would
                    // otherwise come out at the start of the next one.
                    espeak_Cancel()
                }
                if status != EE_OK, !context.stopped {
                    throw ParleyError(.synthesis, "espeak-ng could not speak the text.", cause: "espeak_Synth returned \(status.rawValue)")
                }
                if settings.pauseAfter > 0, !context.stopped {
                    context.deliver(AudioChunk.silence(seconds: settings.pauseAfter, sampleRate: rate))
                }
                return SynthesisReport(voice: voice, sampleCount: context.sampleCount, sampleRate: rate,
                                       stoppedEarly: context.stopped)
            }
        }
    }

    /// Sets rate, pitch and volume for the next utterance.
    private func applyParameters(_ settings: UtteranceSettings) throws {
        try check(espeak_SetParameter(espeakRATE, Int32(settings.wordsPerMinute), 0), "set the rate")
        try check(espeak_SetParameter(espeakPITCH, Int32(settings.pitch), 0), "set the pitch")
        try check(espeak_SetParameter(espeakVOLUME, Int32(settings.volume), 0), "set the volume")
    }

    private func check(_ status: espeak_ERROR, _ action: String) throws {
        guard status == EE_OK else {
            throw ParleyError(.synthesis, "espeak-ng could not \(action). Run parley voices to see what is installed.",
                              cause: "espeak-ng status \(status.rawValue)")
        }
    }
}

/// The state one `espeak_Synth` call's callback works on, reached through `user_data`.
private final class SynthesisContext {
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
