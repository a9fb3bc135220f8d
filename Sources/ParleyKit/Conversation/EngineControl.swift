import Foundation
import Synchronization

/// Where a conversation stands, for a front end to show (the prompt, `:history`).
public struct ConversationSnapshot: Sendable, Equatable {
    /// The two sides and whose turn it is.
    public internal(set) var conversation: Conversation
    /// The locale of the side whose turn it is, and the locale it is translated into.
    public var speaker: LocaleTag { conversation.speakerLocale }
    public var listener: LocaleTag { conversation.listenerLocale }
    /// Dictation: turns are spoken back in the speaker's language, not translated.
    public var dictating = false
    /// Hands-free: after each turn the other side is listened to at once.
    public var handsFree = false
    /// A line clearly in the listener's language is taken as the listener's turn (`:detect`).
    public var detectsLanguage = true
    /// Translations are shown, not spoken.
    public var muted = false
    /// The trailing silence that ends an utterance, in seconds; nil when the recognizer decides.
    public var endpoint: Double?
    /// The completed turns, in order.
    public var turns: [TurnRecord] = []

    /// The locale whose voice `:voice` and `:rate` change, and that a turn is spoken in:
    /// the listener's, or when dictating the speaker's own.
    public var voiceLocale: LocaleTag { dictating ? speaker : listener }
}

/// The part of the conversation engine other threads may use while it works: stopping what
/// it is doing, and reading where the conversation stands. Everything here is thread-safe.
public final class EngineControl: Sendable {
    private struct Requests {
        var cancel = false
        var finish = false
        var translator: (any Translating)?
        var synthesizer: (any SpeechSynthesizing)?
    }

    private let requests = Mutex(Requests())
    private let current: Mutex<ConversationSnapshot>
    /// Wakes the engine's `wait(until:)`: broadcast on `interrupt` and on `wakeUp`.
    private let woken = NSCondition()

    init(snapshot: ConversationSnapshot) {
        current = Mutex(snapshot)
    }

    /// Cancels what the engine is doing (Ctrl-C): listening stops and the turn is dropped, a
    /// translation in progress stops, speech stops, a hands-free loop ends.
    public func interrupt() {
        let (translator, synthesizer) = requests.withLock { requests in
            requests.cancel = true
            return (requests.translator, requests.synthesizer)
        }
        translator?.cancel()
        synthesizer?.stop()
        wakeUp()
    }

    /// Ends the step in progress early without cancelling the turn (Enter): listening
    /// finishes with what was heard so far; speech stops and the conversation goes on.
    public func finishNow() {
        let synthesizer = requests.withLock { requests in
            requests.finish = true
            return requests.synthesizer
        }
        synthesizer?.stop()
    }

    /// Where the conversation stands now.
    public var snapshot: ConversationSnapshot { current.withLock { $0 } }

    // MARK: - Used by the engine

    /// What `body` reads of the snapshot, without copying it: a copy held while the engine
    /// appends a turn makes the append copy every turn so far.
    func read<Value>(_ body: (ConversationSnapshot) -> Value) -> Value {
        current.withLock { body($0) }
    }

    func update(_ change: (inout ConversationSnapshot) -> Void) {
        current.withLock { change(&$0) }
    }

    /// Clears requests left from earlier work, before an operation starts.
    func beginOperation() {
        requests.withLock {
            $0.cancel = false
            $0.finish = false
        }
    }

    /// True once after `interrupt`.
    func takeCancel() -> Bool {
        requests.withLock { requests in
            defer { requests.cancel = false }
            return requests.cancel
        }
    }

    /// Blocks the engine's thread until `done` is true, checked at first and after each
    /// `wakeUp`, or until `interrupt`: false (the cancel taken) when interrupted.
    func wait(until done: () -> Bool) -> Bool {
        woken.lock()
        defer { woken.unlock() }
        while true {
            if takeCancel() { return false }
            if done() { return true }
            woken.wait()
        }
    }

    /// Makes `wait(until:)` check its condition again (what it waits for may have happened).
    func wakeUp() {
        woken.lock()
        woken.broadcast()
        woken.unlock()
    }

    /// True while an `interrupt` is pending (not taking it).
    var isCancelRequested: Bool { requests.withLock { $0.cancel } }

    /// True once after `finishNow`.
    func takeFinish() -> Bool {
        requests.withLock { requests in
            defer { requests.finish = false }
            return requests.finish
        }
    }

    /// The stages `interrupt` and `finishNow` stop.
    func track(translator: any Translating) {
        requests.withLock { $0.translator = translator }
    }

    func track(synthesizer: any SpeechSynthesizing) {
        requests.withLock { $0.synthesizer = synthesizer }
    }
}
