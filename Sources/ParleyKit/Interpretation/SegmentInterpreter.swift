import Foundation

/// Translates heard segments one after another and journals each: the step after
/// recognition, for recordings and for the microphone alike. It reports each segment's
/// words (`heard`) just before translating them and its translation (`translated`) once it
/// is journaled, so a front end shows the translation right under its words.
///
/// Belongs to one thread (the one translating); it is handed to that thread whole, hence
/// `@unchecked Sendable`.
public final class SegmentInterpreter: @unchecked Sendable {
    /// The locales translated from and to.
    public let source: LocaleTag
    public let target: LocaleTag
    private let translator: any Translating
    /// The translator's language packs.
    public var packs: LanguagePacks { translator.packs }
    private let journal: TranscriptJournal?
    private let emit: @Sendable (InterpretationEvent) -> Void
    /// The journal's records so far (a conversation's turns come before an interpretation
    /// started inside it).
    public private(set) var recordsWritten: Int

    /// Interprets from `source` to `target` with `translator`, journaling to `journal` from
    /// record `recordsWritten + 1` on.
    public init(source: LocaleTag, target: LocaleTag, translator: any Translating, journal: TranscriptJournal?,
                recordsWritten: Int = 0, events: @escaping @Sendable (InterpretationEvent) -> Void) {
        self.source = source
        self.target = target
        self.translator = translator
        self.journal = journal
        self.recordsWritten = recordsWritten
        emit = events
    }

    /// Shows `heard`, translates and journals it, and shows the translation. A translation
    /// that fails is reported and the segment kept (and journaled) untranslated: one
    /// misheard segment does not stop a lecture.
    @discardableResult
    public func interpret(_ heard: HeardSegment) -> InterpretedSegment {
        emit(.heard(heard))
        var translation: Translation?
        do {
            // A control character inside the words is no word, and cut the engines' text short.
            let made = try translator.translate(InputText.cleaned(heard.text), from: source, to: target)
            translation = made.segments.isEmpty ? nil : made
        } catch {
            emit(.problem(ParleyError.wrapping(error, stage: .translation, code: .engineFailed)))
        }
        recordsWritten += 1
        do {
            try journal?.append(SegmentRecord(turn: recordsWritten, heard: heard, source: source, target: target,
                                              translation: translation))
        } catch {
            emit(.problem(ParleyError.wrapping(error, stage: .conversation, code: .unwritable)))
        }
        if let translation { emit(.translated(number: heard.number, translation)) }
        return InterpretedSegment(heard: heard, translation: translation)
    }
}
