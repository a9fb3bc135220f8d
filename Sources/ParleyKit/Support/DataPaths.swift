import Foundation

/// Where parley finds its models, dictionaries, config and journals, following the XDG
/// base directories. Built from an explicit environment so tests can point it anywhere.
public struct DataPaths: Sendable, Equatable {
    /// The checkout (or install prefix) that holds `Models/` and `dictionaries/`, if found.
    public let projectRoot: URL?
    /// Folders searched for `<locale>/` speech models, in order.
    public let modelRoots: [URL]
    /// Folders searched for `<name>/` neural voices, in order.
    public let voiceRoots: [URL]
    /// Folders searched for `<from>-<to>/` neural translation models, in order.
    public let translationRoots: [URL]
    /// Folder of the phrasebooks shipped with parley.
    public let shippedDictionaries: URL?
    /// Folder of imported and user-added dictionaries.
    public let userDictionaries: URL
    /// Folder of the language packs (`<xx>/` word lists and tables the translators read).
    public let languagePacks: URL?
    /// `~/.config/parley/config` (or under `$XDG_CONFIG_HOME`).
    public let configFile: URL
    /// `~/.local/share/parley` (or under `$XDG_DATA_HOME`): history, transcripts, models.
    public let dataDirectory: URL

    /// Derives every path from `environment` and the running executable's location.
    ///
    /// `$PARLEY_MODELS`, when set, replaces the default model folders (the checkout's
    /// `Models/` and the data directory's `models/`); `$PARLEY_DICTIONARIES` likewise
    /// replaces the shipped phrasebook folder, `$PARLEY_LANGUAGE_PACKS` the language packs
    /// (`dictionaries/languages/`), and `$PARLEY_VOICES` the neural voice folders
    /// (the checkout's `Models/voices/` and the data directory's `voices/`), and
    /// `$PARLEY_TRANSLATION_MODELS` the neural translation model folders (the checkout's
    /// `Models/translation/` and the data directory's `translation/`).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                executable: URL = Bundle.main.executableURL ?? URL(fileURLWithPath: "/proc/self/exe")) {
        let home = URL(fileURLWithPath: Self.homeDirectory(environment))
        // The XDG spec ignores empty and relative values: they would land files in whatever
        // folder parley was started from.
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? home.appendingPathComponent(".local/share")
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? home.appendingPathComponent(".config")
        dataDirectory = dataHome.appendingPathComponent("parley")
        configFile = configHome.appendingPathComponent("parley/config")
        userDictionaries = dataDirectory.appendingPathComponent("dictionaries")
        projectRoot = Self.locateProjectRoot(from: executable)

        if let models = environment["PARLEY_MODELS"], !models.isEmpty {
            modelRoots = [URL(fileURLWithPath: models)]
        } else {
            modelRoots = [projectRoot?.appendingPathComponent("Models"),
                          dataDirectory.appendingPathComponent("models")].compactMap { $0 }
        }
        if let voices = environment["PARLEY_VOICES"], !voices.isEmpty {
            voiceRoots = [URL(fileURLWithPath: voices)]
        } else {
            voiceRoots = [projectRoot?.appendingPathComponent("Models/voices"),
                          dataDirectory.appendingPathComponent("voices")].compactMap { $0 }
        }
        if let translation = environment["PARLEY_TRANSLATION_MODELS"], !translation.isEmpty {
            translationRoots = [URL(fileURLWithPath: translation)]
        } else {
            translationRoots = [projectRoot?.appendingPathComponent("Models/translation"),
                                dataDirectory.appendingPathComponent("translation")].compactMap { $0 }
        }
        if let dictionaries = environment["PARLEY_DICTIONARIES"], !dictionaries.isEmpty {
            shippedDictionaries = URL(fileURLWithPath: dictionaries)
        } else {
            shippedDictionaries = projectRoot?.appendingPathComponent("dictionaries")
        }
        // Packs are language knowledge, not phrasebooks: `$PARLEY_DICTIONARIES` pointing at
        // other phrasebooks must not take away what the algorithms know about a language.
        if let packs = environment["PARLEY_LANGUAGE_PACKS"], !packs.isEmpty {
            languagePacks = URL(fileURLWithPath: packs)
        } else {
            languagePacks = projectRoot?.appendingPathComponent("dictionaries/languages")
        }
    }

    /// `$HOME` when it is an absolute path, else the account's home from the password
    /// database: an empty or relative HOME must not put transcripts in the working directory.
    public static func homeDirectory(_ environment: [String: String]) -> String {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        if let path = UserAccount.homeFolder, path.hasPrefix("/") { return path }
        return "/nonexistent"
    }

    /// The prompt's line history: `~/.local/share/parley/history`.
    public var historyFile: URL { dataDirectory.appendingPathComponent("history") }

    /// The pronunciation lexicon of `language`: `~/.config/parley/lexicon/<language>.tsv`.
    public func lexiconFile(language: String) -> URL {
        configFile.deletingLastPathComponent().appendingPathComponent("lexicon/\(language).tsv")
    }

    /// Where `scripts/setup` installs the data of a parley it puts on the PATH, relative to
    /// the prefix (`/usr/local`, or `~/.local` without root): a copy of the checkout's
    /// `dictionaries/` and a hard-linked mirror of its `Models/`. A subfolder, because
    /// `~/.local/share/parley/` itself holds the user's own dictionaries and journals.
    public static let installedDataFolder = "share/parley/shipped"

    /// Finds the folder holding both `dictionaries/` and `Models/`: for an installed parley
    /// (`<prefix>/bin/parley`) its `<prefix>/share/parley/shipped/`, else the first such
    /// folder walking up from the executable (`.build/debug/parley` in a checkout); falls
    /// back to the working directory. Symlinks to the executable are resolved first, so a
    /// link on the PATH into a checkout finds that checkout.
    static func locateProjectRoot(from executable: URL) -> URL? {
        let fileManager = FileManager.default
        func isRoot(_ url: URL) -> Bool {
            var isDirectory: ObjCBool = false
            return ["dictionaries", "Models"].allSatisfy {
                fileManager.fileExists(atPath: url.appendingPathComponent($0).path, isDirectory: &isDirectory)
                    && isDirectory.boolValue
            }
        }
        var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        let installed = folder.deletingLastPathComponent().appendingPathComponent(installedDataFolder)
        if folder.lastPathComponent == "bin", isRoot(installed) { return installed }
        while folder.path != "/" {
            if isRoot(folder) { return folder }
            folder = folder.deletingLastPathComponent()
        }
        let workingDirectory = URL(fileURLWithPath: fileManager.currentDirectoryPath)
        return isRoot(workingDirectory) ? workingDirectory : nil
    }
}
