/// How often the words a spoken turn ended with were the words speculated on while its
/// silence ran (`ConversationEngine.speculates`).
public struct SpeculationTally: Sendable, Equatable {
    /// Turns that ended with the words speculated on, in the same direction: their
    /// speculative translation was shown at once.
    public var hits = 0
    /// Turns whose words (or direction) differed from the last speculation, or whose
    /// speculative translation failed: translated again, the speculation dropped unseen.
    public var misses = 0
    /// Turns that ended with no speculation (Enter while speaking, the end of a recording).
    public var unspeculated = 0
    /// Turns whose speech started from the audio prepared during the silence.
    public var preparedSpeechPlayed = 0

    /// Spoken turns counted.
    public var turns: Int { hits + misses + unspeculated }

    /// A tally of `hits`, `misses`, `unspeculated` turns and prepared speech played.
    public init(hits: Int = 0, misses: Int = 0, unspeculated: Int = 0, preparedSpeechPlayed: Int = 0) {
        self.hits = hits
        self.misses = misses
        self.unspeculated = unspeculated
        self.preparedSpeechPlayed = preparedSpeechPlayed
    }
}

extension ConversationEngine {
    /// Starts translating `words` (the turn's words so far, final up to this pause) and
    /// preparing the first audio of the translation, in the background, in place of any
    /// earlier speculation on this turn.
    func speculate(on words: String) {
        discardSpeculation()
        let snapshot = control.snapshot
        let text = InputText.cleaned(words)
        guard speculates, !snapshot.dictating, !text.isEmpty else { return }
        // Prepared only for a turn that will be spoken: otherwise the synthesizer would work for nothing.
        let spoken = !snapshot.muted && audio?.canPlay == true && speakerFailure == nil
        let speaking = spoken ? SpeculativeTurn.Speaking(synthesizer: { [synthesizer] in try? synthesizer.value() },
                                                         style: { [voices] in (voices.voice(for: $0), voices.settings(for: $0)) })
            : nil
        speculation = SpeculativeTurn.start(text, from: snapshot.speaker, to: snapshot.voiceLocale,
                                            translator: parts.translator, speaking: speaking)
    }

    /// Drops the speculation on the turn, unused (the speaker went on, the turn was cancelled).
    func discardSpeculation() {
        speculation?.cancel()
        speculation = nil
    }

    /// The speculative translation of `text` from `source` to `target`, waiting for it, without
    /// taking it for the turn; nil when the speculation was on other words or failed.
    func speculatedTranslation(of text: String, from source: LocaleTag, to target: LocaleTag) -> Translation? {
        guard let speculation, speculation.matches(InputText.cleaned(text), from: source, to: target) else { return nil }
        return speculation.translation()?.0
    }

    /// The speculative translation of a turn that ended with `text`, translated from `source`
    /// to `target`, and the speech prepared from it, waiting for them; nil (the speculation
    /// dropped) when the turn's words or direction are not the ones speculated on: a
    /// speculative result the final words contradict is never shown or spoken.
    func takeSpeculation(for text: String, from source: LocaleTag, to target: LocaleTag, mode: TurnMode)
        -> (translation: Translation, speech: PreparedSpeech?)? {
        let speculation = self.speculation
        self.speculation = nil
        guard speculates, mode == .spoken else {
            speculation?.cancel()
            return nil
        }
        guard let speculation else {
            speculationTally.unspeculated += 1
            return nil
        }
        guard speculation.matches(InputText.cleaned(text), from: source, to: target),
              let (translation, speech) = speculation.translation() else {
            speculation.cancel()
            speculationTally.misses += 1
            return nil
        }
        speculationTally.hits += 1
        return (translation, speech)
    }
}
