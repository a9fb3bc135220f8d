/// A translation direction between two languages (`en` → `es`). Dictionaries are kept
/// per language, not per locale: en-US and en-GB share the English phrasebooks.
public struct LanguagePair: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Source language code.
    public let source: String
    /// Target language code.
    public let target: String

    /// Creates a pair from language codes.
    public init(_ source: String, _ target: String) {
        self.source = source.lowercased()
        self.target = target.lowercased()
    }

    /// The pair of two locales' languages.
    public init(_ source: LocaleTag, _ target: LocaleTag) {
        self.init(source.language, target.language)
    }

    /// Parses a dictionary file name such as `en-es.tsv`.
    public init?(fileName: String) {
        guard fileName.hasSuffix(".tsv") else { return nil }
        let parts = fileName.dropLast(4).split(separator: "-")
        guard parts.count == 2, parts.allSatisfy({ (2...3).contains($0.count) && $0.allSatisfy(\.isASCIILetter) })
        else { return nil }
        self.init(String(parts[0]), String(parts[1]))
    }

    /// The opposite direction.
    public var reversed: LanguagePair { LanguagePair(target, source) }

    /// `en-es.tsv`.
    public var fileName: String { "\(source)-\(target).tsv" }

    public var description: String { "\(source)→\(target)" }

    public static func < (lhs: LanguagePair, rhs: LanguagePair) -> Bool {
        (lhs.source, lhs.target) < (rhs.source, rhs.target)
    }
}
