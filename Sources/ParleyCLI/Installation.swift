import Foundation
import ParleyKit

/// How this parley was installed. scripts/setup writes `INSTALLED` into the data folder of
/// the parley it puts on the PATH, naming the checkout it came from; the commands that
/// parley suggests then name that checkout's scripts/setup, which works from any folder.
enum Installation {
    /// The checkout an installed parley came from; nil for a parley run from its checkout.
    static func checkout(paths: DataPaths) -> URL? {
        let marker = "from the checkout "
        guard let root = paths.projectRoot,
              let text = try? String(contentsOf: root.appendingPathComponent("INSTALLED"), encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(marker) }) else { return nil }
        return URL(fileURLWithPath: String(line.dropFirst(marker.count)))
    }

    /// `text` (the doctor's report) with each suggested `scripts/setup` naming the checkout's,
    /// when this parley is an installed one.
    static func pointingSetup(in text: String, paths: DataPaths) -> String {
        guard let checkout = checkout(paths: paths) else { return text }
        return text.replacingOccurrences(of: "→ scripts/setup", with: "→ " + checkout.appendingPathComponent("scripts/setup").path)
    }

    /// The doctor's first line: the version, and where the shipped data was found.
    static func summary(paths: DataPaths) -> String {
        let data = paths.projectRoot.map { "data in \($0.path)" } ?? "no shipped data found (run scripts/setup)"
        return "OK      parley: \(ParleyApp.versionLine.dropFirst("parley ".count)), \(data)"
    }
}
