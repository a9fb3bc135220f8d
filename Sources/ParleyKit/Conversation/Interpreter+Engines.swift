/// The commands that choose what the conversation runs on: the pair, the translator, the
/// audio devices, and the status of each language.
extension CommandExecution {
    func switchPair(_ tags: [String]) {
        do {
            let pair = try LanguageArguments.pair(tags, preferences: preferences)
            engine.switchPair(first: pair.first, second: pair.second)
            reply("Now \(pair.first.displayName) ↔ \(pair.second.displayName).")
        } catch {
            refuse(error)
        }
    }

    func showLanguages() {
        for language in engine.languageStatus() {
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
            reply("Translating with \(engine.translatorName). Choose with :translator "
                + TranslatorKind.allCases.map(\.rawValue).joined(separator: "|"))
            for language in engine.languageStatus() {
                reply("  \(language.locale.language)→\(language.other.language): \(language.translation ?? "nothing")")
            }
            return
        }
        let kind: TranslatorKind
        do { kind = try LanguageArguments.translatorKind(name) } catch {
            refuse(error)
            return
        }
        // As :pair does: a translator that cannot serve this pair is refused, with the reason.
        // The engine starts an Apertium pipeline in the background, so the next turn does not wait.
        do {
            reply("Translating with \(try engine.useTranslator(kind)).")
        } catch {
            refuse(ParleyError.wrapping(error, stage: .translation, code: .pairUnavailable))
            hint("Still translating with \(engine.translatorName).")
        }
    }

    func switchDevice(_ direction: AudioDirection, to name: String) {
        do {
            reply("Audio: \(try engine.switchDevice(direction, to: name)).")
        } catch {
            refuse(ParleyError.wrapping(error, stage: .audio, code: .deviceUnavailable))
            hint(engine.audioSummary.map { "Still using \($0)." } ?? "Continuing in typed mode.")
        }
    }
}
