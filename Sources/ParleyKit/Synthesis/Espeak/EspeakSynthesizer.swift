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
    /// Voices already chosen: ranking every installed voice costs milliseconds, each time.
    private let chosen = Mutex<[VoiceRequest: String]>([:])

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
        if let voice = chosen.withLock({ $0[request] }) { return voice }
        let voice = try catalog.choose(request, preferences: preferences)
        chosen.withLock { $0[request] = voice }
        return voice
    }

    /// Chooses each voice and has espeak-ng load it once (its first load reads the voice and
    /// the language's dictionary from disk).
    public func warmUp(_ requests: [VoiceRequest]) {
        for request in requests {
            guard let voice = try? voice(for: request) else { continue }
            try? runtime.perform { try Espeak.prepare(voice: voice, settings: .standard) }
        }
    }

    public func stop() {
        stopRequested.store(true, ordering: .relaxed)
    }

    public func synthesize(_ text: String, voice request: VoiceRequest, settings: UtteranceSettings,
                           onChunk: (AudioChunk) -> Bool) throws -> SynthesisReport {
        try UtteranceSettings.requireWords(in: text)
        let settings = try settings.validated()
        let voice = try voice(for: request)
        let lexicon = lexicons(request.locale.language)
        let spoken = lexicon.apply(to: text)
        stopRequested.store(false, ordering: .relaxed)
        let rate = try runtime.sampleRate()
        return try withoutActuallyEscaping(onChunk) { onChunk in
            try runtime.perform {
                try Espeak.prepare(voice: voice, settings: settings)
                let context = SynthesisContext(sampleRate: rate, isStopRequested: { [self] in
                    stopRequested.load(ordering: .relaxed)
                }, onChunk: onChunk)
                if settings.pauseBefore > 0 {
                    context.deliver(AudioChunk.silence(seconds: settings.pauseBefore, sampleRate: rate))
                }
                try Espeak.synthesize(spoken, phonemes: lexicon.usesPhonemes, context: context)
                if settings.pauseAfter > 0, !context.stopped {
                    context.deliver(AudioChunk.silence(seconds: settings.pauseAfter, sampleRate: rate))
                }
                return SynthesisReport(voice: voice, sampleCount: context.sampleCount, sampleRate: rate,
                                       stoppedEarly: context.stopped)
            }
        }
    }
}
