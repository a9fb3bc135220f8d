import Foundation

/// A BCP 47 language tag reduced to what parley uses: language, optional script and
/// optional region. Accepts the common spellings (`en`, `en-US`, `en_US`, `EN-us`)
/// and always prints the canonical form (`en-US`).
public struct LocaleTag: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// ISO 639 language code, lower case (`en`).
    public let language: String
    /// ISO 15924 script, title case (`Hans`), if given.
    public let script: String?
    /// ISO 3166 region or UN M49 area, upper case (`US`, `419`), if given.
    public let region: String?

    /// Creates a tag from already-separated parts, normalising their case.
    public init(language: String, script: String? = nil, region: String? = nil) {
        self.language = language.lowercased()
        self.script = script.map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }
        self.region = region?.uppercased()
    }

    /// Parses `text` in any common spelling; throws a `.locale` error that shows the
    /// accepted forms when it is not a language tag.
    public init(parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: /[-_]/, omittingEmptySubsequences: false).map(String.init)
        // Made only when thrown: tags are parsed often (every voice, every model folder).
        func invalid() -> ParleyError {
            ParleyError(.locale, .invalidInput, "'\(text)' is not a language tag. Use a form like en, en-US or es_ES.")
        }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(\.isASCIILetter)
        else { throw invalid() }
        var script: String?
        var region: String?
        for part in parts.dropFirst() {
            if script == nil, region == nil, part.count == 4, part.allSatisfy(\.isASCIILetter) {
                script = part
            } else if region == nil, part.count == 2, part.allSatisfy(\.isASCIILetter) {
                region = part
            } else if region == nil, part.count == 3, part.allSatisfy(\.isASCIIDigit) {
                region = part
            } else {
                throw invalid()
            }
        }
        self.init(language: first, script: script, region: region)
    }

    /// The tag without its region or script: `en-US` → `en`.
    public var languageOnly: LocaleTag { LocaleTag(language: language) }

    /// True when the tag names only a language (`en`), so a preferred region applies.
    public var isBareLanguage: Bool { script == nil && region == nil }

    /// The canonical BCP 47 spelling.
    public var identifier: String {
        [language, script, region].compactMap { $0 }.joined(separator: "-")
    }

    public var description: String { identifier }

    /// True when Foundation knows the language code (ISO 639).
    public var isKnownLanguage: Bool {
        Self.knownLanguageCodes.contains(language)
    }

    /// The English name of the tag, such as "Spanish (Spain)", for listings.
    public var displayName: String {
        let english = Locale(identifier: "en")
        let name = english.localizedString(forLanguageCode: language) ?? language
        guard let region, let regionName = english.localizedString(forRegionCode: region) else {
            return name
        }
        return "\(name) (\(regionName))"
    }

    public static func < (lhs: LocaleTag, rhs: LocaleTag) -> Bool {
        lhs.identifier < rhs.identifier
    }

    private static let knownLanguageCodes: Set<String> =
        Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))
}

extension Character {
    var isASCIILetter: Bool { isASCII && isLetter }
    var isASCIIDigit: Bool { isASCII && isNumber }
}

/// A tag is stored as its BCP 47 identifier (`"en-US"`), the way journals and saved
/// conversations have always written it; a string that is not a tag is refused when read.
extension LocaleTag: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try LocaleTag(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a language tag")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}
