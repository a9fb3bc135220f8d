import Foundation

extension ConversationEngine {
    /// Interprets without turns (`:interpret`): the speaker's language into the listener's,
    /// live from the conversation's microphone, until Enter (`finishNow`), Ctrl-C
    /// (`interrupt`) or the end of the input recording. Segments are cut at pauses of the
    /// conversation's endpoint setting and at clause boundaries, shown as `.interpretation`
    /// events, journaled as segments after the turns, and (unless muted) said in the
    /// listener's voice in the same room. The turn does not pass.
    public func interpret() {
        control.beginOperation()
        let (source, target) = (conversation.speakerLocale, conversation.listenerLocale)
        guard let audio, audio.canCapture else {
            emit(.problem(audio?.captureFailure ?? ParleyError(.audio, .deviceUnavailable,
                "No microphone to interpret from: start parley with --input PCM, or interpret a recording with "
                + "parley interpret \(source.language) \(target.language) --input-wav FILE.")))
            return
        }
        if audio.captureFailure?.code == .inputEnded {
            emit(.condition(.recordingEnded))
            return
        }
        guard let recognition = recognitionOrProblem() else { return }
        if let missing = recognition.unavailableReason(source) {
            emit(.problem(missing))
            return
        }
        if !recognition.isReady(source) { emit(.modelLoading(source)) }
        var interpretation = LiveInterpretation(source: source, target: target, recognition: recognition,
                                                translator: parts.translator, journal: parts.journal,
                                                recordsWritten: recordsWritten, time: parts.time)
        // The conversation's endpoint setting is its idea of a pause; the recognizer's own
        // endpoint waits for parley's while it is set (`setCallerEndsUtterances`).
        interpretation.settings = SegmentationSettings(pause: endpointer?.trailingSilence ?? SegmentationSettings.defaultPause)
        let (ending, written) = interpretation.run(listeningTo: audio, speaking: voiceForInterpretation(of: target),
                                                   shouldStop: { [control] in
            control.isCancelRequested || control.takeFinish()
        }, events: { emit(.interpretation($0)) })
        recordsWritten = written
        _ = control.takeCancel()
        // A failure was reported as it happened; the next Enter says what the microphone is.
        if ending == .inputEnded { emit(.condition(.recordingEnded)) }
    }

    /// The voice that says interpretations in `target`: none when muted or without a working
    /// speaker (translations are then shown only).
    private func voiceForInterpretation(of target: LocaleTag) -> InterpretationVoice.Setup? {
        guard !control.snapshot.muted, let audio, audio.canPlay, speakerFailure == nil,
              let synthesizer = synthesizerOrProblem() else { return nil }
        return InterpretationVoice.Setup(synthesizer: synthesizer, session: audio, sharesRoom: true, voices: voices)
    }
}
