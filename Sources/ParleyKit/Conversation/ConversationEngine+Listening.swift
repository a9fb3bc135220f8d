import Foundation

extension ConversationEngine {
    /// A spoken turn: listens on the speaker's locale until the recognizer's endpoint,
    /// `finishNow` (Enter) or `interrupt` (Ctrl-C, which cancels), then completes the turn.
    /// Hands-free, listening goes on for the next side after each completed turn.
    public func listen() {
        control.beginOperation()
        listenHandsFree()
    }

    /// Listens for turns: one, or hands-free one after another until a turn does not complete.
    private func listenHandsFree() {
        repeat {
            guard let (result, heardIn) = hearUtterance() else { return }
            guard !result.isNoSpeech else {
                discardSpeculation()
                // Heard to its end, the input recording has no more for the next Enter either.
                if audio?.captureFailure?.code == .inputEnded { emit(.condition(.recordingEnded)) }
                emit(.noSpeech(conversation.speakerLocale))
                return
            }
            // Said in the listener's language, as the listener's recognizer hears it: their turn.
            let theirs = listenersReading(of: heardIn, ownReading: result)
            if theirs != nil { giveTurnToTheListener() }
            let heard = theirs ?? result
            let speech = SpeechAnalytics(words: heard.words, audio: heardIn.samples, sampleRate: heardIn.sampleRate)
            guard completeTurn(text: heard.text, readings: heard.alternatives.map(\.text), mode: .spoken,
                               detectingLanguage: theirs == nil, speech: speech) else { return }
        } while continuesHandsFree
    }

    /// True when hands-free listening goes on for the next side: it is on, nothing was
    /// cancelled, and there is a microphone with something left to hear.
    private var continuesHandsFree: Bool {
        control.snapshot.handsFree && !control.isCancelRequested && audio?.canCapture == true
            && audio?.captureFailure == nil
    }

    /// After a turn that was not listened for (typed, or from a recording): hands-free, the
    /// next side is listened to as soon as its translation has played, as after a spoken one.
    func listenAfterTurnIfHandsFree() {
        guard continuesHandsFree else { return }
        listenHandsFree()
    }

    /// A turn from a recording (`:listen FILE`): every stretch of speech in it, as one turn.
    /// `interrupt` (Ctrl-C) stops decoding at once and cancels the turn.
    public func listen(toRecording file: URL) {
        control.beginOperation()
        let locale = conversation.speakerLocale
        guard let recognition = recognitionOrProblem() else { return }
        do {
            let (segments, _) = try FileTranscriber(recognition: recognition)
                .transcribe(file, locale: locale, maxAlternatives: RecognitionOptions.conversation.maxAlternatives,
                            onNotice: { [emit] in emit(.condition(.recordingNotice($0))) }, shouldStop: { [control] in control.isCancelRequested })
            guard !segments.isEmpty else {
                emit(.noSpeech(locale))
                return
            }
            let text = segments.map(\.result.text).joined(separator: " ")
            let readings = segments.count == 1 ? segments[0].result.alternatives.map(\.text) : []
            let speech = SpeechAnalytics.combined(segments.compactMap { segment in
                segment.speech.map { ($0, segment.result.words.count, segment.end - segment.start) }
            })
            guard completeTurn(text: text, readings: readings, mode: .recording, speech: speech) else { return }
            listenAfterTurnIfHandsFree()
        } catch let error as ParleyError where error.code == .interrupted {
            _ = control.takeCancel()
            emit(.cancelled)
        } catch {
            emit(.problem(Self.parleyError(error, stage: .recognition)))
        }
    }

    /// One utterance from the microphone, with the audio it was heard in; nil when listening
    /// failed or was cancelled (already reported), a result with no speech when nothing was said.
    private func hearUtterance() -> (RecognitionResult, AudioChunk)? {
        let locale = conversation.speakerLocale
        guard let audio, audio.canCapture else {
            emit(.problem(audio?.captureFailure ?? ParleyError(.audio, .deviceUnavailable,
                "No microphone: type what you want to say (or start with --input-wav FILE).")))
            return nil
        }
        if audio.captureFailure?.code == .inputEnded {
            emit(.condition(.recordingEnded))
            return nil
        }
        guard let recognition = recognitionOrProblem() else { return nil }
        let key = "\(locale)@\(audio.captureRate)"
        if streams[key] == nil, !recognition.isReady(locale) {
            if let missing = recognition.unavailableReason(locale) {
                emit(.problem(missing))
                return nil
            }
            emit(.modelLoading(locale))
        }
        // The microphone is live from here on, so words said while a model still loads are kept.
        do { try audio.startListening() } catch {
            deviceFailed(Self.parleyError(error, stage: .audio))
            return nil
        }
        emit(.listening(locale))
        let outcome: ListeningOutcome
        var heard = UtteranceAudio()
        do {
            outcome = try stream(for: locale, rate: audio.captureRate, key: key).map { stream in
                stream.reset()
                return capture(from: audio, into: stream, keeping: &heard)
            } ?? .cancelled
        } catch {
            outcome = .failed(Self.parleyError(error, stage: .recognition))
        }
        audio.stopListening()
        if case .heard = outcome {} else { discardSpeculation() }
        switch outcome {
        case .heard(let result): return (result, AudioChunk(samples: heard.samples, sampleRate: heard.sampleRate ?? audio.captureRate))
        case .cancelled:
            streams[key]?.reset()
            emit(.cancelled)
        case .failed(let error): emit(.problem(error))
        case .lost(let error): deviceFailed(error)
        }
        return nil
    }

