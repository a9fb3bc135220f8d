import Foundation
import ParleyKit

/// One line of `parley doctor`: a component, whether it works, and the fix if not.
public struct DoctorCheck: Equatable, Sendable {
    /// How the component stands.
    public enum Status: String, Sendable {
        case ok = "OK"
        case warning = "WARN"
        case missing = "MISSING"
        case broken = "BROKEN"
    }

    /// What was checked (`libvosk`, `speech model ko-KR`).
    public let component: String
    /// The verdict.
    public let status: Status
    /// What was found, or what is wrong.
    public let detail: String
    /// The command or step that fixes it, when there is one.
    public let fix: String?
    /// True when the default pair cannot work without it.
    public let required: Bool
}

/// The whole report of `parley doctor`.
public struct DoctorReport: Sendable {
    /// Every check, in the order they ran.
    public let checks: [DoctorCheck]

    /// False when something the default pair needs is missing.
    public var isHealthy: Bool { !checks.contains { $0.required && ($0.status == .missing || $0.status == .broken) } }

    /// The report as terminal lines.
    public var rendered: String {
        checks.map { check in
            var line = "\(check.status.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))"
                + "\(check.component): \(check.detail)"
            if let fix = check.fix, check.status != .ok { line += "\n         → \(fix)" }
            return line
        }.joined(separator: "\n")
    }
}

/// Checks, component by component, what parley can use on this machine.
public struct Doctor {
    /// Where models and dictionaries are looked for.
    public let paths: DataPaths
    /// The settings file, as read.
    public let config: ConfigFile
    /// The pair the verdict is for.
    public let pair: (LocaleTag, LocaleTag)
    /// The ALSA PCM names to try.
    public let inputDevice: String
    public let outputDevice: String
    /// Loads each installed model in a child process; without it (in tests) models are
    /// checked on their files alone.
    let modelProbe: ModelLoadProbe?

    /// A doctor for `pair` (by default the config's preferred English and Spanish) over
    /// `paths` and `config`. `loadModels` load-tests each installed model in a child
    /// `parley check-model` (only possible where the running program is parley).
    public init(paths: DataPaths, config: ConfigFile = ConfigFile(), pair: (LocaleTag, LocaleTag)? = nil,
                inputDevice: String = "default", outputDevice: String = "default", loadModels: Bool = false) {
        modelProbe = loadModels ? ModelLoadProbe.runningParley : nil
        self.paths = paths
        self.config = config
        self.pair = pair ?? CommandLineParser.defaultPair(config.preferredLocales)
        self.inputDevice = inputDevice
        self.outputDevice = outputDevice
    }

    /// Runs every check.
    public func run() -> DoctorReport {
        DoctorReport(checks: [checkConfig(), checkVosk()] + checkModels() + checkEspeak() + checkNeuralVoices() + checkAudio()
                     + checkDictionaries() + checkLanguagePacks() + checkNeuralTranslation() + checkTranslators() + [checkReadline()])
    }

    func checkConfig() -> DoctorCheck {
        let file = paths.configFile.path
        guard config.problems.isEmpty else {
            let lines = config.problems.map(\.line).filter { $0 > 0 }.map(String.init)
            return DoctorCheck(component: "config", status: .warning,
                detail: "\(config.problems.count) problem(s), defaults used instead: "
                    + config.problems.prefix(3).map(\.description).joined(separator: "; "),
                fix: lines.isEmpty ? "check \(file)" : "edit \(file), line\(lines.count > 1 ? "s" : "") \(lines.joined(separator: ", "))",
                required: false)
        }
        let count = config.sections.values.map(\.count).reduce(0, +)
        let detail = FileManager.default.fileExists(atPath: file) ? "\(file): \(count) setting(s)" : "\(file) not present; defaults"
        return DoctorCheck(component: "config", status: .ok, detail: detail, fix: nil, required: false)
    }

    func checkVosk() -> DoctorCheck {
        switch VoskLibrary.shared {
        case .success(let library):
            return DoctorCheck(component: "libvosk", status: .ok,
                               detail: "\(library.version ?? "version unknown") at \(library.path)", fix: nil, required: true)
        case .failure(let error):
            return DoctorCheck(component: "libvosk", status: .missing, detail: "not found: speech recognition is off",
                               fix: VoskLibrary.fix(), required: true)
                .withCause(error.cause?.description)
        }
    }

