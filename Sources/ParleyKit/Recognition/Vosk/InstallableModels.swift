/// The speech models `parley install model LOCALE` can install (the `official_model` table of
/// scripts/install-engine, which setup runs too, and the Korean model from PyPI), so every
/// command parley suggests is one that works. A test keeps this list and the script's table
/// the same.
public enum InstallableModels {
    /// The locales the installer has a model for.
    public static let locales: Set<String> = [
        "ko-KR", "en-US", "en-IN", "es-ES", "fr-FR", "de-DE", "it-IT", "pt-BR", "ru-RU", "uk-UA", "pl-PL",
        "nl-NL", "tr-TR", "ja-JP", "zh-CN", "hi-IN", "vi-VN", "fa-IR", "ca-ES", "cs-CZ", "sv-SE",
    ]

    /// Where the official Vosk models are listed, for a locale the installer does not know.
    public static let modelList = "https://alphacephei.com/vosk/models"

    /// The locale whose model the installer installs for `locale`: the locale itself when it knows
    /// it, else one of the same language (parley uses any model of the language asked for:
    /// en-GB is heard with en-US's), else nil.
    public static func installable(for locale: LocaleTag) -> LocaleTag? {
        if locales.contains(locale.identifier) { return locale }
        let preferred = PreferredLocales.standard.preferred(for: locale.languageOnly)
        if locales.contains(preferred.identifier) { return preferred }
        return locales.sorted().compactMap { try? LocaleTag(parsing: $0) }
            .first { $0.language == locale.language }
    }

    /// What gets a model for `locale`, as `parley doctor` shows a fix: the install command
    /// when the installer has one (for `locale` or its language), else where to unpack one.
    /// `reinstall`: a model is there but broken.
    public static func fix(for locale: LocaleTag, reinstall: Bool = false) -> String {
        switch installable(for: locale) {
        case locale?:
            return "parley install model \(locale)" + (reinstall ? " (reinstalls it)" : "")
        case let other?:
            return (reinstall ? "replace it with a Vosk model for \(locale) (\(modelList)), or remove it and run " : "")
                + "parley install model \(other) (there is no \(locale) model to install; parley hears \(locale) with \(other)'s)"
        case nil:
            return reinstall
                ? "replace it with a working Vosk model for \(locale) (\(modelList)); parley install knows none"
                : "unpack a Vosk model for \(locale) (\(modelList)) into ~/.local/share/parley/models/\(locale)/; "
                    + "parley install knows none"
        }
    }

    /// `fix(for:)` as the sentence that ends a message: "Run parley install model fr-FR."
    public static func advice(for locale: LocaleTag, reinstall: Bool = false) -> String {
        let fix = fix(for: locale, reinstall: reinstall)
        switch installable(for: locale) {
        case locale?: return (reinstall ? "Reinstall it with" : "Run") + " parley install model \(locale)."
        case _? where !reinstall: return "Run " + fix + "."
        case nil where !reinstall:
            return "parley install knows no model for \(locale): unpack a Vosk model for it (\(modelList)) into "
                + "~/.local/share/parley/models/\(locale)/."
        default: return fix.prefix(1).uppercased() + fix.dropFirst() + "."
        }
    }
}
