import Foundation
import ParleyKit

/// The commands that choose what the conversation runs on: the pair, the translator, the
/// audio devices, and the status of each language.
extension ConversationFrontEnd {
    func switchPair(_ tags: [String]) {
        do {
            // :pair en ko and :pair en:ko name the same pair.
            let tags = tags.count == 1 ? tags[0].split(separator: ":", omittingEmptySubsequences: false).map(String.init) : tags
            guard tags.count == 2 else { throw UsageError("Name two languages: :pair en ko (or :pair en:ko)") }
            let pair = try CommandLineParser.parseConversation(tags[...], preferences: preferences)
            perform { $0.switchPair(first: pair.first, second: pair.second) }
            reply("Now \(pair.first.displayName) ↔ \(pair.second.displayName).")
            pairChanged()
        } catch {
            report(error)
        }
    }

    func showLanguages() {
        for language in perform({ $0.languageStatus() }) {
            let model = switch language.speechModel {
            case .loaded: "\(language.locale) loaded"
            case .installed: "\(language.locale) installed"
            case .unavailable(let error) where error.code == .libraryMissing: "none (libvosk is missing: \(VoskLibrary.fix()))"
            case .unavailable: "none (\(InstallableModels.fix(for: language.locale)))"
            }
            let translation = language.translation ?? "nothing (add entries with :dict add)"
            reply("\(language.locale) \(language.locale.displayName)")
            reply("  speech model: \(model); voice: \(language.voice ?? "none"); to \(language.other.language): \(translation)")
        }
    }

    func switchTranslator(_ name: String?) {
        guard let name else {
            let (current, languages) = perform { ($0.translatorName, $0.languageStatus()) }
            reply("Translating with \(current). Choose with :translator "
                + TranslatorKind.allCases.map(\.rawValue).joined(separator: "|"))
            for language in languages {
                reply("  \(language.locale.language)→\(language.other.language): \(language.translation ?? "nothing")")
            }
            return
        }
        let kind: TranslatorKind
        do { kind = try CommandLineParser.translatorKind(name) } catch {
            report(error)
            return
        }
        // As :pair does: a translator that cannot serve this pair is refused, with the reason.
        // The engine starts an Apertium pipeline in the background, so the next turn does not wait.
        let outcome = perform { engine in
            Result { try engine.useTranslator(kind) }.mapError { ParleyError.wrapping($0, stage: .translation, code: .pairUnavailable) }
        }
        switch outcome {
        case .success(let name): reply("Translating with \(name).")
        case .failure(let error):
            report(error)
            hint("Still translating with \(perform { $0.translatorName }).")
        }
    }

    func switchDevice(_ direction: AudioDirection, to name: String) {
        let outcome = perform { engine in
            Result { try engine.switchDevice(direction, to: name) }
                .mapError { ParleyError.wrapping($0, stage: .audio, code: .deviceUnavailable) }
        }
        switch outcome {
        case .success(let summary): reply("Audio: \(summary).")
        case .failure(let error):
            report(error)
            let summary = perform { $0.audioSummary }
            hint(summary.map { "Still using \($0)." } ?? "Continuing in typed mode.")
        }
    }
}