    func checkModels() -> [DoctorCheck] {
        let store = ModelStore(roots: paths.modelRoots, preferences: config.preferredLocales)
        let needed = Set([pair.0, pair.1].compactMap { try? store.model(for: $0).locale })
        var checks = store.installed().map { check($0, required: needed.contains($0.locale)) }
        for locale in [pair.0, pair.1] where (try? store.model(for: locale)) == nil {
            let searched = paths.modelRoots.map(\.path).joined(separator: ", ")
            checks.append(DoctorCheck(component: "speech model \(locale)", status: .missing,
                detail: "not installed (searched \(searched.isEmpty ? "nothing" : searched)); typed turns still work",
                fix: InstallableModels.fix(for: store.preferences.preferred(for: locale)), required: true))
        }
        return checks
    }

    /// One installed model: loaded in a child process when the doctor can, else its files.
    func check(_ model: InstalledModel, required: Bool) -> DoctorCheck {
        let component = "speech model \(model.locale)"
        let verdict = modelProbe?.verdict(for: model)
            ?? ModelDiagnosis.inspect(model.folder).map { .broken(detail: $0.description) } ?? .loads
        switch verdict {
        case .loads:
            return DoctorCheck(component: component, status: .ok, detail: model.folder.path, fix: nil, required: required)
        case .broken(let detail):
            return DoctorCheck(component: component, status: .broken, detail: "\(detail) (in \(model.folder.path))",
                               fix: InstallableModels.fix(for: model.locale, reinstall: true), required: required)
        case .unchecked(let reason):
            return DoctorCheck(component: component, status: .warning, detail: "\(model.folder.path); not load-tested: \(reason)",
                               fix: nil, required: false)
        }
    }

    func checkEspeak() -> [DoctorCheck] {
        let info: (version: String, dataPath: String)
        let catalog: VoiceCatalog
        do {
            info = try EspeakRuntime.shared.info()
            catalog = try VoiceCatalog.load()
        } catch {
            return [DoctorCheck(component: "espeak-ng", status: .missing, detail: "\(error)", fix: "scripts/setup",
                                required: true)]
        }
        var checks = [DoctorCheck(component: "espeak-ng", status: .ok,
            detail: "\(info.version), \(catalog.voices.count) voices in \(info.dataPath)", fix: nil, required: true)]
        for locale in [pair.0, pair.1] {
            let voices = catalog.voices(speaking: locale.language, preferences: config.preferredLocales)
            checks.append(voices.isEmpty
                ? DoctorCheck(component: "voice \(locale)", status: .missing, detail: "espeak-ng has no voice for \(locale.language)",
                              fix: "apt-get install espeak-ng-data", required: true)
                : DoctorCheck(component: "voice \(locale)", status: .ok,
                              detail: voices.prefix(3).map(\.identifier).joined(separator: ", "), fix: nil, required: true))
        }
        return checks
    }

    func checkAudio() -> [DoctorCheck] {
        [(inputDevice, AudioDirection.capture), (outputDevice, .playback)].map { name, direction in
            let probe = ALSADevices.probe(name, direction)
            let label = direction == .capture ? "microphone" : "speaker"
            return probe.opens
                ? DoctorCheck(component: "\(label) (\(name))", status: .ok, detail: "opens", fix: nil, required: false)
                : DoctorCheck(component: "\(label) (\(name))", status: .warning, detail: probe.failure ?? "does not open",
                              fix: Self.audioFix(direction),
                              required: false)
        }
    }

    /// What to do without a device: there may be none to connect (a server), so the fix
    /// names what works without one, and how to pick another device.
    static func audioFix(_ direction: AudioDirection) -> String {
        let (option, recording) = direction == .capture ? ("--input", "--input-wav FILE.wav") : ("--output", "--output-wav DIR")
        return "parley devices lists the devices that open; pick one with \(option) NAME, or use \(recording) "
            + "(until then parley works in typed mode)"
    }

