import Foundation
import ParleyKit

/// `parley install model|voice|translation …`: fetches a speech model, a neural voice or a
/// neural translation model into a folder this parley reads, with the installer that ships
/// with it (scripts/install-engine, the one scripts/setup runs too), so an installed parley
/// manages its own downloads from any folder. Every download is checked before use there.
struct InstallCommand {
    let request: InstallRequest
    let paths: DataPaths
    let output: TerminalOutput
    var environment = ProcessInfo.processInfo.environment

    /// The installer's file, relative to the shipped data (the checkout, or the installed copy).
    static let installer = "scripts/install-engine"

    func run() -> Int32 {
        guard let root = paths.projectRoot else {
            output.error(ParleyError(.configuration, .notFound,
                "This parley found no shipped data (no dictionaries/ and Models/ beside it), so it has no installer. "
                + "Run scripts/setup from parley's checkout."))
            return 1
        }
        let script = root.appendingPathComponent(Self.installer)
        guard FileManager.default.isReadableFile(atPath: script.path) else {
            output.error(ParleyError(.configuration, .notFound,
                "The installer \(script.path) is missing: this parley was installed by an older scripts/setup. "
                + "Run scripts/setup from parley's checkout again."))
            return 1
        }
        let (kind, name, roots) = arguments
        let folder = Self.target(among: roots, installed: Installation.checkout(paths: paths) != nil)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
            let variable = ["PARLEY_MODELS", "PARLEY_VOICES", "PARLEY_TRANSLATION_MODELS"]
                .first { self.environment[$0].map { URL(fileURLWithPath: $0).path == folder.path } ?? false }
            output.error(ParleyError(.configuration, .unwritable,
                "\(folder.path) is not a folder, so nothing can be installed into it"
                + (variable.map { " (\($0) names it): point \($0) at a folder, or unset it." } ?? ": move it away.")))
            return 1
        }
        var environment = self.environment
        environment["PARLEY_INSTALL_TO"] = folder.path
        // The installer's download cache, by the XDG rules parley follows (a relative
        // XDG_CACHE_HOME is ignored, an unset HOME found in the password database).
        let home = DataPaths.homeDirectory(environment)
        environment["HOME"] = home
        if !(environment["XDG_CACHE_HOME"]?.hasPrefix("/") ?? false) { environment["XDG_CACHE_HOME"] = home + "/.cache" }
        output.note("installing into \(folder.path)")
        // In parley's own process group, so Ctrl-C at the terminal stops the installer too.
        let process: Subprocess
        do {
            process = try Subprocess.start("/bin/bash", arguments: [script.path, kind, name], environment: environment,
                                           input: .null, output: .inherit, error: .inherit)
        } catch {
            output.error(ParleyError(.configuration, .engineFailed,
                "Could not run the installer \(script.path) with /bin/bash (\(error.cause ?? .text(error.message)))."))
            return 1
        }
        switch process.wait() {
        case .signalled(let signal):
            output.note("The installer was stopped (signal \(signal)); nothing half-installed is left in \(folder.path).")
            return 130
        case .exited(let status):
            if status == 0 {
                output.line("parley uses it from its next start; parley doctor checks it.")
            }
            return status == 0 ? 0 : 1
        }
    }

    /// The installer's arguments and the folders parley reads that kind of thing from.
    private var arguments: (kind: String, name: String, roots: [URL]) {
        switch request {
        case .model(let locale): ("model", locale.identifier, paths.modelRoots)
        case .voice(let name): ("voice", name, paths.voiceRoots)
        case .translation(let source, let target): ("translation", "\(source)-\(target)", paths.translationRoots)
        }
    }

    /// Where to install, among the folders parley reads (the shipped data's first, the
    /// user's data folder last, or the one a `$PARLEY_…` variable names): a parley run from
    /// its checkout installs into the checkout's `Models/`, as setup does; an installed one
    /// into the user's own folder, because the next setup replaces the shipped copy.
    static func target(among roots: [URL], installed: Bool) -> URL {
        (installed ? roots.last : roots.first) ?? URL(fileURLWithPath: ".")
    }
}
