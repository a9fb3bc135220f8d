import Foundation

/// Which speech recognizer parley listens with, and the one place one is made (as
/// `TranslatorKind` is for translators). Front ends ask here rather than naming an engine.
public enum RecognizerKind: String, Sendable, CaseIterable, Equatable {
    /// Vosk (libvosk, loaded at run time) with a Kaldi model per locale.
    case vosk

    /// What parley listens with.
    public static let standard = RecognizerKind.vosk

    /// Why this recognizer cannot listen at all on this machine (its library is missing or
    /// broken, with the fix), or nil when it can; a missing model for one locale is a
    /// stream's `unavailableReason` instead.
    public var unavailableReason: ParleyError? {
        switch self {
        case .vosk:
            if case .failure(let error) = VoskLibrary.shared { return error }
            return nil
        }
    }

    /// A recognizer of this kind over the models in `modelRoots`, picking a bare language's
    /// locale by `preferences`.
    public func make(modelRoots: [URL], preferences: PreferredLocales) -> any SpeechRecognizing {
        switch self {
        case .vosk: VoskRecognition(store: ModelStore(roots: modelRoots, preferences: preferences))
        }
    }

    /// Lets the engine log its own progress to stderr (`verbose`), or keeps it to errors.
    public func setLogging(verbose: Bool) {
        switch self {
        case .vosk: if case .success(let vosk) = VoskLibrary.shared { vosk.setLogging(verbose: verbose) }
        }
    }
}
