import Foundation
import ParleyKit

/// The commands that choose what the conversation runs on: the pair, the translator, the
/// audio devices, and the status of each language.
extension ConversationREPL {
    func switchPair(_ tags: [String]) {
        do {
            // :pair en ko and :pair en:ko name the same pair.
            let tags = tags.count == 1 ? tags[0].split(separator: ":", omittingEmptySubsequences: false).map(String.init) : tags
            guard tags.count == 2 else { throw UsageError("Name two languages: :pair en ko (or :pair en:ko)") }
            let pair = try CommandLineParser.parseConversation(tags[...], preferences: preferences)
            perform { $0.switchPair(first: pair.first, second: pair.second) }
            output.line("Now \(pair.first.displayName) ↔ \(pair.second.displayName).")
            updateCompletions()
        } catch {
            output.error(error)
        }
    }

    func showLanguages() {
        for language in perform({ $0.languageStatus() }) {
            let model = switch language.speechModel {
            case .loaded: "\(language.locale) loaded"
            case .installed: "\(language.locale) installed"
            case .unavailable(let error) where error.code == .libraryMissing: "none (libvosk is missing: \(VoskLibrary.fix()))"
            case .unavailable: "none (\(SetupModels.fix(for: language.locale)))"
            }
            let translation = language.translation ?? "nothing (add entries with :dict add)"
            output.line("\(language.locale) \(language.locale.displayName)")
            output.line("  speech model: \(model); voice: \(language.voice ?? "none"); to \(language.other.language): \(translation)")
        }
    }

    func switchTranslator(_ name: String?) {
        guard let name else {
            let (current, languages) = perform { ($0.translatorName, $0.languageStatus()) }
            output.line("Translating with \(current). Choose with :translator "
                + TranslatorKind.allCases.map(\.rawValue).joined(separator: "|"))
            for language in languages {
                output.line("  \(language.locale.language)→\(language.other.language): \(language.translation ?? "nothing")")
            }
            return
        }
        do {
            let translator = try CommandLineParser.translatorKind(name).make(library: library)
            // As :pair does: a translator that cannot serve this pair is refused, with the reason.
            let snapshot = snapshot
            for (source, target) in [(snapshot.speaker, snapshot.listener), (snapshot.listener, snapshot.speaker)] {
                if let reason = translator.unavailableReason(from: source, to: target) {
                    output.error(reason)
                    output.note("Still translating with \(perform { $0.translatorName }).")
                    return
                }
            }
            // The engine starts an Apertium pipeline in the background, so the next turn does not wait.
            perform { $0.useTranslator(translator) }
            output.line("Translating with \(translator.name).")
        } catch {
            output.error(error)
        }
    }

    func switchDevice(_ words: [String]) {
        guard words.count == 2, let direction = ["in": AudioDirection.capture, "out": .playback][words[0]] else {
            output.note("Write :device in NAME or :device out NAME (:devices lists them).")
            return
        }
        let name = words[1]
        let outcome = perform { engine in
            Result { try engine.switchDevice(direction, to: name) }
                .mapError { ParleyError.wrapping($0, stage: .audio, code: .deviceUnavailable) }
        }
        switch outcome {
        case .success(let summary): output.line("Audio: \(summary).")
        case .failure(let error):
            output.error(error)
            let summary = perform { $0.audioSummary }
            output.note(summary.map { "Still using \($0)." } ?? "Continuing in typed mode.")
        }
    }
}
