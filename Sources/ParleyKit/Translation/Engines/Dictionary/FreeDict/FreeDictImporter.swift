import Foundation

/// Reads a dictd dictionary as FreeDict ships it (Debian's `dict-freedict-*`): an
/// `.index` of headword, offset and length, and the entries in `.dict.dz` (dictzip, which
/// is gzip-compatible) or a plain `.dict`. Keeps one translation per headword: the
/// ordinary sense of the word itself, not of a compound or name indexed under it
/// (see `FreeDictSenses`), with the spaces FreeDict lost put back (see `GlueRepair`).
public enum FreeDictImporter {
    /// What an import produced.
    public struct Result: Sendable {
        /// The direction, from the file name (`freedict-eng-spa` → en→es) or as given.
        public let pair: LanguagePair
        /// One entry per headword: its ordinary sense.
        public let entries: [DictionaryEntry]
        /// Index lines that could not be used, with reasons.
        public let skipped: [DictionaryIssue]
    }

    /// Imports the dictionary whose index is at `index`. The pair comes from the file name
    /// unless `pair` is given; the target language's pack comes from `packs`.
    public static func read(index: URL, pair explicitPair: LanguagePair? = nil,
                            packs: LanguagePacks = LanguagePacks()) throws -> Result {
        guard let pair = explicitPair ?? pairFromFileName(index.lastPathComponent) else {
            throw ParleyError(.translation, .invalidInput,
                "Cannot tell the languages of \(index.lastPathComponent): FreeDict files are named like "
                + "freedict-eng-spa.index. Name them with --from and --to.")
        }
        // A device (/dev/zero), a pipe or a folder is named, not read without end or dumped.
        try RegularFile.check(index, what: "the dictd .index file", stage: .translation)
        let indexSize = (try? FileManager.default.attributesOfItem(atPath: index.path)[.size] as? Int) ?? 0
        guard indexSize <= maximumEntriesSize else { throw tooLarge(index, maximumEntriesSize) }
        let indexText: String
        do { indexText = try String(contentsOf: index, encoding: .utf8) } catch {
            throw ParleyError(.translation, .unreadable, "Cannot read \(index.path): is it a dictd .index file?",
                              cause: .from(error))
        }
        let data = try entriesData(besides: index)
        var bodies: [String: [String]] = [:]
        var headwords: [(key: String, headword: String)] = []
        var skipped: [DictionaryIssue] = []
        var lineNumber = 0
        for line in TextLines(indexText).lines {
            lineNumber += 1
            guard !line.isEmpty else { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, let offset = decodeNumber(fields[1]), let length = decodeNumber(fields[2]) else {
                skipped.append(DictionaryIssue(file: index.path, line: lineNumber,
                                               reason: "not a dictd index line (headword, offset, length)"))
                continue
            }
            let headword = String(fields[0])
            if headword.hasPrefix("00database") || headword.hasPrefix("00-database") { continue }
            let key = PhraseText.key(headword)
            guard !key.isEmpty else { continue }
            guard offset + length <= data.count else {
                skipped.append(DictionaryIssue(file: index.path, line: lineNumber,
                                               reason: "points past the end of the .dict data"))
                continue
            }
            // Every entry under a headword is a candidate: the first is often a compound
            // or a name (see FreeDictSenses).
            if bodies[key] == nil { headwords.append((key, headword)) }
            bodies[key, default: []].append(String(decoding: data[offset..<(offset + length)], as: UTF8.self))
        }
        let translations = bodies.values.flatMap { $0.map(translationLines) }
        let targetPack = packs.pack(pair.target)
        let glue = GlueRepair(pack: targetPack, translations: translations,
                              analysed: analyse(translations, pack: targetPack))
        // Each entry is parsed, and each of its senses' translation chosen, once.
        let candidates = bodies.mapValues { $0.map { FreeDictSenses.Candidate(body: $0).picking(with: glue) } }
        let stressMarksCompounds = FreeDictSenses.stressMarksAreAMinority(candidates.values.flatMap { $0 })
        let agrees = partsOfSpeech(headwords: headwords.map(\.headword), candidates: candidates, pair: pair, packs: packs)
        var entries: [DictionaryEntry] = []
        for (key, headword) in headwords {
            guard let sense = FreeDictSenses.translation(of: headword, entries: candidates[key] ?? [],
                                                         stressMarksCompounds: stressMarksCompounds,
                                                         agrees: agrees) else { continue }
            entries.append(DictionaryEntry(source: headword, target: sense))
        }
        if entries.isEmpty {
            throw ParleyError(.translation, .invalidInput, "\(index.lastPathComponent) has no usable entries: is it a dictd index?")
        }
        return Result(pair: pair, entries: entries, skipped: skipped)
    }

    /// `freedict-eng-spa.index` → en→es (ISO 639-3 codes mapped to the two-letter ones).
    public static func pairFromFileName(_ name: String) -> LanguagePair? {
        let stem = name.replacingOccurrences(of: ".index", with: "")
        let parts = stem.split(separator: "-").suffix(2).map(String.init)
        guard parts.count == 2 else { return nil }
        let codes = parts.map { code -> String? in
            code.count == 2 ? code : Locale.LanguageCode(code).identifier(.alpha2)
        }
        guard let source = codes[0], let target = codes[1], source != target else { return nil }
        return LanguagePair(source, target)
    }

    /// The glued tokens among `translations`, found with the target language's analyser
    /// (nil without one).
    private static func analyse(_ translations: [String], pack: LanguagePack) -> AnalysedGlue? {
        guard LttoolboxLemmatizer.locate(pack) != nil else { return nil }
        var tokens = Set<String>()
        for text in translations {
            for line in text.split(whereSeparator: \.isNewline) {
                var body = Substring(line)
                if let dot = body.firstIndex(of: "."), body[..<dot].allSatisfy(\.isNumber) { body = body[body.index(after: dot)...] }
                for alternative in body.split(whereSeparator: { $0 == "," || $0 == ";" }) {
                    let trimmed = alternative.trimmingCharacters(in: .whitespaces)
                    if !trimmed.isEmpty, !trimmed.contains(" ") { tokens.insert(trimmed) }
                }
            }
        }
        return AnalysedGlue(tokens: tokens, pack: pack) { LttoolboxLemmatizer.analyse($0, pack: pack) }
    }

    /// Whether a headword and a translation can be the same part of speech, read by the
    /// two languages' analysers in one batch each; nil without both analysers.
    private static func partsOfSpeech(headwords: [String], candidates: [String: [FreeDictSenses.Candidate]],
                                      pair: LanguagePair, packs: LanguagePacks) -> ((String, String) -> Bool?)? {
        let (sourcePack, targetPack) = (packs.pack(pair.source), packs.pack(pair.target))
        guard LttoolboxLemmatizer.locate(sourcePack) != nil, LttoolboxLemmatizer.locate(targetPack) != nil else { return nil }
        let sources = Array(Set(headwords.map { $0.lowercased() }))
        let targets = Array(Set(candidates.values.flatMap { $0.flatMap { $0.picks.compactMap { $0?.lowercased() } } }))
        guard let sourceTags = LttoolboxLemmatizer.analyseWithTags(sources, pack: sourcePack),
              let targetTags = LttoolboxLemmatizer.analyseWithTags(targets, pack: targetPack) else { return nil }
        // Verbs of every kind are one class; a name is a noun.
        func classes(_ tags: Set<String>) -> Set<String> {
            Set(tags.map { $0.hasPrefix("vb") || $0 == "vaux" ? "v" : $0 == "np" ? "n" : $0 })
        }
        let source = Dictionary(zip(sources, sourceTags.map { classes($0.partsOfSpeech) }), uniquingKeysWith: { a, _ in a })
        let target = Dictionary(zip(targets, targetTags.map { classes($0.partsOfSpeech) }), uniquingKeysWith: { a, _ in a })
        return { headword, translation in
            guard let left = source[headword.lowercased()], let right = target[translation.lowercased()],
                  !left.isEmpty, !right.isEmpty else { return nil }
            return !left.isDisjoint(with: right)
        }
    }

    /// The translation lines of an entry (all but the headword line).
    private static func translationLines(_ body: String) -> String {
        // CRLF too: Swift reads "\r\n" as one Character, which `split(separator: "\n")` misses.
        body.split(whereSeparator: \.isNewline).dropFirst().joined(separator: "\n")
    }

    /// dictd's base-64 numbers: digits from `A–Z a–z 0–9 + /`, most significant first.
    static func decodeNumber(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 10 else { return nil }
        var value = 0
        for byte in text.utf8 {
            let digit: Int
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): digit = Int(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = Int(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): digit = 62
            case UInt8(ascii: "/"): digit = 63
            default: return nil
            }
            value = value * 64 + digit
        }
        return value
    }