    /// How listening to one utterance ended.
    private enum ListeningOutcome {
        case heard(RecognitionResult), cancelled, failed(ParleyError), lost(ParleyError)
    }

    /// The audio an utterance was heard in, for how it was said (`SpeechAnalytics`).
    private struct UtteranceAudio {
        var samples: [Int16] = []
        var sampleRate: Int?

        mutating func keep(_ chunk: AudioChunk) {
            samples += chunk.samples
            sampleRate = chunk.sampleRate
        }
    }

    /// Feeds the microphone to `stream` until the endpoint, Enter, Ctrl-C, the end of the
    /// input recording or a failure, keeping what it fed in `heard`.
    ///
    /// Speculating (`speculates`), the recognizer's utterance is finished at each pause that
    /// could end the turn, before the decision: Vosk's words lag the audio by about 0.45 s
    /// (the endpointer's whole default wait), and its partial result at a pause matched its
    /// final one in only 7 of 20 Korean phrases, but the final result is the same whether it
    /// is taken 0.15 s or 0.45 s into the silence (20 of 20). The turn's translation is made
    /// while the silence runs, and with `cuesReadFinalWords` the end-of-turn cues read those
    /// final words. When the speaker goes on, the recognizer starts a new utterance and the
    /// turn joins them (`HeardSegments`).
    private func capture(from audio: any AudioSession, into stream: any RecognitionStream,
                         keeping heard: inout UtteranceAudio) -> ListeningOutcome {
        let locale = stream.locale
        endpointer?.reset(cues: endOfTurnCues ? TurnCues(pack: parts.translator.packs.pack(locale.language)) : nil)
        var segments = HeardSegments()
        while true {
            if control.takeCancel() { return .cancelled }
            if control.takeFinish() { return finish(stream, drainingFrom: audio, keeping: &heard, segments: segments) }
            guard let chunk = audio.nextCaptured(timeout: 0.1) else {
                guard let failure = audio.captureFailure else { continue }
                return failure.code == .inputEnded ? finish(stream, keeping: &heard, segments: segments) : .lost(failure)
            }
            endpointer?.observe(chunk.samples, sampleRate: chunk.sampleRate)
            // parley's endpoint comes first; the chunk that ends it is silence the recognizer
            // need not decode. Vosk's own endpoint remains the fallback.
            if endpointer?.isEndpoint == true { return finish(stream, keeping: &heard, segments: segments) }
            heard.keep(chunk)
            do {
                if speculates, endpointer?.shouldSpeculate == true {
                    endpointer?.speculated()
                    segments.add(try stream.finish())
                    if cuesReadFinalWords {
                        endpointer?.recognizerHeard(segments.text(),
                                                    lastWordConfidence: segments.results.last?.words.last?.confidence)
                    }
                    // The live line shows the words as they are final, not the lagging partial ones.
                    if !segments.results.isEmpty { emit(.partial(locale, segments.text())) }
                    speculate(on: segments.text())
                }
                switch try stream.accept(chunk.samples) {
                case .partial(let words)?:
                    // The speaker went on: what was speculated on is not the turn.
                    if !words.isEmpty { discardSpeculation() }
                    // An empty partial after the words finished at this pause says nothing new:
                    // those were read above (with `cuesReadFinalWords`, with their confidence),
                    // or, without it, wait until the speaker goes on, as partial words alone would.
                    if !words.isEmpty || segments.results.isEmpty {
                        endpointer?.recognizerHeard(segments.text(with: words))
                    }
                    emit(.partial(locale, segments.text(with: words)))
                case .final(let result)?:
                    segments.add(result)
                    return .heard(segments.joined(locale: locale))
                case nil: break
                }
            } catch {
                return .failed(Self.parleyError(error, stage: .recognition))
            }
        }
    }

    /// Ends the utterance with what was heard: the utterances finished at pauses (`segments`)
    /// and the one in progress. With `audio`, what it has captured and the recognizer has not
    /// decoded yet (Enter while a model loaded) is decoded first.
    private func finish(_ stream: any RecognitionStream, drainingFrom audio: (any AudioSession)? = nil,
                        keeping heard: inout UtteranceAudio, segments: HeardSegments) -> ListeningOutcome {
        var segments = segments
        do {
            while let chunk = audio?.nextCaptured(timeout: 0) {
                heard.keep(chunk)
                if case .final(let result)? = try stream.accept(chunk.samples) {
                    segments.add(result)
                    return .heard(segments.joined(locale: stream.locale))
                }
            }
            segments.add(try stream.finish())
            return .heard(segments.joined(locale: stream.locale))
        } catch {
            return .failed(Self.parleyError(error, stage: .recognition))
        }
    }

    /// The stream for `locale` at `rate`, made once and reused; waits for a model still
    /// loading. nil when Ctrl-C stopped the wait.
    private func stream(for locale: LocaleTag, rate: Int, key: String) throws -> (any RecognitionStream)? {
        if let existing = streams[key] { return existing }
        guard let recognition = parts.recognition else { return nil }
        recognition.prepare(locale)
        if recognition.isLoading(locale) {
            recognition.whenLoaded(locale) { [control] in control.wakeUp() }
            guard control.wait(until: { !recognition.isLoading(locale) }) else { return nil }
        }
        let stream = try recognition.makeStream(for: locale, sampleRate: rate, options: .conversation)
        streams[key] = stream
        return stream
    }

    func recognitionOrProblem() -> (any SpeechRecognizing)? {
        guard let recognition = parts.recognition else {
            emit(.problem(parts.recognitionFailure))
            return nil
        }
        return recognition
    }
}
