import Foundation
import ParleyKit

extension Doctor {
    /// ONNX Runtime, every installed neural translation model (loaded and made to translate a
    /// word, to prove it works) with its licence and published score, and whether each
    /// direction of the pair has one. Nothing here is required: Apertium and the
    /// dictionaries translate what has no model.
    func checkNeuralTranslation() -> [DoctorCheck] {
        let translator = NeuralTranslator(roots: paths.translationRoots)
        let catalog = translator.catalog
        var checks: [DoctorCheck] = []
        let runtime = OnnxRuntime.shared
        switch runtime {
        case .success(let runtime):
            checks.append(DoctorCheck(component: "neural translation (onnxruntime)", status: .ok,
                                      detail: "\(runtime.version) at \(runtime.path)", fix: nil, required: false))
        case .failure(let error):
            checks.append(DoctorCheck(component: "neural translation (onnxruntime)", status: .warning,
                                      detail: error.message + " Apertium and the dictionaries translate meanwhile.",
                                      fix: "scripts/setup", required: false))
        }
        for (direction, problem) in catalog.problems.sorted(by: { $0.key < $1.key }) {
            checks.append(DoctorCheck(component: "translation model \(direction)", status: .broken, detail: problem.message,
                                      fix: "parley install translation \(direction.source)-\(direction.target)", required: false))
        }
        for (direction, model) in catalog.models.sorted(by: { $0.key < $1.key }) {
            let component = "translation model \(direction)"
            guard case .success = runtime else {
                checks.append(DoctorCheck(component: component, status: .warning,
                                          detail: "installed in \(model.folder.path), unused without onnxruntime",
                                          fix: "scripts/setup", required: false))
                continue
            }
            let started = ContinuousClock.now
            do {
                let source = LocaleTag(language: direction.source), target = LocaleTag(language: direction.target)
                _ = try translator.translate("hello", from: source, to: target)
                let seconds = (ContinuousClock.now - started).components
                let elapsed = Double(seconds.seconds) + Double(seconds.attoseconds) / 1e18
                checks.append(DoctorCheck(component: component, status: .ok,
                                          detail: TranslatorsCommand.describe(model) + String(format: "; loads and translates (%.1f s)", elapsed),
                                          fix: nil, required: false))
            } catch {
                let problem = ParleyError.wrapping(error, stage: .translation, code: .modelBroken)
                checks.append(DoctorCheck(component: component, status: .broken, detail: problem.message,
                                          fix: model.installCommand, required: false))
            }
        }
        for (source, target) in [(pair.0, pair.1), (pair.1, pair.0)] {
            let direction = LanguagePair(source, target)
            guard catalog.models[direction] == nil, catalog.problems[direction] == nil else { continue }
            checks.append(DoctorCheck(component: "translation model \(direction)", status: .warning,
                detail: "none installed in \(catalog.roots.map(\.path).joined(separator: ", ")): Apertium or the dictionaries translate",
                fix: "parley install translation \(direction.source)-\(direction.target)", required: false))
        }
        return checks
    }
}
