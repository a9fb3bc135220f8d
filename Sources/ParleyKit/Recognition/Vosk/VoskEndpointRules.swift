import Foundation

/// Vosk's own endpoint, made to wait for parley's. libvosk 0.3.45 has no call to change its
/// endpoint rules: it reads them (`--endpoint.rule2.min-trailing-silence=0.5` …) from the
/// model's `conf/model.conf` when the model loads. While parley's endpointer ends utterances,
/// the model is loaded from a "shadow" folder: symlinks to every part of the user's model, and
/// a `conf/model.conf` whose rules wait longer than any trailing silence parley can be set to,
/// so a pause shorter than parley's setting never ends a turn. The user's model is untouched.
enum VoskEndpointRules {
    /// The least trailing silence, in seconds, any of Vosk's silence rules waits for while
    /// parley's endpointer decides: longer than the longest setting (`Endpointer.allowedSilence`),
    /// with room for Vosk's own idea of where the silence began.
    static let deferredTrailingSilence = Endpointer.allowedSilence.upperBound + 1.0

    /// The rules Kaldi applies when a conf names none (rule1 is silence alone, rules 2–4 follow
    /// speech; rule5, the 20 s utterance limit, needs no silence and is left alone).
    static let defaultTrailingSilence: [Int: Double] = [1: 5.0, 2: 0.5, 3: 1.0, 4: 2.0]

    /// `conf` with each silence rule's trailing silence raised to at least `minimum` (rules it
    /// does not name are added, since Vosk's defaults are shorter).
    static func rewrite(_ conf: String, minimumTrailingSilence minimum: Double) -> String {
        var seen = Set<Int>()
        var lines = conf.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard let rule = rule(in: line), let equals = line.firstIndex(of: "=") else { return String(line) }
            seen.insert(rule)
            let value = Double(line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)) ?? 0
            return "--endpoint.rule\(rule).min-trailing-silence=\(format(max(value, minimum)))"
        }
        if lines.last == "" { lines.removeLast() }
        for (rule, value) in defaultTrailingSilence.sorted(by: { $0.key < $1.key }) where !seen.contains(rule) {
            lines.append("--endpoint.rule\(rule).min-trailing-silence=\(format(max(value, minimum)))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The rule number of a `--endpoint.ruleN.min-trailing-silence=` line for rules 1–4.
    private static func rule(in line: Substring) -> Int? {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("--endpoint.rule"), text.contains(".min-trailing-silence=") else { return nil }
        let number = text.dropFirst("--endpoint.rule".count).prefix { $0.isNumber }
        guard let rule = Int(number), defaultTrailingSilence[rule] != nil else { return nil }
        return rule
    }

    private static let prefix = "parley-endpoint-model-"

    /// Shadows left by a parley that ended while its model loaded (it exits without
    /// waiting for the load): those whose process is gone.
    static func removeAbandonedShadows(in temporary: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0.isNumber }),
                  !ProcessTable.exists(pid) else { continue }
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
    }

    private static func format(_ value: Double) -> String {
        String(format: "%g", value)
    }

    /// Makes a shadow of the model in `folder` whose endpoint rules wait at least `minimum`
    /// seconds, in a new temporary folder; the caller removes it once the model is loaded
    /// (Vosk reads every file at load). Throws a `.recognition` error when it cannot be made.
    static func shadow(of folder: URL, minimumTrailingSilence minimum: Double,
                       in temporary: URL = FileManager.default.temporaryDirectory) throws -> URL {
        let fileManager = FileManager.default
        removeAbandonedShadows(in: temporary)
        // mkdtemp: a new folder of mode 0700 under a name nobody could have planted first.
        guard let shadow = ExclusiveTemporary.folder(temporary.appendingPathComponent("\(prefix)\(ProcessTable.current)-")) else {
            throw ParleyError(.recognition, .unwritable,
                "Cannot make a folder in \(temporary.path) to prepare the speech model for parley's endpoint: check "
                + "that folder's space and permissions, or use --endpoint off.", cause: .system(errno: errno))
        }
        do {
            let conf = folder.appendingPathComponent("conf")
            try fileManager.createDirectory(at: shadow.appendingPathComponent("conf"), withIntermediateDirectories: false,
                                            attributes: [.posixPermissions: 0o700])
            for name in try fileManager.contentsOfDirectory(atPath: folder.path) where name != "conf" {
                try fileManager.createSymbolicLink(at: shadow.appendingPathComponent(name),
                                                   withDestinationURL: folder.appendingPathComponent(name))
            }
            for name in try fileManager.contentsOfDirectory(atPath: conf.path) where name != "model.conf" {
                try fileManager.createSymbolicLink(at: shadow.appendingPathComponent("conf").appendingPathComponent(name),
                                                   withDestinationURL: conf.appendingPathComponent(name))
            }
            let original = try String(contentsOf: conf.appendingPathComponent("model.conf"), encoding: .utf8)
            try rewrite(original, minimumTrailingSilence: minimum)
                .write(to: shadow.appendingPathComponent("conf/model.conf"), atomically: false, encoding: .utf8)
            return shadow
        } catch {
            try? fileManager.removeItem(at: shadow)
            throw ParleyError(.recognition, .unwritable,
                "Cannot prepare the speech model in \(folder.path) for parley's endpoint (a folder of links in "
                + "\(temporary.path)): check that folder's space and permissions, or use --endpoint off.",
                cause: .from(error))
        }
    }
}
