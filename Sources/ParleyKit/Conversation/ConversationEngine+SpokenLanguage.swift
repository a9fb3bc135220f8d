extension ConversationEngine {
    /// The listener's reading of an utterance heard on the speaker's turn, when it was
    /// clearly said in the listener's language (`SpokenLanguageJudge`): the listener's
    /// recognizer hears the same audio. nil when the speaker's own reading is not in doubt,
    /// when detection is off or dictating, or when the listener's model is not loaded yet
    /// (it is never waited for: the turn goes on as heard).
    func listenersReading(of heard: AudioChunk, ownReading own: RecognitionResult) -> RecognitionResult? {
        let snapshot = control.snapshot
        guard snapshot.detectsLanguage, !snapshot.dictating, !heard.samples.isEmpty,
              let recognition = parts.recognition, recognition.isReady(snapshot.listener) else { return nil }
        // The speaker's words translated while the silence ran are the translation judged:
        // made again, a neural model's would cost as much as the turn's own.
        let ownReading = speculatedTranslation(of: own.text, from: snapshot.speaker, to: snapshot.listener)
            .map { SpokenLanguageJudge.reading(own, translation: $0) }
            ?? SpokenLanguageJudge.reading(own, in: snapshot.speaker, translatedBy: parts.translator, into: snapshot.listener)
        guard SpokenLanguageJudge.doubts(ownReading),
              let theirs = decode(heard, in: snapshot.listener, recognition: recognition) else { return nil }
        let listenerReading = SpokenLanguageJudge.reading(theirs, in: snapshot.listener, translatedBy: parts.translator,
                                                          into: snapshot.speaker)
        return SpokenLanguageJudge.listenerSpoke(own: ownReading, listener: listenerReading) ? theirs : nil
    }

    /// `heard` decoded by `locale`'s recognizer, its utterances joined; nil when it failed or heard nothing.
    private func decode(_ heard: AudioChunk, in locale: LocaleTag, recognition: any SpeechRecognizing) -> RecognitionResult? {
        let key = "\(locale)@\(heard.sampleRate)"
        guard let stream = streams[key] ?? (try? recognition.makeStream(for: locale, sampleRate: heard.sampleRate,
                                                                        options: .conversation)) else { return nil }
        streams[key] = stream
        return try? stream.hearAll(heard)
    }
}
