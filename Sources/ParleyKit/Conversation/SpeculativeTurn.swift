import Foundation
import Synchronization

/// A turn's translation, and the first audio of it, made on a thread of its own while the
/// silence that may end the turn still runs, from the words heard so far. When the turn ends
/// with exactly these words in the same direction, the engine shows this translation at once
/// and speaking starts from the audio made; otherwise it is dropped unseen and unheard, and
/// the turn is translated as it would have been without it.
final class SpeculativeTurn: Sendable {
    /// The words it translates (cleaned as a turn's text is), and the direction.
    let text: String
    let source: LocaleTag
    let target: LocaleTag

    private struct Made {
        var translation: Translation?
        var speech: PreparedSpeech?
    }

    /// Set once the translation is over, with the speech being prepared from it (if any), so
    /// whoever takes the translation finds its speech too.
    private let made = Mutex<Made?>(nil)
    private let translated = DispatchSemaphore(value: 0)
    private let cancelled = Atomic<Bool>(false)
    private let synthesizer = Mutex<(any SpeechSynthesizing)?>(nil)

    private init(text: String, source: LocaleTag, target: LocaleTag) {
        self.text = text
        self.source = source
        self.target = target
    }

    /// How the speech of a translation is prepared: who speaks it, and each locale's voice
    /// and settings (nil: the turn will not be spoken, so nothing is prepared).
    struct Speaking: Sendable {
        let synthesizer: @Sendable () -> (any SpeechSynthesizing)?
        let style: @Sendable (LocaleTag) -> (VoiceRequest, UtteranceSettings)
    }

    /// Starts translating `text` from `source` to `target` with `translator`, then, with
    /// `speaking`, synthesising the first part of the translation to be spoken.
    static func start(_ text: String, from source: LocaleTag, to target: LocaleTag, translator: any Translating,
                      speaking: Speaking?) -> SpeculativeTurn {
        let turn = SpeculativeTurn(text: text, source: source, target: target)
        let thread = Thread { turn.run(translator: translator, speaking: speaking) }
        thread.name = "parley.speculative-turn"
        thread.start()
        return turn
    }

    private func run(translator: any Translating, speaking: Speaking?) {
        let translation = cancelled.load(ordering: .relaxed) ? nil : try? translator.translate(text, from: source, to: target)
        var speech: PreparedSpeech?
        var synthesizer: (any SpeechSynthesizing)?
        if let translation, let speaking, !cancelled.load(ordering: .relaxed),
           let first = ConversationEngine.bounded(translation.spokenParts, limit: ConversationEngine.maximumSpokenCharacters).first,
           let made = speaking.synthesizer() {
            let (voice, settings) = speaking.style(first.locale)
            speech = PreparedSpeech(part: first, voice: voice, settings: settings)
            synthesizer = made
            self.synthesizer.withLock { $0 = made }
        }
        made.withLock { $0 = Made(translation: translation, speech: speech) }
        translated.signal()
        if let speech, let synthesizer {
            // A cancel that came before the speech was published is honoured here.
            if cancelled.load(ordering: .relaxed) { speech.cancel() }
            speech.make(with: synthesizer)
        }
    }

    /// True when a turn of `text` from `source` to `target` is the one speculated on.
    func matches(_ text: String, from source: LocaleTag, to target: LocaleTag) -> Bool {
        self.text == text && self.source == source && self.target == target
    }

    /// The translation, waiting for it, and the speech being prepared from it; nil when the
    /// translation failed (then the turn is translated again, and any failure said).
    func translation() -> (Translation, PreparedSpeech?)? {
        translated.wait()
        translated.signal()
        guard let made = made.withLock({ $0 }), let translation = made.translation else { return nil }
        return (translation, made.speech)
    }

    /// Nobody will use it: speech being prepared stops (the engine does not speak while it
    /// listens or before it has taken a turn's translation, so the synthesizer's utterance in
    /// progress is this one's).
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
        guard let speech = made.withLock({ $0?.speech }) else { return }
        speech.cancel()
        if !speech.isMade { synthesizer.withLock { $0 }?.stop() }
    }
}
