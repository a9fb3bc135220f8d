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
            emit(.note("Nothing has been said yet."))
            return
        }
        speak(lastSpoken, evenWhenMuted: lastSpokenEvenWhenMuted, explicit: true)
    }

    /// Speaks `parts` through the session with the echo guard, unless muted or without a
    /// speaker (then says what was not spoken). Enter or Ctrl-C stops the speech at once.
    /// `explicit` (`:say`, `:again`) says why nothing was spoken; a turn's translation is on
    /// screen already.
    func speak(_ parts: [SpokenPart], evenWhenMuted: Bool = false, explicit: Bool? = nil) {
        guard !parts.isEmpty else { return }
        lastSpoken = parts
        lastSpokenEvenWhenMuted = evenWhenMuted
        let text = parts.map(\.text).joined(separator: " ")
        let locale = parts[0].locale
        let muted = control.snapshot.muted && !evenWhenMuted
        guard !muted, let audio, audio.canPlay, speakerFailure == nil else {
            let reason = muted ? "muted" : audio == nil ? "no audio device"
                : speakerFailure != nil ? "the speaker failed" : "no speaker"
            if explicit ?? evenWhenMuted { emit(.notSpoken(text: text, locale: locale, reason: reason)) }
            return
        }
        guard let synthesizer = synthesizerOrProblem() else { return }
        let output = SpeechOutput(synthesizer: synthesizer, session: audio)
        do {
            let outcome = try output.speak(parts, style: { [voices] locale in
                (voices.voice(for: locale), voices.settings(for: locale))
            }, shouldStop: { [control] in
                control.isCancelRequested || control.takeFinish()
            }, starting: { part in
                emit(.speaking(part))
            }, skipped: { part, error in
                emit(.note("Not spoken in \(part.locale)'s voice: \(part.text) (\(Self.parleyError(error, stage: .synthesis).message))"))
            })
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
        emit(.note("The microphone still works: translations are shown, not spoken, until another speaker "
            + "is chosen (:device out NAME)."))
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
            if session.canCapture, !session.canPlay { emit(.note(EngineNotes.noSpeaker(recordings: endpoints.kind == .recordings))) }
            return
        }
        // Nothing opened: one message, naming only the devices the person chose themselves.
        let named = [AudioDirection.capture, .playback]
            .filter { endpoints.name(of: $0) != "default" }.compactMap { opening.failures[$0]?.message }
        emit(.note((named + ["No audio device: parley works in typed mode (translations are shown, not spoken). "
            + "Use --input-wav/--output-wav for recordings, or :devices to look for one."]).joined(separator: " ")))
    }
}
