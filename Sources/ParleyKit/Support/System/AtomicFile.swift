import Foundation

/// Writes files so that a crash at any moment leaves either the old or the new contents:
/// the data goes to a temporary file beside the target, is flushed to disk, and is then
/// renamed over the target.
public enum AtomicFile {
    /// Replaces `url` with `data`, creating its folder if needed; `permissions` applies to
    /// the new file (0600 for private data). Failures are reported as `stage`'s: the
    /// dictionary, the lexicon, a recording, a saved conversation.
    /// Only a regular file (or nothing) is replaced; through a symbolic link, the file it
    /// leads to is (`RegularFile.replaceable`).
    public static func write(_ data: Data, to destination: URL, permissions: mode_t = 0o644, stage: Stage,
                             what: String = "the file") throws {
        let url = try RegularFile.replaceable(destination, what: what, stage: stage)
        let folder = url.deletingLastPathComponent()
        try createFolder(folder, stage: stage)
        let (descriptor, temporary) = try createTemporary(beside: url, permissions: permissions, stage: stage)
        var ok = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 { if errno == EINTR { continue }; return false }
                offset += written
            }
            return true
        }
        ok = ok && fsync(descriptor) == 0
        close(descriptor)
        guard ok, rename(temporary.path, url.path) == 0 else {
            let error = failure("write", url, stage)
            unlink(temporary.path)
            throw error
        }
        // Make the rename itself durable.
        let folderDescriptor = open(folder.path, O_RDONLY)
        if folderDescriptor >= 0 { fsync(folderDescriptor); close(folderDescriptor) }
    }

    /// Rewrites the text file at `url` through `change` while holding an advisory lock, so
    /// writers in other processes (two terminals running `parley dict add`) take turns and
    /// none loses another's line. `change` gets the current text, or nil when there is no
    /// file yet. A file that exists but cannot be read as UTF-8 is never rewritten: the
    /// error names it and the first bad line, and the file is left as it was. An existing
    /// file keeps its mode (a private 0600 file stays private); `permissions` is for a new one.
    public static func update(_ destination: URL, stage: Stage, permissions: mode_t = 0o644, what: String = "the file",
                              _ change: (String?) throws -> String) throws {
        // A pipe there would block the read below forever; a device would be replaced.
        let url = try RegularFile.replaceable(destination, what: what, stage: stage)
        let folder = url.deletingLastPathComponent()
        try createFolder(folder, stage: stage)
        // The lock lives in its own file: the data file is replaced by rename, so a lock
        // on it would be held on the old inode while the next writer locks the new one.
        let lockFile = folder.appendingPathComponent(".\(url.lastPathComponent).lock")
        // O_NOFOLLOW: a symlink planted as the lock file is refused, not followed.
        let lock = open(lockFile.path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw failure("create", lockFile, stage) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw failure("lock", lockFile, stage) }
        }
        let current = try readText(url, stage: stage)
        var status = stat()
        let mode = stat(url.path, &status) == 0 ? status.st_mode & 0o7777 : permissions
        try write(Data(try change(current).utf8), to: url, permissions: mode, stage: stage, what: what)
        // open() applied the umask; the file's own mode is put back exactly.
        if current != nil { chmod(url.path, mode) }
    }

    /// The file's text; nil when it does not exist. Refuses a file it cannot read whole.
    static func readText(_ url: URL, stage: Stage) throws -> String? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do { data = try RegularFile.contents(of: url, what: "the file", stage: stage) } catch let error as ParleyError {
            throw error.withMessage("Cannot read \(url.path), so it was left unchanged: check its permissions.")
        }
        if let text = String(validating: data, as: UTF8.self) { return text }
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let bad = (lines.firstIndex { String(validating: $0, as: UTF8.self) == nil } ?? 0) + 1
        throw ParleyError(stage, .invalidInput, "\(url.path):\(bad) is not UTF-8 text, so the file was left "
            + "unchanged. Re-save it as UTF-8 (iconv -f latin1 -t utf-8), then try again.")
    }

    /// A new temporary file beside `url`, created exclusively (`mkstemp`: a random name,
    /// O_EXCL, so a file or symlink planted under a predictable name is never opened), with
    /// `permissions`.
    static func createTemporary(beside url: URL, permissions: mode_t, stage: Stage) throws -> (Int32, URL) {
        guard let (descriptor, temporary) = ExclusiveTemporary.file(
            url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).")) else {
            throw failure("create a temporary file in", url.deletingLastPathComponent(), stage)
        }
        // mkstemp makes the file 0600; the target's own mode is set before any data is written.
        guard fchmod(descriptor, permissions) == 0 else {
            let error = failure("set the permissions of", temporary, stage)
            close(descriptor)
            unlink(temporary.path)
            throw error
        }
        return (descriptor, temporary)
    }

    private static func createFolder(_ folder: URL, stage: Stage) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ParleyError(stage, .unwritable, "Cannot create \(folder.path).", cause: .from(error))
        }
    }

    private static func failure(_ action: String, _ url: URL, _ stage: Stage) -> ParleyError {
        let error = errno
        // Past `ulimit -f` neither permissions nor free space are the reason: the limit is named.
        let reason = FileSizeLimit.explanation(of: error) ?? "check the folder's permissions and free space"
        return ParleyError(stage, .unwritable, "Cannot \(action) \(url.path): \(reason).", cause: .system(errno: error))
    }
}
