import Foundation

/// Loads one speech model the way a conversation would and decodes a moment of silence
/// with it, to prove every part of it can be read. Kaldi reports a broken part on stderr
/// and may abort the process, so `parley doctor` runs this in a child process of its own
/// (`parley check-model`) and reads the verdict and Kaldi's log from outside.
public enum ModelLoadTest {
    /// Loads the model in `folder` for `locale` with `library`, makes a recognizer at the
    /// model's own sample rate and decodes half a second of silence. Throws the error a
    /// conversation would meet (naming the broken file where the files show it).
    public static func run(folder: URL, locale: LocaleTag, library: VoskLibrary) throws {
        let model = try VoskModel(library: library, locale: locale, folder: folder)
        let rate = ModelDiagnosis.sampleRate(of: folder)
        let recognizer = try VoskRecognizer(library: library, model: model, sampleRate: rate, maxAlternatives: 1)
        _ = try recognizer.accept([Int16](repeating: 0, count: rate / 2))
        _ = recognizer.finalResult()
    }
}
