import Foundation

/// Something wrong in the config file, with where it is. parley reports each one once at
/// start and goes on with the built-in default for that setting.
public struct ConfigProblem: Sendable, Equatable, CustomStringConvertible {
    /// The config file's path.
    public let file: String
    /// 1-based line number; 0 for the file as a whole.
    public let line: Int
    /// What is wrong, the accepted values, and what parley does instead.
    public let message: String

    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
}

/// What `[conversation] endpoint` says.
public enum EndpointSetting: Sendable, Equatable {
    /// An utterance ends after this many seconds of silence (within `Endpointer.allowedSilence`).
    case after(seconds: Double)
    /// parley's own endpointer is off; Vosk's endpoint decides.
    case off

    /// `off`, or seconds of silence within `Endpointer.allowedSilence`, as the command line,
    /// the prompt's `:endpoint` and the config write it; nil for anything else.
    public init?(parsing text: String) {
        if text == "off" {
            self = .off
        } else if let seconds = Double(text), Endpointer.allowedSilence.contains(seconds) {
            self = .after(seconds: seconds)
        } else {
            return nil
        }
    }

    /// The seconds, or nil for `off` (as `ConversationOptions.endpoint` holds it).
    public var seconds: Double? {
        if case .after(let seconds) = self { return seconds }
        return nil
    }
}

/// parley's settings file (`~/.config/parley/config`): `[section]` headers and
/// `key = value` lines; `#` starts a comment. Sections are named by language or locale for
/// voice settings (`[es]`, `[es-MX]`), plus `[locales]` for preferred regions (`en = GB`)
/// and `[conversation]` (`endpoint = 0.45`).
///
/// Reading never fails: a line that cannot be used (not UTF-8, an unknown key, a value out
/// of range) becomes a `ConfigProblem` and is left out, so the rest of the file still
/// applies and that setting keeps its default.
public struct ConfigFile: Sendable, Equatable {
    /// section → key → value, holding only settings that passed `ConfigSchema`. Sections are
    /// `locales` and canonical locale tags (`es`, `es-MX`); keys are lower case.
    public private(set) var sections: [String: [String: String]]
    /// What could not be used, in file order.
    public let problems: [ConfigProblem]

    /// The problems to say at start: the first `limit` as they are, then one line for the
    /// rest (10,000 unknown sections must not print 10,000 warnings at every start).
    public func problemSummary(limit: Int = 5) -> [String] {
        guard problems.count > limit else { return problems.map(\.description) }
        let rest = problems.dropFirst(limit)
        let lines = rest.map(\.line).filter { $0 > 0 }
        let where_ = lines.isEmpty ? "" : " (lines \(lines.min()!)–\(lines.max()!))"
        return problems.prefix(limit).map(\.description)
            + ["…and \(rest.count) more problems in \(rest.first!.file)\(where_), not listed one by one; defaults "
               + "are used for them."]
    }

    /// An empty configuration.
    public init() {
        sections = [:]
        problems = []
    }

