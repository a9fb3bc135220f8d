import Foundation

/// parley's settings file (`~/.config/parley/config`): `[section]` headers and
/// `key = value` lines; `#` starts a comment. Sections are named by language for voice
/// settings (`[es]`), plus `[locales]` for preferred-region overrides (`en = GB`).
public struct ConfigFile: Sendable, Equatable {
    /// section → key → value, all keys lower case.
    public private(set) var sections: [String: [String: String]]
    /// Lines that could not be read, with their line numbers.
    public let issues: [DictionaryIssue]

    /// An empty configuration.
    public init() {
        sections = [:]
        issues = []
    }

    /// Parses `text` (`path` is used in messages).
    public init(parsing text: String, path: String) {
        var sections: [String: [String: String]] = [:]
        var issues: [DictionaryIssue] = []
        var current = ""
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?
                .trimmingCharacters(in: .whitespaces) ?? ""
            if line.isEmpty { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                current = String(line.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces).lowercased()
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                issues.append(DictionaryIssue(file: path, line: index + 1, reason: "expected key = value"))
                continue
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            sections[current, default: [:]][key] = value
        }
        self.sections = sections
        self.issues = issues
    }

    /// Reads `url`; a missing file is an empty configuration.
    public static func load(_ url: URL) -> ConfigFile {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return ConfigFile() }
        return ConfigFile(parsing: text, path: url.path)
    }

    /// The value of `key` in `section`.
    public func value(_ key: String, in section: String) -> String? {
        sections[section.lowercased()]?[key.lowercased()]
    }

    /// The preferred-locale table with the `[locales]` section's overrides applied.
    public var preferredLocales: PreferredLocales {
        PreferredLocales.standard.merging(sections["locales"] ?? [:])
    }
}

/// How one language is spoken: its voice request and utterance settings, from the
/// config file's section for that language with the built-in defaults underneath.
public struct SpeechPreferences: Sendable {
    /// The parsed configuration.
    public let config: ConfigFile

    /// Preferences over `config`.
    public init(config: ConfigFile) { self.config = config }

    /// The keys a language section may set.
    public static let keys = ["voice", "gender", "rate", "pitch", "volume", "pause-before", "pause-after"]

    /// The voice request for `locale`: the config's `voice` and `gender`, if set.
    public func voice(for locale: LocaleTag) throws -> VoiceRequest {
        let section = section(for: locale)
        var request = VoiceRequest(locale: locale, name: value("voice", section))
        if let gender = value("gender", section) {
            guard let parsed = VoiceGender(rawValue: gender.lowercased()) else {
                throw ParleyError(.configuration, "gender = \(gender) in [\(section)] of the config: use female or male.")
            }
            request.gender = parsed
        }
        return request
    }

    /// The utterance settings for `locale`, validated.
    public func settings(for locale: LocaleTag) throws -> UtteranceSettings {
        let section = section(for: locale)
        var settings = UtteranceSettings.standard
        func number(_ key: String) throws -> Double? {
            guard let text = value(key, section) else { return nil }
            guard let number = Double(text) else {
                throw ParleyError(.configuration, "\(key) = \(text) in [\(section)] of the config is not a number.")
            }
            return number
        }
        if let rate = try number("rate") { settings.rate = rate }
        if let pitch = try number("pitch") { settings.pitch = Int(pitch) }
        if let volume = try number("volume") { settings.volume = Int(volume) }
        if let pause = try number("pause-before") { settings.pauseBefore = pause }
        if let pause = try number("pause-after") { settings.pauseAfter = pause }
        do { return try settings.validated() } catch let error as ParleyError {
            throw ParleyError(.configuration, "In [\(section)] of the config: \(error.message)")
        }
    }

    /// The most specific section that exists: `[es-mx]`, then `[es]`.
    private func section(for locale: LocaleTag) -> String {
        config.sections[locale.identifier.lowercased()] != nil ? locale.identifier.lowercased() : locale.language
    }

    private func value(_ key: String, _ section: String) -> String? {
        config.value(key, in: section)
    }
}
