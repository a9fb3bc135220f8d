import Foundation
import ParleyKit

extension Doctor {
    /// The language packs (`dictionaries/languages/<xx>/`): one line naming those that load
    /// cleanly, and a warning per pack with lines that could not be used, each named with
    /// its file and line. Nothing here is required: a bad line is skipped, the rest loads.
    func checkLanguagePacks() -> [DoctorCheck] {
        guard let root = paths.languagePacks else {
            return [DoctorCheck(component: "language packs", status: .warning,
                                detail: "no packs folder found: translation runs without what they know of each language",
                                fix: "run parley from its checkout, or set PARLEY_LANGUAGE_PACKS", required: false)]
        }
        let languages = LanguagePack.installedLanguages(in: root)
        guard !languages.isEmpty else {
            return [DoctorCheck(component: "language packs", status: .warning, detail: "none in \(root.path)",
                                fix: "set PARLEY_LANGUAGE_PACKS to the checkout's dictionaries/languages", required: false)]
        }
        var clean: [String] = []
        var problems: [DoctorCheck] = []
        for language in languages {
            let issues = LanguagePack.load(language: language, from: root).issues
            guard !issues.isEmpty else {
                clean.append(language)
                continue
            }
            problems.append(DoctorCheck(component: "language pack \(language)", status: .warning,
                detail: "\(issues.count) problem(s): " + issues.prefix(3).map(\.description).joined(separator: "; "),
                fix: "fix the lines named above", required: false))
        }
        let summary = clean.isEmpty ? [] : [DoctorCheck(component: "language packs", status: .ok,
                                                         detail: clean.joined(separator: ", "), fix: nil, required: false)]
        return summary + problems
    }
}
