import Foundation

/// New temporary files and folders under names nobody could have planted first: `mkstemp`
/// and `mkdtemp` create them exclusively (O_EXCL, mode 0600/0700) with a random suffix, so
/// a file or symlink left at a predictable name is never opened or written through.
enum ExclusiveTemporary {
    /// A new file named `prefix` + six random characters, open for writing; nil with `errno`
    /// set when it cannot be made.
    static func file(_ prefix: URL) -> (descriptor: Int32, url: URL)? {
        var template = Array((prefix.path + "XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        return (descriptor, URL(fileURLWithPath: template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }))
    }

    /// A new folder named `prefix` + six random characters; nil with `errno` set when it
    /// cannot be made.
    static func folder(_ prefix: URL) -> URL? {
        var template = Array((prefix.path + "XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return nil }
        return URL(fileURLWithPath: template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }
}
