/// Where the language packs come from for one translator library (and whatever is made with
/// it): the one place a pack is looked up by its language. Its owner hands it to what needs
/// packs (a direction's `TranslationContext`, the language detector, the turn cues), so the
/// code that reads a pack is given it and never finds one by name itself.
///
/// Each pack is read from the shipped packs folder once per process (`LanguagePack.named`).
public struct LanguagePacks: Sendable {
    /// The shipped packs (`DataPaths.languagePacks`).
    public init() {}

    /// The pack of `language`: an empty pack when none is installed.
    public func pack(_ language: String) -> LanguagePack {
        LanguagePack.named(language)
    }
}
