import Foundation
import ParleyKit
import Synchronization

/// Translation from a table, for tests: whole texts (compared by their words, so case and
/// punctuation do not matter) map to translations; any other text passes through word by
/// word, marked. With `delay`, each translation takes that long on its clock unless `cancel`
/// stops it.
public final class TableTranslator: Translating {
    public let name: String
    private let table: [LanguagePair: [String: String]]
    private let delay: Duration
    private let time: any TimeSource
    private let cancelled = WakeSignal()
    private let calls = Mutex<[String]>([])
    private let translatedObserver = Mutex<(@Sendable (String) -> Void)?>(nil)

    /// A translator over `table` (pair → source text → translation), taking `delay` seconds of
    /// `time` over each translation.
    public init(name: String = "table", _ table: [LanguagePair: [String: String]], delay: Double = 0,
                time: any TimeSource = SystemTime()) {
        self.name = name
        self.table = table.mapValues { entries in
            Dictionary(entries.map { (PhraseText.key($0.key), $0.value) }) { first, _ in first }
        }
        self.delay = .seconds(delay)
        self.time = time
    }

    /// The texts translated so far, in order.
    public var translated: [String] { calls.withLock { $0 } }

    /// Calls `body` with each text once its translation is made, on the translating thread
    /// (to hold a test's next step until a background translation is done, without sleeping).
    public func onTranslated(_ body: @escaping @Sendable (String) -> Void) {
        translatedObserver.withLock { $0 = body }
    }

    public func engine(from source: LocaleTag, to target: LocaleTag) -> String? {
        table[LanguagePair(source, target)] == nil ? nil : name
    }

    public func cancel() {
        cancelled.fire()
    }

    public func translate(_ text: String, from source: LocaleTag, to target: LocaleTag) throws -> Translation {
        let translation = try translateFromTable(text, from: source, to: target)
        translatedObserver.withLock { $0 }?(text)
        return translation
    }

    private func translateFromTable(_ text: String, from source: LocaleTag, to target: LocaleTag) throws -> Translation {
        cancelled.reset()
        calls.withLock { $0.append(text) }
        if delay > .zero, !time.wait(for: delay, wake: cancelled) {
            throw ParleyError(.translation, .interrupted, "Translation stopped.")
        }
        let pair = LanguagePair(source, target)
        guard let entries = table[pair] else {
            throw ParleyError(.translation, .pairUnavailable, "No table for \(pair).")
        }
        let words = PhraseText.words(text)
        if let whole = entries[words.joined(separator: " ")] {
            return Translation(sourceText: text, source: source, target: target, text: whole,
                               segments: [TranslationSegment(source: words.joined(separator: " "), target: whole, origin: .phrasebook)])
        }
        let segments = words.map { word in
            entries[word].map { TranslationSegment(source: word, target: $0, origin: .phrasebook) }
                ?? TranslationSegment(source: word, target: word, origin: .passthrough)
        }
        let plain = segments.map(\.target).joined(separator: " ")
        let marked = segments.map { $0.origin == .passthrough ? "[\($0.target)]" : $0.target }.joined(separator: " ")
        return Translation(sourceText: text, source: source, target: target, text: plain, markedText: marked, segments: segments)
    }
}
