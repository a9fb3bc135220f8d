import Foundation

/// The committed Korean recordings (Tests/IntegrationTests/Fixtures: canonical 44-byte WAV
/// headers, 16 kHz mono 16-bit), as files and as the raw samples ALSA's file plugin reads.
enum Fixture {
    static let folder = ParleyProcess.checkout.appendingPathComponent("Tests/IntegrationTests/Fixtures")

    /// The fixture file `name`.
    static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// The raw little-endian samples of fixture `name` (its header dropped).
    static func samples(_ name: String) throws -> Data {
        try Data(contentsOf: url(name)).dropFirst(44)
    }

    /// The samples of fixture `name`, as numbers.
    static func values(_ name: String) throws -> [Int16] {
        try samples(name).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    /// `seconds` of digital silence as raw samples.
    static func silence(_ seconds: Double) -> Data { Data(count: Int(seconds * 16_000) * 2) }
}
