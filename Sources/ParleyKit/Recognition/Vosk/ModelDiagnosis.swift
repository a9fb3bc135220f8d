import Foundation

/// A broken file in a speech model folder, and what is wrong with it.
public struct ModelProblem: Sendable, Equatable, CustomStringConvertible {
    /// The file, relative to the model folder (`graph/HCLr.fst`).
    public let file: String
    /// What is wrong with it (`is missing`, `is cut short: …`).
    public let reason: String

    /// A problem with `file`.
    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file) \(reason)" }
}

/// Finds which file of a Vosk model folder is broken, so the message can name it: from the
/// files themselves before Kaldi reads them (`inspect`), or from what Kaldi said while
/// failing to load them (`fromLog`, used where Kaldi ran in a child process).
public enum ModelDiagnosis {
    /// The first problem the files show without loading them: a part Vosk needs is missing
    /// or empty, or a graph is shorter than its header says. Nil when none is found (the
    /// model may still fail to load; only Kaldi can tell).
    public static func inspect(_ folder: URL) -> ModelProblem? {
        let fileManager = FileManager.default
        func exists(_ path: String) -> Bool { fileManager.fileExists(atPath: folder.appendingPathComponent(path).path) }
        var required = ["am/final.mdl", "conf/model.conf", "conf/mfcc.conf"]
        // A graph is either HCLG.fst, or HCLr.fst with Gr.fst for lookahead decoding.
        required += exists("graph/HCLG.fst") || !exists("graph/HCLr.fst") && !exists("graph/Gr.fst")
            ? ["graph/HCLG.fst"] : ["graph/HCLr.fst", "graph/Gr.fst"]
        // Vosk uses i-vectors when final.ie is there and silently goes without them when it
        // is not, which the acoustic model then refuses; the folder says the model has them.
        if exists("ivector") {
            required += ["ivector/final.ie", "ivector/final.dubm", "ivector/final.mat"]
        }
        for file in required {
            let url = folder.appendingPathComponent(file)
            guard let attributes = try? fileManager.attributesOfItem(atPath: url.path) else {
                return ModelProblem(file: file, reason: "is missing")
            }
            if (attributes[.size] as? Int ?? 0) == 0 { return ModelProblem(file: file, reason: "is empty") }
            if file.hasSuffix(".fst"), let reason = FSTFileCheck.problem(url) {
                return ModelProblem(file: file, reason: reason)
            }
        }
        return nil
    }

    /// The file Kaldi was reading when it failed, from its log (`vosk_set_log_level(0)`):
    /// a model file its ERROR lines name, else the file the last "Loading …" line before
    /// the first ERROR names, else the part Vosk reads at that point. Nil without an ERROR.
    public static func fromLog(_ log: String, folder: URL) -> ModelProblem? {
        let lines = log.split(separator: "\n").map(String.init)
        guard let failed = lines.firstIndex(where: { $0.hasPrefix("ERROR") || $0.hasPrefix("ASSERTION_FAILED") }) else {
            return nil
        }
        let errors = lines[failed...].filter { $0.hasPrefix("ERROR") || $0.hasPrefix("ASSERTION_FAILED") }
        let reason = "cannot be read: " + (errors.last.map(kaldiMessage) ?? "Kaldi failed")
        if let named = errors.lazy.compactMap({ file(in: $0, under: folder) }).first {
            return ModelProblem(file: named, reason: reason)
        }
        let text = errors.joined(separator: "\n")
        if text.contains("Ivector feature dimension mismatch") {
            return ModelProblem(file: "ivector/final.ie", reason: reason)
        }
        if text.contains("Can't create decoding graph") {
            return ModelProblem(file: "graph/HCLr.fst", reason: reason)
        }
        // What Vosk was reading: its progress lines name each part as it starts on it.
        var current = "conf/model.conf"
        for line in lines[..<failed] {
            if line.contains("Silence phones") { current = "am/final.mdl" }
            if line.contains("Loading"), let named = file(in: line, under: folder) { current = named }
        }
        return ModelProblem(file: current, reason: reason)
    }

    /// The message of a Kaldi or OpenFst log line, without its `ERROR (VoskAPI:…)` prefix.
    static func kaldiMessage(_ line: String) -> String {
        guard let close = line.range(of: ") ") ?? line.range(of: ": ") else { return line }
        return String(line[close.upperBound...]).trimmingCharacters(in: .whitespaces)
    }

    /// The first path inside `folder` that `line` names, relative to the folder.
    static func file(in line: String, under folder: URL) -> String? {
        guard let range = line.range(of: folder.path + "/") ?? line.range(of: folder.standardizedFileURL.path + "/") else {
            return nil
        }
        let rest = line[range.upperBound...]
        let path = rest.prefix { !$0.isWhitespace && $0 != "\"" && $0 != "'" && $0 != ")" && $0 != "," }
        return path.isEmpty ? nil : String(path)
    }

    /// The error for a model whose `problem` keeps it from loading, with the fix.
    public static func error(_ problem: ModelProblem, locale: LocaleTag, folder: URL) -> ParleyError {
        ParleyError(.recognition, .modelBroken,
            "The speech model for \(locale) in \(folder.path) is broken: \(problem). "
            + InstallableModels.advice(for: locale, reinstall: true))
    }

    /// The sample rate the model was trained at (`--sample-frequency` in `conf/mfcc.conf`;
    /// Kaldi's default 16 kHz when it does not say).
    public static func sampleRate(of folder: URL) -> Int {
        let text = (try? String(contentsOf: folder.appendingPathComponent("conf/mfcc.conf"), encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") where line.hasPrefix("--sample-frequency=") {
            if let rate = Double(line.dropFirst("--sample-frequency=".count)) { return Int(rate) }
        }
        return 16_000
    }
}
