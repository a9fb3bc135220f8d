import Foundation
import ParleyKit

/// The endpoint benchmark's translator: another translator's translation with the words it
/// passed through left out (the Korean model's mishearings of espeak-ng's Korean, which
/// parley would say in the speaker's own voice), so every turn's speech starts in the
/// listener's voice, as a turn understood would: what "first audio with the neural English
/// voice" measures. A turn with nothing understood is answered "Pardon?".
struct UnderstoodWordsTranslator: Translating {
    let inner: any Translating

    var name: String { inner.name }

    func engine(from source: LocaleTag, to target: LocaleTag) -> String? { inner.engine(from: source, to: target) }

    func isClearly(_ listener: LocaleTag, not speaker: LocaleTag, text: String) -> Bool {
        inner.isClearly(listener, not: speaker, text: text)
    }

    func translate(_ text: String, from source: LocaleTag, to target: LocaleTag) throws -> Translation {
        let translation = try inner.translate(text, from: source, to: target)
        let understood = translation.segments.filter { $0.origin != .passthrough }.map(\.target)
            .filter { !$0.isEmpty }.joined(separator: " ")
        let spoken = understood.isEmpty ? "Pardon?" : understood
        return Translation(sourceText: translation.sourceText, source: source, target: target, text: spoken,
                           segments: [TranslationSegment(source: PhraseText.key(text), target: spoken, origin: .phrasebook)])
    }
}
