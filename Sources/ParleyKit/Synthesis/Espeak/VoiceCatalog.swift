import Foundation

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

    /// A variant's short name (`f3` for `!v/f3`).
    public var variantName: String {
        identifier.hasPrefix("!v/") ? String(identifier.dropFirst(3)) : identifier
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

    /// The gender variants (`!v/f3`, `!v/m3`…), by identifier without the `!v/` folder.
    public let variants: [Voice]

    /// Reads the installed voices and variants through the espeak-ng runtime. MBROLA voices
    /// whose MBROLA database is not installed are left out: espeak-ng lists them but cannot
    /// speak with them.
    public static func load(runtime: EspeakRuntime = .shared) throws -> VoiceCatalog {
        try runtime.perform {
            VoiceCatalog(voices: Espeak.voices(language: nil).filter(isUsable), variants: Espeak.voices(language: "variant"))
        }
    }

    /// Creates a catalog from already-read voices.
    public init(voices: [Voice], variants: [Voice] = []) {
        self.voices = voices
        self.variants = variants
    }

    private static func isUsable(_ voice: Voice) -> Bool {
        guard voice.identifier.hasPrefix("mb/") else { return true }
        let database = voice.identifier.dropFirst(3).replacingOccurrences(of: "mb-", with: "")
            .split(separator: "-").first.map(String.init) ?? ""
        return FileManager.default.fileExists(atPath: "/usr/share/mbrola/\(database)")
    }

    /// The voices that speak `language`, best first for its preferred locale.
    public func voices(speaking language: String, preferences: PreferredLocales = .standard) -> [Voice] {
        ranked(for: LocaleTag(language: language), preferences: preferences).map(\.voice)
    }

    /// Voices for `request` best first: the exact locale, then the language's preferred
    /// locale, then any voice of the language; ties go to espeak-ng's own priority.
    public func ranked(for request: LocaleTag, preferences: PreferredLocales = .standard)
        -> [(voice: Voice, locale: LocaleTag)] {
        var best: [String: (voice: Voice, locale: LocaleTag, rank: Int, priority: Int, order: Int)] = [:]
        for (order, voice) in voices.enumerated() {
            for (tag, priority) in voice.languages {
                guard let locale = try? LocaleTag(parsing: tag), locale.language == request.language else { continue }
                let rank = preferences.rank(of: locale, for: request)
                let candidate = (voice, locale, rank, priority, order)
                if let existing = best[voice.identifier],
                   (existing.rank, existing.priority) <= (rank, priority) { continue }
                best[voice.identifier] = candidate
            }
        }
        return best.values.sorted { ($0.rank, $0.priority, $0.order) < ($1.rank, $1.priority, $1.order) }
            .map { ($0.voice, $0.locale) }
    }

    /// The voice (with variant) for `request`; throws a `.synthesis` error listing what
    /// exists for an unknown voice name or a language espeak-ng does not speak.
    public func choose(_ request: VoiceRequest, preferences: PreferredLocales = .standard) throws -> String {
        let base: Voice
        var variant: String?
        if let name = request.name {
            // Empty parts are kept: `+` or `en+` must be refused by name, not index past the end.
            let parts = name.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard !parts[0].trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ParleyError(.synthesis, .invalidInput, "'\(name)' names no voice: write a voice's name, "
                    + "such as en-us or en-us+f3 (a voice and a variant). Run parley voices to list them.")
            }
            guard let named = voices.first(where: { $0.identifier == parts[0] || $0.name.lowercased() == parts[0].lowercased() })
            else {
                let suggestions = voices(speaking: request.locale.language).prefix(8).map(\.identifier)
                throw ParleyError(.synthesis, .notFound, "No espeak-ng voice named '\(parts[0])'. "
                    + (suggestions.isEmpty ? "Run parley voices to list them."
                       : "Voices for \(request.locale.language): \(suggestions.joined(separator: ", ")). Run parley voices for all."))
            }
            base = named
            if parts.count == 2 {
                guard variants.contains(where: { $0.variantName == parts[1] }) else {
                    throw ParleyError(.synthesis, .notFound, "No espeak-ng variant '\(parts[1])'. Variants include "
                        + variants.prefix(12).map(\.variantName).joined(separator: ", ") + ".")
                }
                variant = parts[1]
            }
        } else {
            guard let first = ranked(for: request.locale, preferences: preferences).first else {
                let languages = Set(voices.flatMap(\.locales).map(\.language)).sorted()
                throw ParleyError(.synthesis, .notFound, "espeak-ng has no voice for \(request.locale) (\(request.locale.displayName)). "
                    + "It speaks \(languages.count) languages, including \(languages.prefix(20).joined(separator: ", ")).")
            }
            base = first.voice
        }
        if variant == nil, let gender = request.gender, gender != .unspecified, base.gender != gender {
            variant = gender == .female ? "f3" : "m3"
        }
        return variant.map { "\(base.identifier)+\($0)" } ?? base.identifier
    }
}
