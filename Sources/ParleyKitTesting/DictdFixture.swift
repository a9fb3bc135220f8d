import Foundation

/// FreeDict dictionaries made in a test: a dictd `.index` and a plain `.dict` of given
/// entries, in the shape `FreeDictImporter` reads (offsets and lengths in dictd's base 64).
public enum DictdFixture {
    /// Writes `entries` (index word, body) as `name.index` and `name.dict` in a new
    /// temporary folder and returns the index.
    public static func write(_ entries: [(String, String)], name: String = "freedict-eng-spa") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-senses-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var data = Data()
        var index = ""
        for (word, body) in entries {
            let bytes = Data(body.utf8)
            index += "\(word)\t\(encode(data.count))\t\(encode(bytes.count))\n"
            data += bytes
        }
        try data.write(to: folder.appendingPathComponent("\(name).dict"))
        let url = folder.appendingPathComponent("\(name).index")
        try index.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// `number` in dictd's base 64 (`A` is 0, `BA` is 64).
    static func encode(_ number: Int) -> String {
        let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var value = number
        var text = ""
        repeat {
            text = String(digits[value % 64]) + text
            value /= 64
        } while value > 0
        return text
    }
}
