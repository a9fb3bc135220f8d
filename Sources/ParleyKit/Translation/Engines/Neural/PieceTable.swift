import Foundation

/// Reads a Marian vocabulary file (`vocab.json`, `target_vocab.json`): one JSON object from
/// piece to id. Parsed here rather than by `JSONDecoder`, which keys a dictionary by `String`
/// and so would merge canonically equivalent pieces without a word, and would let a float id
/// like 5.0 through.
enum PieceTable {
    /// Why a file is not a piece table, and at which byte.
    struct Failure: Error {
        /// Where in the file, in bytes from its start.
        let offset: Int
        /// What is wrong there, in words.
        let reason: String
    }

    /// The file's entries in file order. Throws unless it is exactly one JSON object whose
    /// values are whole numbers in Int64's range (signs are the caller's to check).
    static func parse(_ data: Data) throws(Failure) -> [(piece: String, id: Int64)] {
        var reader = Reader(bytes: Array(data))
        return try reader.table()
    }

    /// A cursor over the file's bytes; each method reads one JSON element or fails saying where.
    private struct Reader {
        /// The file, and the cursor's position in it.
        let bytes: [UInt8]
        var at = 0

        /// The whole file: `{`, entries, `}`, nothing after.
        mutating func table() throws(Failure) -> [(piece: String, id: Int64)] {
            var entries: [(piece: String, id: Int64)] = []
            skipSpace()
            try expect(UInt8(ascii: "{"), "the file must hold one JSON object, from piece to id")
            skipSpace()
            if peek == UInt8(ascii: "}") {
                at += 1
            } else {
                while true {
                    let piece = try string()
                    skipSpace()
                    try expect(UInt8(ascii: ":"), "expected ':' after a piece")
                    skipSpace()
                    entries.append((piece, try integer()))
                    skipSpace()
                    if peek == UInt8(ascii: ",") {
                        at += 1
                        skipSpace()
                    } else {
                        try expect(UInt8(ascii: "}"), "expected ',' or '}' after an id")
                        break
                    }
                }
            }
            skipSpace()
            guard at == bytes.count else { throw Failure(offset: at, reason: "more follows the object") }
            return entries
        }

        /// The byte at the cursor, nil at the end.
        var peek: UInt8? { at < bytes.count ? bytes[at] : nil }

        /// Skips JSON's four whitespace bytes.
        mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { at += 1 }
        }

        /// Consumes `byte` or fails with `reason`.
        mutating func expect(_ byte: UInt8, _ reason: String) throws(Failure) {
            guard peek == byte else { throw Failure(offset: at, reason: reason) }
            at += 1
        }

        /// A JSON string: UTF-8 with escapes; control characters and lone surrogates refused.
        mutating func string() throws(Failure) -> String {
            let start = at
            try expect(UInt8(ascii: "\""), "expected a piece in double quotes")
            var utf8: [UInt8] = []
            while true {
                guard let byte = peek else { throw Failure(offset: start, reason: "a piece's quotes are not closed") }
                at += 1
                switch byte {
                case UInt8(ascii: "\""):
                    guard let text = String(validating: utf8, as: UTF8.self) else {
                        throw Failure(offset: start, reason: "a piece is not valid UTF-8")
                    }
                    return text
                case UInt8(ascii: "\\"):
                    try escape(into: &utf8)
                case 0..<0x20:
                    throw Failure(offset: at - 1, reason: "a control character inside a piece must be escaped")
                default:
                    utf8.append(byte)
                }
            }
        }

        /// One escape after a backslash, appended as UTF-8.
        mutating func escape(into utf8: inout [UInt8]) throws(Failure) {
            guard let byte = peek else { throw Failure(offset: at, reason: "the file ends inside an escape") }
            at += 1
            let simple: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C,
                                          0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]
            if let plain = simple[byte] {
                utf8.append(plain)
                return
            }
            guard byte == UInt8(ascii: "u") else { throw Failure(offset: at - 2, reason: "an unknown escape") }
            var value = try hex4()
            if (0xD800..<0xDC00).contains(value) {
                // A high surrogate must pair with a low one to name a scalar.
                guard peek == UInt8(ascii: "\\"), at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "u") else {
                    throw Failure(offset: at, reason: "a lone surrogate escape")
                }
                at += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw Failure(offset: at - 6, reason: "a lone surrogate escape") }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw Failure(offset: at - 6, reason: "a lone surrogate escape") }
            utf8.append(contentsOf: String(scalar).utf8)
        }

        /// Four hex digits, as `\u` takes them.
        mutating func hex4() throws(Failure) -> UInt32 {
            guard at + 4 <= bytes.count,
                  let value = UInt32(String(decoding: bytes[at..<at + 4], as: UTF8.self), radix: 16),
                  bytes[at..<at + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") }) else {
                throw Failure(offset: at, reason: "\\u must be followed by four hex digits")
            }
            at += 4
            return value
        }

        /// A JSON number that is a whole number and fits in Int64.
        mutating func integer() throws(Failure) -> Int64 {
            let start = at
            let negative = peek == UInt8(ascii: "-")
            if negative { at += 1 }
            var value: Int64 = 0
            var digits = 0
            while let byte = peek, (0x30...0x39).contains(byte) {
                let digit = Int64(byte - 0x30)
                let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
                let (next, overflowAgain) = shifted.addingReportingOverflow(negative ? -digit : digit)
                guard !overflow, !overflowAgain else { throw Failure(offset: start, reason: "an id does not fit in 64 bits") }
                value = next
                digits += 1
                at += 1
            }
            guard digits > 0 else { throw Failure(offset: start, reason: "an id must be a whole number") }
            guard digits == 1 || bytes[negative ? start + 1 : start] != UInt8(ascii: "0") else {
                throw Failure(offset: start, reason: "an id has a leading zero")
            }
            if let byte = peek, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                throw Failure(offset: start, reason: "an id must be a whole number")
            }
            return value
        }
    }
}
