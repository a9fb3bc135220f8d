import Foundation

/// An installed Vosk model: a folder named by its locale holding `am/`, `conf/` and `graph/`.
public struct InstalledModel: Sendable, Equatable {
    /// The locale the folder is named for.
    public let locale: LocaleTag
    /// The model folder.
    public let folder: URL
}

/// Finds speech models by locale in the model folders (`Models/<locale>/`,
/// `$PARLEY_MODELS`, `~/.local/share/parley/models/<locale>/`), resolving a bare
/// language through the preferred-locale table.
public struct ModelStore: Sendable {
    /// Folders searched in order; the first folder holding a locale wins.
    public let roots: [URL]
    /// How bare languages are resolved (`en` → en-US).
    public let preferences: PreferredLocales

    /// Creates a store over `roots`.
    public init(roots: [URL], preferences: PreferredLocales = .standard) {
        self.roots = roots
        self.preferences = preferences
    }

    /// Every complete model found, one per locale (earlier roots win), sorted by locale.
    public func installed() -> [InstalledModel] {
        var byLocale: [LocaleTag: InstalledModel] = [:]
        let fileManager = FileManager.default
        for root in roots {
            let names = (try? fileManager.contentsOfDirectory(atPath: root.path)) ?? []
            for name in names {
                guard let locale = try? LocaleTag(parsing: name), byLocale[locale] == nil else { continue }
                let folder = root.appendingPathComponent(name)
                if Self.isComplete(folder) { byLocale[locale] = InstalledModel(locale: locale, folder: folder) }
            }
        }
        return byLocale.values.sorted { $0.locale < $1.locale }
    }

    /// The best installed model for `request`: the exact locale, else for a bare
    /// language its preferred locale first. Throws a `.recognition` error that lists
    /// what is installed and names the setup command when nothing fits.
    public func model(for request: LocaleTag) throws -> InstalledModel {
        let models = installed()
        if let best = preferences.bestMatch(for: request, among: models.map(\.locale)),
           let model = models.first(where: { $0.locale == best }) {
            return model
        }
        let wanted = preferences.preferred(for: request)
        let list = models.isEmpty ? "none" : models.map(\.locale.identifier).joined(separator: ", ")
        throw ParleyError(.recognition, .modelMissing,
            "No speech model for \(wanted). Installed: \(list)\(Self.variableNote(for: wanted)). " + InstallableModels.advice(for: wanted))
    }

    /// Where `$PARLEY_MODELS` is set, the models are looked for there alone, so the message
    /// names it: "Installed: none" alone sends the person to reinstall what is installed.
    static func variableNote(for wanted: LocaleTag,
                             environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        guard let folder = environment["PARLEY_MODELS"], !folder.isEmpty else { return "" }
        return " in \(folder), where PARLEY_MODELS has parley look alone (unset it to use the usual folders, or put "
            + "the model in \(folder)/\(wanted)/)"
    }

    /// True when `folder` has the parts every Vosk model needs.
    static func isComplete(_ folder: URL) -> Bool {
        let fileManager = FileManager.default
        return fileManager.fileExists(atPath: folder.appendingPathComponent("am/final.mdl").path)
            && fileManager.fileExists(atPath: folder.appendingPathComponent("conf/model.conf").path)
            && fileManager.fileExists(atPath: folder.appendingPathComponent("graph").path)
    }
}