    /// The most entry text an import reads: FreeDict's largest dictionaries are tens of MiB.
    static let maximumEntriesSize = 512 * 1024 * 1024

    private static func tooLarge(_ file: URL, _ limit: Int) -> ParleyError {
        ParleyError(.translation, .invalidInput,
                    "\(file.path) holds more than \(limit / 1_048_576) MiB of entries: too large for a "
                    + "dictionary (FreeDict's are a few MiB). Import a FreeDict .index with its .dict.dz.")
    }

    /// The entry text: `.dict` as it is, or `.dict.dz` through `gzip -dc` (dictzip is
    /// gzip with an index in its header, so gzip reads it whole).
    static func entriesData(besides index: URL, limit: Int = maximumEntriesSize) throws -> Data {
        let stem = index.deletingPathExtension()
        let plain = stem.appendingPathExtension("dict")
        let compressed = URL(fileURLWithPath: plain.path + ".dz")
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: plain.path) {
            try RegularFile.check(plain, what: "the dictd .dict file", stage: .translation)
            let size = (try? fileManager.attributesOfItem(atPath: plain.path)[.size] as? Int) ?? 0
            guard size <= limit else { throw tooLarge(plain, limit) }
            return try Data(contentsOf: plain)
        }
        guard fileManager.fileExists(atPath: compressed.path) else {
            throw ParleyError(.translation, .notFound,
                "No entries file beside \(index.lastPathComponent): expected \(compressed.lastPathComponent) or "
                + "\(plain.lastPathComponent) in the same folder.")
        }
        try RegularFile.check(compressed, what: "the dictd .dict.dz file", stage: .translation)
        let gzip: Subprocess
        do {
            gzip = try Subprocess.start("/bin/gzip", arguments: ["-dc", compressed.path], output: .pipe, error: .null,
                                        stage: .translation)
        } catch {
            throw ParleyError(.translation, .libraryMissing, "Cannot run gzip to read \(compressed.lastPathComponent): install gzip.",
                              cause: error.cause ?? .text(error.message))
        }
        // Read with a bound: a small file can decompress to gigabytes (a gzip bomb).
        let data: [UInt8]
        do { data = try gzip.readToEnd(limit: limit).output } catch {
            gzip.kill()
            gzip.wait()
            throw ParleyError(.translation, .unreadable, "Cannot read the entries of \(compressed.path).", cause: error.cause)
        }
        let ending = gzip.wait()
        guard data.count <= limit else { throw tooLarge(compressed, limit) }
        guard ending.succeeded else {
            throw ParleyError(.translation, .unreadable, "\(compressed.path) is not a valid dictzip/gzip file.")
        }
        return Data(data)
    }
}