    func checkDictionaries() -> [DoctorCheck] {
        let library = DictionaryLibrary(paths: paths)
        let available = library.availablePairs()
        let pair = LanguagePair(self.pair.0, self.pair.1)
        var checks: [DoctorCheck] = []
        for direction in [pair, pair.reversed] {
            if let origins = available[direction] {
                let entries = library.tables(for: direction).map(\.1.count).reduce(0, +)
                checks.append(DoctorCheck(component: "dictionary \(direction)", status: .ok,
                    detail: "\(entries) entries from \(origins.map(\.rawValue).joined(separator: ", "))",
                    fix: nil, required: true))
            } else {
                checks.append(DoctorCheck(component: "dictionary \(direction)", status: .missing,
                    detail: "no dictionary in \(library.layers.map(\.folder.path).joined(separator: ", "))",
                    fix: "parley dict add \(direction.source) \(direction.target) PHRASE TRANSLATION, or run scripts/setup",
                    required: true))
            }
        }
        let warnings = library.takeWarnings()
        if !warnings.isEmpty {
            checks.append(DoctorCheck(component: "dictionary files", status: .warning,
                detail: "\(warnings.count) problem(s): " + warnings.prefix(3).joined(separator: "; "),
                fix: "fix the lines named above", required: false))
        }
        let others = available.keys.filter { $0 != pair && $0 != pair.reversed }.sorted()
        if !others.isEmpty {
            checks.append(DoctorCheck(component: "other dictionaries", status: .ok,
                detail: others.map(\.description).joined(separator: ", "), fix: nil, required: false))
        }
        return checks
    }

    /// Which engine the default translator uses for each direction of the pair: a neural
    /// model or Apertium when installed (else the dictionaries, with the package that would help).
    func checkTranslators(modesFolder: URL = ApertiumTranslator.defaultModesFolder) -> [DoctorCheck] {
        let translator = AutoTranslator(library: DictionaryLibrary(paths: paths), translationRoots: paths.translationRoots,
                                        modesFolder: modesFolder)
        return [(pair.0, pair.1), (pair.1, pair.0)].map { source, target in
            let direction = LanguagePair(source, target)
            let engine = translator.engine(from: source, to: target)
            let package = "apertium-\(ApertiumTranslator.modeName(for: direction))"
            switch engine {
            case let engine? where engine.hasPrefix("apertium") || engine.hasPrefix("neural"):
                return DoctorCheck(component: "translation \(direction)", status: .ok, detail: engine, fix: nil, required: false)
            case let engine?:
                return DoctorCheck(component: "translation \(direction)", status: .warning,
                    detail: "\(engine) (no Apertium mode in \(modesFolder.path))",
                    fix: "scripts/setup --pair \(direction.source)-\(direction.target) (installs \(package) when Debian has it)",
                    required: false)
            case nil:
                return DoctorCheck(component: "translation \(direction)", status: .missing, detail: "nothing translates it",
                    fix: "scripts/setup --pair \(direction.source)-\(direction.target), or parley dict add", required: false)
            }
        }
    }

    /// Readline is linked in, so it is always there; what can fail is keeping the history,
    /// whose folder must be writable.
    func checkReadline() -> DoctorCheck {
        let history = paths.historyFile
        let component = "readline"
        let version = "GNU readline \(LineReader.readlineVersion)"
        if let problem = Self.unwritableReason(history) {
            return DoctorCheck(component: component, status: .warning,
                               detail: "\(version); the history cannot be kept in \(history.path) (\(problem))",
                               fix: "make \(history.deletingLastPathComponent().path) a folder you can write to",
                               required: false)
        }
        return DoctorCheck(component: component, status: .ok, detail: "\(version), history in \(history.path)",
                           fix: nil, required: false)
    }

    /// Why `file` cannot be created or written, or nil when it can: its nearest existing
    /// folder must be a writable folder.
    static func unwritableReason(_ file: URL) -> String? {
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: file.path) {
            return fileManager.isWritableFile(atPath: file.path) ? nil : "the file is not writable"
        }
        var folder = file.deletingLastPathComponent()
        while !fileManager.fileExists(atPath: folder.path), folder.path != "/" { folder = folder.deletingLastPathComponent() }
        var isFolder: ObjCBool = false
        _ = fileManager.fileExists(atPath: folder.path, isDirectory: &isFolder)
        if !isFolder.boolValue { return "\(folder.path) is a file, not a folder" }
        return FileKind.refusal(toWrite: folder.path) == nil ? nil : "\(folder.path) is not writable"
    }
}

extension DoctorCheck {
    func withCause(_ cause: String?) -> DoctorCheck {
        guard let cause else { return self }
        return DoctorCheck(component: component, status: status, detail: "\(detail) (\(cause))", fix: fix,
                           required: required)
    }
}
