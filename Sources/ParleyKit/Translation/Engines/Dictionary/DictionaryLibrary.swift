import Foundation
import Synchronization

/// The dictionary files on disk, in layers: the user's entries, the shipped phrasebooks,
/// then imported dictionaries. Loads a direction's tables on first use and keeps them;
/// a direction with no file of its own is derived from the opposite one.
public final class DictionaryLibrary: Sendable {
    /// One layer's folder and what its entries count as.
    public struct LayerFolder: Sendable {
        /// Where the layer's entries come from.
        public let origin: TranslationOrigin
        /// The folder of `xx-yy.tsv` files.
        public let folder: URL

        /// A layer of `origin` entries in `folder`.
        public init(origin: TranslationOrigin, folder: URL) {
            self.origin = origin
            self.folder = folder
        }
    }

    /// The layers, highest priority first.
    public let layers: [LayerFolder]
    /// The analysers and generators of each language: what tells languages apart beyond the
    /// dictionaries, and what the rules of the translators over this library ask about words.
    public let morphology: any Morphology
    /// The language packs of the library's translators, rules and detector.
    public let packs: LanguagePacks
    /// The loaded tables of each direction, with the user files they were loaded from as
    /// they were then: entries added from another terminal are picked up by a running
    /// conversation.
    private let cache = Mutex<[LanguagePair: (stamps: [FileStamp], tables: [(TranslationOrigin, PhraseTable)])]>([:])
    /// Warnings not yet taken, and every warning ever queued: a file read for both
    /// directions, or again after an edit, reports each problem once.
    private let warnings = Mutex<(pending: [String], reported: Set<String>)>(([], []))

    /// Layers from `paths`: `<data>/dictionaries/user`, the shipped folder,
    /// `<data>/dictionaries/imported` (the user's own `parley dict import`s), and the shipped
    /// folder's `imported/` (the FreeDict dictionaries setup imports for every user).
    public convenience init(paths: DataPaths) {
        var layers = [LayerFolder(origin: .user, folder: paths.userDictionaries.appendingPathComponent("user"))]
        if let shipped = paths.shippedDictionaries {
            layers.append(LayerFolder(origin: .phrasebook, folder: shipped))
        }
        layers.append(LayerFolder(origin: .dictionary, folder: paths.userDictionaries.appendingPathComponent("imported")))
        if let shipped = paths.shippedDictionaries {
            layers.append(LayerFolder(origin: .dictionary, folder: shipped.appendingPathComponent("imported")))
        }
        self.init(layers: layers)
    }

    /// A library over explicit layer folders, highest priority first; `morphology` says
    /// which words a language has beyond its dictionaries (for telling languages apart;
    /// lt-proc's by default); `packs` is where its translators, morphology and detector find
    /// each language's pack.
    public init(layers: [LayerFolder], morphology: (any Morphology)? = nil,
                packs: LanguagePacks = LanguagePacks()) {
        self.layers = layers
        self.morphology = morphology ?? LttoolboxMorphology(packs: packs)
        self.packs = packs
    }

    /// The folder of the user's own entries.
    public var userFolder: URL? { layers.first { $0.origin == .user }?.folder }
    /// The folder `parley dict import` installs into: the user's own (the first imported layer).
    public var importedFolder: URL? { layers.first { $0.origin == .dictionary }?.folder }

