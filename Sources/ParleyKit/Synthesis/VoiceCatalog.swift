import CEspeakNG

/// How a voice sounds, as espeak-ng records it.
public enum VoiceGender: String, Sendable, Equatable, CaseIterable {
    case unspecified, male, female
}

/// One espeak-ng voice and the languages it speaks, best first.
public struct Voice: Sendable, Equatable {
    /// The voice's display name (`English_(America)`).
    public let name: String
    /// The file name within espeak-ng-data/voices (`gmw/en-US`): what selects it.
    public let identifier: String
    /// Languages this voice speaks with espeak-ng's priority (lower is preferred).
    public let languages: [(tag: String, priority: Int)]
    /// The recorded gender.
    public let gender: VoiceGender

    public static func == (lhs: Voice, rhs: Voice) -> Bool {
        lhs.identifier == rhs.identifier
    }

    /// The locales this voice speaks that parse as language tags.
    public var locales: [LocaleTag] {
        languages.compactMap { try? LocaleTag(parsing: $0.tag) }
    }
}

/// The voices espeak-ng has installed, read once from `espeak_ListVoices`.
public struct VoiceCatalog: Sendable {
    /// Every voice, in espeak-ng's order.
    public let voices: [Voice]

    /// Reads the installed voices through the espeak-ng runtime.
    public static func load(runtime: EspeakRuntime = .shared) throws -> VoiceCatalog {
        try runtime.perform {
            // Each call invalidates the previous list, so it is copied at once.
            guard let list = espeak_ListVoices(nil) else { return VoiceCatalog(voices: []) }
            var voices: [Voice] = []
            var index = 0
            while let entry = list[index] {
                voices.append(Voice(entry.pointee))
                index += 1
            }
            return VoiceCatalog(voices: voices)
        }
    }

    /// The voices that speak `locale`'s language.
    public func voices(speaking language: String) -> [Voice] {
        voices.filter { $0.locales.contains { $0.language == language } }
    }
}

extension Voice {
    init(_ raw: espeak_VOICE) {
        name = raw.name.map { String(cString: $0) } ?? ""
        identifier = raw.identifier.map { String(cString: $0) } ?? ""
        languages = raw.languages.map(Self.parseLanguages) ?? []
        switch raw.gender {
        case 1: gender = .male
        case 2: gender = .female
        default: gender = .unspecified
        }
    }

    /// espeak-ng packs languages as runs of [priority byte][name][NUL], ending with an
    /// empty name.
    static func parseLanguages(_ pointer: UnsafePointer<CChar>) -> [(tag: String, priority: Int)] {
        var result: [(tag: String, priority: Int)] = []
        var cursor = pointer
        while cursor.pointee != 0 {
            let priority = Int(UInt8(bitPattern: cursor.pointee))
            let name = String(cString: cursor + 1)
            if name.isEmpty { break }
            result.append((name, priority))
            cursor += 1 + name.utf8.count + 1
        }
        return result
    }
}
