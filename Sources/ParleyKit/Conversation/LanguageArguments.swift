/// How a person names languages and translators, on parley's command line and in the
/// conversation's commands (`:pair en ko`, `:as es`, `:translator neural`): one reading for
/// every front end, so a mistake is explained in the same words wherever it is made. Every
/// mistake is a `ParleyError` of the input stage with code `invalidInput`, its message saying
/// what would work.
public enum LanguageArguments {
    /// The language `text` names, in any common spelling (`en`, `en_US`); it must be a
    /// language parley knows of (ISO 639).
    public static func locale(_ text: String) throws -> LocaleTag {
        let tag: LocaleTag
        do { tag = try LocaleTag(parsing: text) } catch let error as ParleyError {
            throw mistake(error.message)
        }
        guard tag.isKnownLanguage else {
            throw mistake("Unknown language '\(tag.language)' in '\(text)'. Use an ISO 639 code such as en, es, ko or pt-BR.")
        }
        return tag
    }

    /// The translator `name` names (`auto`, `dictionary`, `apertium`, `neural`).
    public static func translatorKind(_ name: String) throws -> TranslatorKind {
        guard let kind = TranslatorKind(rawValue: name) else {
            throw mistake("Unknown translator '\(name)'. Choose one of: "
                + TranslatorKind.allCases.map(\.rawValue).joined(separator: ", ") + ".")
        }
        return kind
    }

    /// The two sides `locales` name, bare languages resolved through `preferences` (the
    /// config's `[locales]`): exactly two, of different languages.
    public static func sides(_ locales: [LocaleTag], preferences: PreferredLocales) throws -> (first: LocaleTag, second: LocaleTag) {
        guard locales.count == 2 else {
            throw mistake("A conversation needs two languages, like parley en es (got \(locales.count)).")
        }
        guard locales[0].language != locales[1].language else {
            throw mistake("Both sides speak \(locales[0].language): name two different languages, like parley en es.")
        }
        return (preferences.preferred(for: locales[0]), preferences.preferred(for: locales[1]))
    }

    /// The pair `:pair` names: two tags (`en ko`), or one that holds both (`en:ko`).
    public static func pair(_ tags: [String], preferences: PreferredLocales) throws -> (first: LocaleTag, second: LocaleTag) {
        let tags = tags.count == 1 ? tags[0].split(separator: ":", omittingEmptySubsequences: false).map(String.init) : tags
        guard tags.count == 2 else { throw mistake("Name two languages: :pair en ko (or :pair en:ko)") }
        var locales: [LocaleTag] = []
        for tag in tags {
            if tag.hasPrefix("-") { throw mistake(":pair takes two languages, not options like '\(tag)': :pair en ko") }
            let sides = tag.split(separator: ":", omittingEmptySubsequences: false)
            guard sides.count <= 2 else { throw mistake("'\(tag)' is not a pair. Write it as en:es.") }
            locales += try sides.map { try locale(String($0)) }
        }
        return try self.sides(locales, preferences: preferences)
    }

    /// A mistake in how something was named.
    static func mistake(_ message: String) -> ParleyError {
        ParleyError(.input, .invalidInput, message)
    }
}