    /// Every direction some layer can translate, with the layers that serve it; a
    /// direction counts when its own file or the opposite one exists.
    public func availablePairs() -> [LanguagePair: [TranslationOrigin]] {
        var result: [LanguagePair: [TranslationOrigin]] = [:]
        for layer in layers {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: layer.folder.path)) ?? []
            for pair in Set(names.compactMap(LanguagePair.init(fileName:)).flatMap { [$0, $0.reversed] }) {
                result[pair, default: []].append(layer.origin)
            }
        }
        return result
    }

    /// Whether `text` on `speaker`'s turn is clearly in `listener`'s language, weighing the
    /// words the two directions' dictionaries know (a word is a key of a layer translating
    /// from its language).
    public func isClearly(_ listener: LocaleTag, not speaker: LocaleTag, text: String) -> Bool {
        let (own, other) = (speaker.language, listener.language)
        // Each direction's tables are fetched once per line, and only when a line needs them
        // (a one-word line or another script does not): a fetch stats the user's files.
        var fetched: [String: [(TranslationOrigin, PhraseTable)]] = [:]
        return LanguageDetector.isClearly(other, not: own, text: text, packs: packs) { language, word in
            if fetched[language] == nil {
                fetched[language] = tables(for: LanguagePair(language, language == own ? other : own))
            }
            // A word its dictionaries know, or its morphological analyser (`wearing`, `coat`):
            // the phrasebooks alone know too few words to tell a line.
            return fetched[language]!.contains { $0.1[word] != nil }
                || morphology.analyser(for: language)?.readings(of: word).isEmpty == false
        }
    }

    /// The loaded tables for `pair`, highest priority first (loaded on first use).
    /// The user's own files are checked on each call (two `stat`s) and re-read when changed.
    public func tables(for pair: LanguagePair) -> [(TranslationOrigin, PhraseTable)] {
        let stamps = userFileStamps(pair)
        if let cached = cache.withLock({ $0[pair] }), cached.stamps == stamps { return cached.tables }
        var tables: [(TranslationOrigin, PhraseTable)] = []
        for layer in layers {
            if let table = load(pair, in: layer.folder, learningWordsFromPhrases: layer.origin != .dictionary) {
                tables.append((layer.origin, table))
            }
        }
        cache.withLock { $0[pair] = (stamps, tables) }
        return tables
    }

    /// Problems met while loading (malformed lines, refused files), each reported once.
    public func takeWarnings() -> [String] {
        warnings.withLock { state in
            defer { state.pending.removeAll() }
            return state.pending
        }
    }

    /// Adds or replaces the user's entry for `source` in `pair`. The file is rewritten
    /// atomically, so a crash mid-write loses nothing, and the entry is in use at once.
    public func addUserEntry(_ entry: DictionaryEntry, for pair: LanguagePair) throws {
        guard let folder = userFolder else {
            throw ParleyError(.translation, .notFound, "No folder for user dictionaries is configured.")
        }
        guard !PhraseText.words(entry.source).isEmpty, !entry.target.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ParleyError(.translation, .invalidInput, "Both the phrase and its translation must have words: "
                + "parley dict add en es \"good morning\" \"buenos días\"")
        }
        let file = folder.appendingPathComponent(pair.fileName)
        let key = PhraseText.key(entry.source)
        try AtomicFile.update(file, stage: .translation, what: "the user dictionary") { current in
            // The file's own line ends (CRLF too) and byte-order mark are kept.
            var file = TextLines(current ?? "# parley user dictionary \(pair)\n")
            file.lines.removeAll { line in
                guard !line.hasPrefix("#"), let tab = line.firstIndex(of: "\t") else { return false }
                return PhraseText.key(String(line[..<tab])) == key
            }
            file.lines.append(DictionaryFile.line(for: entry))
            return file.text
        }
        invalidate(pair)
    }

    /// Named in an imported file's first line. Raised when the importer picks entries
    /// differently, so `scripts/setup` knows an older import should be redone (it checks
    /// for this text: change both). 3: glued translations repaired, senses by part of speech.
    public static let importFormat = "import format 3"

    /// Installs `entries` as the imported dictionary for `pair`, replacing an earlier import.
    public func installImported(_ entries: [DictionaryEntry], for pair: LanguagePair, from origin: String) throws {
        guard let folder = importedFolder else {
            throw ParleyError(.translation, .notFound, "No folder for imported dictionaries is configured.")
        }
        var text = "# imported by parley (\(Self.importFormat)) from \(origin)\n"
        text.reserveCapacity(entries.count * 24)
        for entry in entries { text += DictionaryFile.line(for: entry) + "\n" }
        try AtomicFile.write(Data(text.utf8), to: folder.appendingPathComponent(pair.fileName), stage: .translation,
                             what: "the imported dictionary")
        invalidate(pair)
    }

    /// Forgets the loaded tables of `pair` and its reverse so the next use re-reads them.
    public func invalidate(_ pair: LanguagePair) {
        cache.withLock {
            $0[pair] = nil
            $0[pair.reversed] = nil
        }
    }

    /// Queues `messages` for `takeWarnings`, each once per library.
    func report(_ messages: [String]) {
        warnings.withLock { state in
            for message in messages where state.reported.insert(message).inserted {
                state.pending.append(message)
            }
        }
    }

    /// Imported dictionaries are word lists whose few phrases are idioms (`a menudo` →
    /// `frequently`), so words are learned from the phrases of the other layers only.
    private func load(_ pair: LanguagePair, in folder: URL, learningWordsFromPhrases: Bool) -> PhraseTable? {
        let forward = folder.appendingPathComponent(pair.fileName)
        let backward = folder.appendingPathComponent(pair.reversed.fileName)
        let fileManager = FileManager.default
        // A folder that cannot be searched hides its files from `fileExists`: without this,
        // a `chmod 000` folder made the user's entries vanish without a word.
        if case .success(let kind) = FileKind.of(folder.path), kind != .folder {
            report(["\(folder.path) is not a folder, so no dictionary is read from it: point it at the folder of "
                + "xx-yy.tsv files."])
            return nil
        }
        // (A folder that is missing, or under a file, is simply no layer.)
        if let refusal = FileKind.refusal(toRead: folder.path, searching: true), refusal.errno == EACCES || refusal.errno == EPERM {
            let error = ParleyError(.translation, .unreadable, "Cannot read the dictionary folder \(folder.path), so its "
                + "dictionaries are not used: check its permissions (chmod u+rx).", cause: refusal.cause)
            report([error.description])
            return nil
        }
        let (file, reversed): (URL, Bool)
        if fileManager.fileExists(atPath: forward.path) {
            (file, reversed) = (forward, false)
        } else if fileManager.fileExists(atPath: backward.path) {
            (file, reversed) = (backward, true)
        } else {
            return nil
        }
        do {
            let (entries, issues) = try DictionaryFile.read(file)
            report(issues.map(\.description))
            return PhraseTable(entries, reversed: reversed, sourceLanguage: pair.source, targetLanguage: pair.target,
                              learningWordsFromPhrases: learningWordsFromPhrases, packs: packs)
        } catch {
            report(["\(error)"])
            return nil
        }
    }

    private func userFileStamps(_ pair: LanguagePair) -> [FileStamp] {
        guard let folder = userFolder else { return [] }
        return [pair.fileName, pair.reversed.fileName].map { FileStamp(of: folder.appendingPathComponent($0)) }
    }
}
