import Foundation

/// Writes files so that a crash at any moment leaves either the old or the new contents:
/// the data goes to a temporary file beside the target, is flushed to disk, and is then
/// renamed over the target.
public enum AtomicFile {
    /// Replaces `url` with `data`, creating its folder if needed; `permissions` applies to
    /// the new file (0600 for private data).
    public static func write(_ data: Data, to url: URL, permissions: mode_t = 0o644) throws {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ParleyError(.configuration, "Cannot create \(folder.path).", cause: error.localizedDescription)
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, permissions)
        guard descriptor >= 0 else { throw failure("create", temporary) }
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
            let error = failure("write", url)
            unlink(temporary.path)
            throw error
        }
        // Make the rename itself durable.
        let folderDescriptor = open(folder.path, O_RDONLY)
        if folderDescriptor >= 0 { fsync(folderDescriptor); close(folderDescriptor) }
    }

    private static func failure(_ action: String, _ url: URL) -> ParleyError {
        ParleyError(.configuration, "Cannot \(action) \(url.path): check the folder's permissions and free space.",
                    cause: String(cString: strerror(errno)))
    }
}
