import Foundation

extension ConversationEngine {
    /// Says `text` in the speaker's own language, without translating or journaling it (`:say`).
    /// Spoken even when translations are muted.
    public func say(_ text: String) {
        control.beginOperation()
        speak([SpokenPart(text: text, locale: conversation.speakerLocale)], evenWhenMuted: true)
    }

    /// Says the last spoken thing again (`:again`). Muted, a translation stays silent (and
    /// says so); what `:say` said is said again, as `:say` speaks even when muted.
    public func sayAgain() {
        control.beginOperation()
        guard !lastSpoken.isEmpty else {
            emit(.condition(.nothingSaidYet))
            return
        }
        speak(lastSpoken, evenWhenMuted: lastSpokenEvenWhenMuted, explicit: true)
    }

    /// Speaks `parts` through the session with the echo guard, unless muted or without a
    /// speaker (then says what was not spoken). Enter or Ctrl-C stops the speech at once.
    /// `explicit` (`:say`, `:again`) says why nothing was spoken; a turn's translation is on
    /// screen already.
    /// `prepared` is the first part's audio made ahead, played instead of synthesising it.
    func speak(_ whole: [SpokenPart], evenWhenMuted: Bool = false, explicit: Bool? = nil, prepared: PreparedSpeech? = nil) {
        guard !whole.isEmpty else { return }
        let parts = Self.bounded(whole, limit: Self.maximumSpokenCharacters)
        lastSpoken = parts
        lastSpokenEvenWhenMuted = evenWhenMuted
        let text = parts.map(\.text).joined(separator: " ")
        let locale = parts[0].locale
        let muted = control.snapshot.muted && !evenWhenMuted
        guard !muted, let audio, audio.canPlay, speakerFailure == nil else {
            let reason = muted ? "muted" : audio == nil ? "no audio device"
                : speakerFailure != nil ? "the speaker failed" : "no speaker"
            if explicit ?? evenWhenMuted { emit(.notSpoken(text: text, locale: locale, reason: reason)) }
            prepared?.cancel()
            return
        }
        // Audio prepared and not played would keep the synthesizer busy for nothing.
        defer { prepared?.cancel() }
        guard let synthesizer = synthesizerOrProblem() else { return }
        let total = whole.reduce(0) { $0 + $1.text.count }
        if parts != whole { emit(.condition(.speechCut(spoken: parts.reduce(0) { $0 + $1.text.count }, total: total))) }
        let output = SpeechOutput(synthesizer: synthesizer, session: audio, time: self.parts.time)
        do {
            let outcome = try output.speak(parts, style: { [voices] locale in
                (voices.voice(for: locale), voices.settings(for: locale))
            }, prepared: prepared, shouldStop: { [control] in
                control.isCancelRequested || control.takeFinish()
            }, starting: { part in
                emit(.speaking(part))
            }, skipped: { part, error in
                emit(.condition(.partNotSpoken(part, Self.parleyError(error, stage: .synthesis))))
            })
            if outcome.playedPrepared { speculationTally.preparedSpeechPlayed += 1 }
            emit(.spoken(stoppedEarly: outcome.stoppedEarly))
            // An Enter that came as the last audio drained was meant for this speech; left
            // pending, it would end the next hands-free turn before anyone spoke.
            _ = control.takeFinish()
        } catch let error as ParleyError where error.stage == .audio {
            speakerFailed(error)
        } catch {
            emit(.problem(Self.parleyError(error, stage: .synthesis)))
        }
    }

    /// The most a turn says: about five minutes of speech. A pasted book translated word by
    /// word took a minute and gigabytes to make into audio; it is shown whole, said in part.
    public static let maximumSpokenCharacters = 4_000

    /// `parts` up to `limit` characters, the last one cut at a space.
    static func bounded(_ parts: [SpokenPart], limit: Int) -> [SpokenPart] {
        var left = limit
        var result: [SpokenPart] = []
        for part in parts {
            guard left > 0 else { break }
            if part.text.count <= left {
                result.append(part)
                left -= part.text.count
            } else {
                let head = part.text.prefix(left)
                let cut = head.lastIndex(of: " ").map { head[..<$0] } ?? head
                result.append(SpokenPart(text: String(cut), locale: part.locale))
                break
            }
        }
        return result
    }

    /// Playing failed. A microphone that still works is kept: the turns go on spoken, and
    /// their translations are shown until another speaker is chosen (`:device out`).
    /// Without a working microphone, the whole session goes.
    func speakerFailed(_ error: ParleyError) {
        guard let audio, audio.canCapture, audio.captureFailure == nil else {
            deviceFailed(error)
            return
        }
        speakerFailure = error
        emit(.problem(error))
        emit(.condition(.speakerLost))
    }

    /// The audio device failed: say so once and go on in typed mode.
    func deviceFailed(_ error: ParleyError) {
        close()
        emit(.audioLost(error))
    }

    /// Opens `endpoints`; a side that does not open is reported and the other kept.
    func openAudio(_ endpoints: AudioEndpoints) {
        let opening = parts.openAudio(endpoints)
        audio = opening.session
        speakerFailure = nil
        streams = [:]
        let failures = [AudioDirection.capture, .playback].compactMap { opening.failures[$0] }
        if let session = opening.session {
            for failure in failures { emit(.problem(failure)) }
            // Translations would be silent without a word: said once, here.
            if session.canCapture, !session.canPlay { emit(.condition(.noSpeaker(recordings: endpoints.kind == .recordings))) }
            return
        }
        // Nothing opened: one message, naming only the devices the person chose themselves.
        let named = [AudioDirection.capture, .playback]
            .filter { endpoints.name(of: $0) != "default" }.compactMap { opening.failures[$0] }
        emit(.condition(.noAudioDevice(failures: named)))
    }
}
