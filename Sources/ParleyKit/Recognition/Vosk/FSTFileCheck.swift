import Foundation

/// Reads the header of an OpenFst file (a Vosk model's `graph/*.fst`) and says whether the
/// file is long enough for what the header declares. Kaldi would find out by failing to
/// read it, printing to stderr from deep inside libvosk; this finds out first, from Swift.
///
/// Decisive for `const` FSTs (states of 20 bytes, arcs of 16, as Vosk's graphs are stored)
/// and for the lookahead FSTs that wrap one (`olabel_lookahead`: `HCLr.fst`). Other types
/// (`vector`, `ngram`) are only checked for their header.
enum FSTFileCheck {
    /// OpenFst's magic numbers: every FST header, and the add-on wrapper of lookahead FSTs.
    static let fstMagic: Int32 = 2_125_659_606
    static let addOnMagic: Int32 = 446_681_434
    /// `FstHeader::IS_ALIGNED`: arrays start on 16-byte boundaries.
    static let alignedFlag: Int32 = 4
    static let stateBytes: Int64 = 20, arcBytes: Int64 = 16

    /// What is wrong with the FST file at `url`, or nil when nothing is found.
    static func problem(_ url: URL) -> String? {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return "cannot be read" }
        defer { try? handle.close() }
        let size = Int64((try? handle.seekToEnd()) ?? 0)
        try? handle.seek(toOffset: 0)
        // Headers are a few hundred bytes; 4 KB holds the wrapper's and the inner one's.
        var reader = HeaderReader(data: (try? handle.read(upToCount: 4_096)) ?? Data())
        guard let header = reader.header() else {
            return size == 0 ? "is empty" : "is not an OpenFst file (its header is missing or cut short)"
        }
        var inner = header
        if header.type.hasSuffix("_lookahead") {
            guard reader.int32() == addOnMagic, let wrapped = reader.header() else {
                return "is cut short or damaged (the \(header.type) FST inside it is unreadable)"
            }
            inner = wrapped
        }
        guard inner.type == "const", inner.arcType == "standard" else { return nil }
        var needed = Int64(reader.offset)
        if inner.flags & alignedFlag != 0 { needed = (needed + 15) / 16 * 16 }
        needed += inner.states * stateBytes
        if inner.flags & alignedFlag != 0 { needed = (needed + 15) / 16 * 16 }
        needed += inner.arcs * arcBytes
        guard inner.states >= 0, inner.arcs >= 0, needed > size else { return nil }
        return "is cut short: \(size) bytes where its header needs at least \(needed)"
    }

    struct Header {
        let type: String, arcType: String, flags: Int32, states: Int64, arcs: Int64
    }

    /// Little-endian fields of an OpenFst header, read from the front of the file.
    struct HeaderReader {
        let data: Data
        private(set) var offset = 0

        init(data: Data) { self.data = data }

        mutating func header() -> Header? {
            guard int32() == FSTFileCheck.fstMagic, let type = string(), let arcType = string(),
                  int32() != nil, let flags = int32(), int64() != nil, int64() != nil,   // version, properties, start
                  let states = int64(), let arcs = int64() else { return nil }
            return Header(type: type, arcType: arcType, flags: flags, states: states, arcs: arcs)
        }

        mutating func int32() -> Int32? { integer(Int32.self) }
        mutating func int64() -> Int64? { integer(Int64.self) }

        mutating func string() -> String? {
            guard let length = int32(), (0...256).contains(length), offset + Int(length) <= data.count else { return nil }
            let start = data.startIndex + offset
            offset += Int(length)
            return String(decoding: data[start..<start + Int(length)], as: UTF8.self)
        }

        private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) -> T? {
            let width = MemoryLayout<T>.size
            guard offset + width <= data.count else { return nil }
            var value: T = 0
            for (index, byte) in data[(data.startIndex + offset)..<(data.startIndex + offset + width)].enumerated() {
                value |= T(truncatingIfNeeded: byte) << (8 * index)
            }
            offset += width
            return value
        }
    }
}
