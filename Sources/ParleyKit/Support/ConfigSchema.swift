/// What the config file may say: its sections, each section's keys, and each key's accepted
/// values. Messages name the accepted values and what parley does instead, since they are
/// shown as they are.
public enum ConfigSchema {
    /// The keys of a language section (`[es]`), in the order messages list them.
    public static let speechKeys = ["voice", "gender", "rate", "pitch", "volume", "pause-before", "pause-after"]
    /// The keys of `[conversation]`, which the conversation front end reads.
    public static let conversationKeys = ["endpoint"]

    /// The canonical name of a section (`locales`, or a locale tag such as `es-MX`), or why
    /// the name is not one.
    static func section(named name: String) -> Result<String, Message> {
        if ["locales", "conversation"].contains(name.lowercased()) { return .success(name.lowercased()) }
        guard let tag = try? LocaleTag(parsing: name), tag.isKnownLanguage else {
            return .failure(Message("[\(name)] is not a section parley knows: use a language or locale such as [es] or "
                + "[es-MX], [locales] or [conversation]. Its settings are ignored."))
        }
        return .success(tag.identifier)
    }

    /// The value to keep for `key = value` in `section` (normalised), or why it cannot be used.
    static func check(key: String, value: String, in section: String) -> Result<String, Message> {
        switch section {
        case "locales": checkLocale(language: key, region: value)
        case "conversation": checkConversation(key: key, value: value)
        default: checkSpeech(key: key, value: value, in: section)
        }
    }

    /// `[conversation]`: `endpoint = 0.45` (seconds of trailing silence that end an
    /// utterance) or `endpoint = off`.
    private static func checkConversation(key: String, value: String) -> Result<String, Message> {
        guard key == "endpoint" else {
            let suggestion = closest(to: key, among: conversationKeys).map { "Did you mean \($0)? " } ?? ""
            return .failure(Message("'\(key)' is not a setting of [conversation]. \(suggestion)"
                + "The settings are: \(conversationKeys.joined(separator: ", ")). The line is ignored."))
        }
        guard let setting = EndpointSetting(parsing: value.lowercased()) else {
            return .failure(Message("endpoint = \(value) in [conversation]: use seconds of silence from 0.3 to 3, or off; "
                + "using the default (\(Endpointer.defaultSilence) s)."))
        }
        return .success(setting == .off ? "off" : value)
    }

    private static func checkSpeech(key: String, value: String, in section: String) -> Result<String, Message> {
        let setting = "\(key) = \(value) in [\(section)]"
        func number<T: LosslessStringConvertible & Comparable>(_ range: ClosedRange<T>, _ meaning: String) -> Result<String, Message> {
            guard let parsed = T(value), range.contains(parsed) else {
                return .failure(Message("\(setting): use \(meaning); using the default."))
            }
            return .success(value)
        }
        switch key {
        case "voice":
            // `+` alone or first names no voice (a variant needs one: en-us+f3).
            return value.isEmpty || value.hasPrefix("+") ? .failure(Message("\(setting): name an espeak-ng voice (parley voices \(section) lists them); "
                + "using the default voice.")) : .success(value)
        case "gender":
            let gender = value.lowercased()
            return gender == "female" || gender == "male" ? .success(gender)
                : .failure(Message("\(setting): use female or male; using the voice's own."))
        case "rate":
            return number(UtteranceSettings.rateRange, "a number from 0.5 to 3 (1 is normal speed)")
        case "pitch":
            return number(UtteranceSettings.pitchRange, "a whole number from 0 to 100 (50 is normal)")
        case "volume":
            return number(UtteranceSettings.volumeRange, "a whole number from 0 to 200 (100 is normal)")
        case "pause-before", "pause-after":
            return number(UtteranceSettings.pauseRange, "seconds from 0 to 10")
        default:
            let suggestion = closest(to: key, among: speechKeys).map { "Did you mean \($0)? " } ?? ""
            return .failure(Message("'\(key)' is not a setting of [\(section)]. \(suggestion)"
                + "The settings are: \(speechKeys.joined(separator: ", ")). The line is ignored."))
        }
    }

    /// `[locales]`: `en = GB` (or `en = en-GB`) makes a bare `en` mean en-GB.
    private static func checkLocale(language: String, region value: String) -> Result<String, Message> {
        let setting = "\(language) = \(value) in [locales]"
        guard let tag = try? LocaleTag(parsing: language), tag.isBareLanguage, tag.isKnownLanguage else {
            return .failure(Message("\(setting): the key must be a language code such as en or pt; the line is ignored."))
        }
        let isRegion = (value.count == 2 && value.allSatisfy(\.isASCIILetter)) || (value.count == 3 && value.allSatisfy(\.isASCIIDigit))
        if isRegion { return .success(value.uppercased()) }
        if let full = try? LocaleTag(parsing: value), full.language == tag.language, let region = full.region {
            return .success(region)
        }
        return .failure(Message("\(setting): give a region such as GB or 419 (or a locale of the same language, "
            + "like \(tag.language)-GB); \(tag.language) keeps its usual region."))
    }

    /// The known key one or two edits away from `key`, if there is exactly one best.
    public static func closest(to key: String, among keys: [String]) -> String? {
        let scored = keys.map { ($0, distance(Array(key), Array($0))) }.filter { $0.1 <= 2 }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return scored.filter { $0.1 == best.1 }.count == 1 ? best.0 : nil
    }

    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// A problem's text, as a `Result` failure.
    struct Message: Error, Equatable {
        let text: String
        init(_ text: String) { self.text = text }
    }
}
