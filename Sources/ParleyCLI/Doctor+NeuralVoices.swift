import Foundation
import ParleyKit

extension Doctor {
    /// A voice setup installs for each language it knows one for, named in the fix.
    static let suggestedVoices = ["en": "en_US-joe-medium", "es": "es_ES-davefx-medium",
                                  "fr": "fr_FR-siwis-medium", "de": "de_DE-thorsten-medium"]

    /// sherpa-onnx, every installed neural voice (loaded once, to prove it speaks) and
    /// whether each side of the pair has one. Nothing here is required: espeak-ng speaks
    /// whatever has no neural voice.
    func checkNeuralVoices() -> [DoctorCheck] {
        let catalog = NeuralVoiceCatalog.scan(roots: paths.voiceRoots)
        var checks: [DoctorCheck] = []
        var synthesizer: NeuralSynthesizer?
        switch SherpaOnnxLibrary.shared {
        case .success(let library):
            checks.append(DoctorCheck(component: "neural voices (sherpa-onnx)", status: .ok,
                                      detail: "\(library.version) at \(library.path)", fix: nil, required: false))
            synthesizer = NeuralSynthesizer(library: library, catalog: catalog, preferences: config.preferredLocales)
        case .failure(let error):
            checks.append(DoctorCheck(component: "neural voices (sherpa-onnx)", status: .warning,
                                      detail: error.message + " espeak-ng speaks every language meanwhile.",
                                      fix: "scripts/setup", required: false))
        }
        for problem in catalog.problems {
            checks.append(DoctorCheck(component: "neural voice \(problem.name)", status: .broken, detail: problem.reason,
                                      fix: "parley install voice \(problem.name)", required: false))
        }
        for voice in catalog.voices {
            let component = "neural voice \(voice.name)"
            guard let synthesizer else {
                checks.append(DoctorCheck(component: component, status: .warning,
                                          detail: "\(voice.locale), installed but silent without sherpa-onnx",
                                          fix: "scripts/setup", required: false))
                continue
            }
            do {
                try synthesizer.load(voice)
                checks.append(DoctorCheck(component: component, status: .ok,
                                          detail: "\(voice.locale), \(voice.quality) quality, loads; licence: \(voice.licence)",
                                          fix: nil, required: false))
            } catch {
                let problem = ParleyError.wrapping(error, stage: .synthesis, code: .modelBroken)
                checks.append(DoctorCheck(component: component, status: .broken, detail: problem.message,
                                          fix: voice.installCommand, required: false))
            }
        }
        for locale in [pair.0, pair.1] {
            let component = "neural voice for \(locale)"
            if let voice = catalog.ranked(for: locale, preferences: config.preferredLocales).first {
                checks.append(DoctorCheck(component: component, status: .ok, detail: voice.name, fix: nil, required: false))
            } else {
                let suggestion = Self.suggestedVoices[locale.language]
                checks.append(DoctorCheck(component: component, status: .warning,
                    detail: "none installed: espeak-ng speaks \(locale.language)"
                        + (suggestion == nil ? " (parley knows no Piper voice to suggest for it)" : ""),
                    fix: suggestion.map { "parley install voice \($0)" }, required: false))
            }
        }
        return checks
    }
}
