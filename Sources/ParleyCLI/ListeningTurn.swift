import Foundation
import ParleyKit

extension ConversationREPL {
    /// A spoken turn: listens on the speaker's locale until the recognizer's endpoint,
    /// Enter, or Ctrl-C (which cancels), showing the words as they are recognised. With
    /// `:auto on`, listening goes on for the next side after each turn.
    func listen() {
        repeat {
            guard let result = hearOneUtterance() else { return }
            guard !result.isNoSpeech else {
                output.note("No speech heard; it is still \(conversation.speakerLocale)'s turn.")
                return
            }
            takeTurn(text: result.text, alternatives: result.alternatives.map(\.text), mode: "spoken")
        } while handsFree && audio != nil
    }

    /// The stream for the current speaker, reused across turns (making one costs ~80 ms).
    private func stream(for locale: LocaleTag, rate: Int) throws -> any RecognitionStream {
        guard let recognition else { throw VoskLibrary.shared.failureOrNil ?? ParleyError(.recognition, "No recognizer.") }
        let key = "\(locale)@\(rate)"
        if let existing = streams[key] { return existing }
        if !recognition.isReady(locale) {
            output.note("Loading the speech model for \(locale)… (Ctrl-C to type instead)")
            recognition.prepare(locale)
            while recognition.isLoading(locale) {
                if reader.takeInterrupt() {
                    throw ParleyError(.recognition, "Stopped waiting for the \(locale) model; type your turn, "
                        + "or press Enter on an empty line again once it has loaded.")
                }
                usleep(50_000)
            }
        }
        let stream = try recognition.makeStream(for: locale, sampleRate: rate, options: .conversation)
        streams[key] = stream
        return stream
    }

    private func hearOneUtterance() -> RecognitionResult? {
        let locale = conversation.speakerLocale
        guard let audio else {
            output.note("No microphone: type what you want to say (or start with --input-wav FILE).")
            return nil
        }
        let stream: any RecognitionStream
        do { stream = try self.stream(for: locale, rate: audio.captureRate) } catch {
            output.error(error)
            return nil
        }
        if reader.takeInterrupt() { output.note("Cancelled."); return nil }
        stream.reset()
        do { try audio.startListening() } catch let error as ParleyError {
            deviceFailed(error)
            return nil
        } catch {
            output.error(error)
            return nil
        }
        defer { audio.stopListening() }
        let live = reader.isInteractive
        if live { output.status("● listening in \(locale) — Enter stops, Ctrl-C cancels") }
        defer { if live { output.clearStatus() } }
        while true {
            if reader.takeInterrupt() {
                stream.reset()
                if live { output.clearStatus() }
                output.note("Turn cancelled.")
                return nil
            }
            if reader.enterPressed() { return finish(stream) }
            guard let chunk = audio.nextCaptured(timeout: 0.1) else {
                guard let failure = audio.captureFailure else { continue }
                if audio is FileAudioSession { return finish(stream) }
                deviceFailed(failure)
                return nil
            }
            do {
                switch try stream.accept(chunk.samples) {
                case .partial(let words)? where live: output.status("● \(locale): \(words)")
                case .final(let result)?: return result
                default: break
                }
            } catch {
                output.error(error)
                return nil
            }
        }
    }

    private func finish(_ stream: any RecognitionStream) -> RecognitionResult? {
        do { return try stream.finish() } catch {
            output.error(error)
            return nil
        }
    }
}

extension Result where Failure == ParleyError {
    /// The error, if this is a failure.
    var failureOrNil: ParleyError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
