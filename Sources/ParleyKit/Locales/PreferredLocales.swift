/// Which region a bare language means. The platform's own choice is not good enough
/// (espeak-ng picks en-GB for "en"), so parley resolves every bare language through this
/// table first, for models, voices and dictionaries alike.
public struct PreferredLocales: Sendable {
    /// The starting table from the design: language → preferred locale.
    public static let standard = PreferredLocales(table: [
        "en": "US", "es": "ES", "pt": "BR", "fr": "FR", "de": "DE", "it": "IT", "ru": "RU",
        "uk": "UA", "pl": "PL", "nl": "NL", "tr": "TR", "ko": "KR", "ja": "JP", "zh": "CN",
        "hi": "IN", "ar": "EG", "vi": "VN", "fa": "IR", "ca": "ES", "sv": "SE", "cs": "CZ",
        "el": "GR",
    ].mapValues { $0 })

    private var regionByLanguage: [String: String]

    /// Creates a table from language code → region code.
    public init(table: [String: String]) {
        regionByLanguage = Dictionary(uniqueKeysWithValues:
            table.map { ($0.key.lowercased(), $0.value.uppercased()) })
    }

    /// Every language in the table with its preferred locale, sorted by language
    /// (`en` → en-US, …): the tags shell completion offers.
    public var preferredLocales: [LocaleTag] {
        regionByLanguage.keys.sorted().map { LocaleTag(language: $0, region: regionByLanguage[$0]) }
    }

    /// Returns this table with `overrides` (from the user's config) taking precedence.
    public func merging(_ overrides: [String: String]) -> PreferredLocales {
        var merged = self
        for (language, region) in overrides {
            merged.regionByLanguage[language.lowercased()] = region.uppercased()
        }
        return merged
    }

    /// The preferred full locale for a tag: `en` → `en-US`; a tag that already has a
    /// region, or a language not in the table, comes back unchanged.
    public func preferred(for tag: LocaleTag) -> LocaleTag {
        guard tag.isBareLanguage, let region = regionByLanguage[tag.language] else { return tag }
        return LocaleTag(language: tag.language, region: region)
    }

    /// Orders `candidates` for a request, best first. A bare language puts its preferred
    /// locale first (`en` → en-US, then a plain `en`); a full tag puts itself first, then
    /// the plain language, then the preferred locale. Other locales of the same language
    /// follow alphabetically; candidates of other languages are dropped.
    public func ranked(_ candidates: [LocaleTag], for request: LocaleTag) -> [LocaleTag] {
        candidates
            .filter { $0.language == request.language }
            .sorted { (rank(of: $0, for: request), $0.identifier) < (rank(of: $1, for: request), $1.identifier) }
    }

    /// How well `tag` serves `request` (lower is better), by the order `ranked` uses.
    public func rank(of tag: LocaleTag, for request: LocaleTag) -> Int {
        let preferred = preferred(for: request.languageOnly)
        let order: [LocaleTag] = request.isBareLanguage
            ? [preferred, request]
            : [request, request.languageOnly, preferred]
        return order.firstIndex(of: tag) ?? order.count
    }

    /// The best of `candidates` for `request`, if any has the same language.
    public func bestMatch(for request: LocaleTag, among candidates: [LocaleTag]) -> LocaleTag? {
        ranked(candidates, for: request).first
    }
}