    /// Parses the file's bytes (`path` is used in messages). Lines are checked for UTF-8 one
    /// by one, so one stray Latin-1 byte costs its own line, not the whole file.
    public init(parsing bytes: [UInt8], path: String) {
        var sections: [String: [String: String]] = [:]
        var problems: [ConfigProblem] = []
        var setOn: [String: Int] = [:]
        // nil before the first header; "" inside a header already reported as unusable,
        // whose lines are skipped without a problem each.
        var section: String?
        // CRLF line ends and a UTF-8 byte-order mark (Notepad's) are read as plain lines.
        var lines = TextLines.withoutByteOrderMark(bytes[...]).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0 }
        if lines.last?.isEmpty == true { lines.removeLast() }
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            func problem(_ message: String) { problems.append(ConfigProblem(file: path, line: number, message: message)) }
            guard let decoded = String(validating: raw, as: UTF8.self) else {
                let bad = raw.firstIndex { $0 >= 0x80 }.map { String(format: "0x%02X at column %d", raw[$0], $0 - raw.startIndex + 1) } ?? ""
                problem("this line is not UTF-8 text (byte \(bad)) and is ignored. Save the file as UTF-8.")
                continue
            }
            let line = (decoded.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? "")
                .trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if line.hasPrefix("[") {
                guard line.hasSuffix("]") else {
                    problem("'\(line)' is missing its closing ']'; the lines under it are ignored.")
                    section = ""
                    continue
                }
                let name = String(line.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
                switch ConfigSchema.section(named: name) {
                case .success(let canonical): section = canonical
                case .failure(let message): problem(message.text); section = ""
                }
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                problem("expected 'key = value' or a [section] header; the line is ignored.")
                continue
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard let section else {
                problem("\(key) = \(value) is not under a section; put it under [LANG] (such as [es]) or [locales].")
                continue
            }
            if section.isEmpty { continue }
            switch ConfigSchema.check(key: key, value: value, in: section) {
            case .success(let accepted):
                if let earlier = setOn["\(section)\u{0}\(key)"] {
                    problem("\(key) is set again in [\(section)] (first on line \(earlier)); this later value wins.")
                }
                setOn["\(section)\u{0}\(key)"] = number
                sections[section, default: [:]][key] = accepted
            case .failure(let message):
                problem(message.text)
            }
        }
        self.sections = sections
        self.problems = problems
    }

    /// Parses `text` (`path` is used in messages).
    public init(parsing text: String, path: String) {
        self.init(parsing: Array(text.utf8), path: path)
    }

    /// Reads `url`; a missing file is an empty configuration, and a file that cannot be
    /// read at all is one problem.
    public static func load(_ url: URL) -> ConfigFile {
        do { try RegularFile.check(url, what: "the config", stage: .configuration) } catch let error as ParleyError {
            // No config is the usual case: the defaults, silently.
            if error.code == .notFound { return ConfigFile() }
            return ConfigFile(sections: [:], problems: [ConfigProblem(file: url.path, line: 0,
                message: String(error.message.dropFirst(error.message.hasPrefix(url.path + " ") ? url.path.count + 1 : 0))
                    + " parley uses its defaults.")])
        } catch {}
        let data: Data
        do { data = try RegularFile.contents(of: url, what: "the config", stage: .configuration, limit: 1 << 20) } catch {
            if !FileManager.default.fileExists(atPath: url.path) { return ConfigFile() }
            let reason = (error as? ParleyError)?.cause.map { " (\($0))" } ?? ""
            return ConfigFile(sections: [:], problems: [ConfigProblem(file: url.path, line: 0,
                message: "cannot be read\(reason); parley uses its defaults. Check its permissions.")])
        }
        return ConfigFile(parsing: [UInt8](data), path: url.path)
    }

    private init(sections: [String: [String: String]], problems: [ConfigProblem]) {
        self.sections = sections
        self.problems = problems
    }

    /// The accepted value of `key` in `section` (any spelling of a locale: `es_mx`, `es-MX`).
    public func value(_ key: String, in section: String) -> String? {
        guard case .success(let canonical) = ConfigSchema.section(named: section) else { return nil }
        return sections[canonical]?[key.lowercased()]
    }

    /// `[conversation] endpoint`: how much trailing silence ends an utterance, or nil when
    /// the config does not say (or said something unusable, which is among `problems`).
    public var endpoint: EndpointSetting? {
        guard let value = sections["conversation"]?["endpoint"] else { return nil }
        return EndpointSetting(parsing: value)
    }

    /// The preferred-locale table with the `[locales]` section's overrides applied. Every
    /// bare language parley resolves (command line, models, voices) goes through this one.
    public var preferredLocales: PreferredLocales {
        PreferredLocales.standard.merging(sections["locales"] ?? [:])
    }
}
