import Foundation

/// What a path names, told before reading it: a folder or a pipe handed over as a WAV, a
/// config, a dictionary or a lexicon gave Foundation's raw words ("Illegal seek", "You don't
/// have permission" as root). Every reader of a named file asks here first.
public enum RegularFile {
    /// Throws a `stage` error that names `url` and what it really is, unless it is a regular
    /// file (symlinks followed) that this process can read. `what` names the file's role
    /// ("the recording", "the dictionary").
    public static func check(_ url: URL, what: String, stage: Stage) throws {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            let error = errno
            if error == ENOENT {
                throw ParleyError(stage, .notFound, "\(url.path) does not exist: check the path of \(what).")
            }
            throw ParleyError(stage, .unreadable, "Cannot open \(url.path) (\(what)).", cause: .system(errno: error))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            guard access(url.path, R_OK) == 0 else {
                throw ParleyError(stage, .unreadable, "\(url.path) cannot be read: check its permissions.",
                                  cause: .system(errno: errno))
            }
        case S_IFDIR:
            throw ParleyError(stage, .invalidInput, "\(url.path) is a folder; \(what) must be a file in it.")
        case S_IFIFO, S_IFSOCK:
            throw ParleyError(stage, .invalidInput, "\(url.path) is a pipe; \(what) must be a file parley can read "
                + "from its start to its end. Save it to a file first.")
        default:
            throw ParleyError(stage, .invalidInput, "\(url.path) is a device, not a file; \(what) must be a regular file.")
        }
    }

    /// Where a file that replaces `url` is written: `url` itself when nothing is there or a
    /// regular file is, the file a symbolic link of one's own leads to (the link stays). Anything else
    /// (a device such as /dev/null, a pipe, a folder, a link that leads nowhere) is refused
    /// with a `stage` error that names it: a rename over it would replace the device node
    /// itself, and writing into it would block or go nowhere. `what` names the file's role.
    public static func replaceable(_ url: URL, what: String, stage: Stage) throws -> URL {
        var status = stat()
        guard lstat(url.path, &status) == 0 else {
            let error = errno
            guard error == ENOENT else {
                throw ParleyError(stage, .unwritable, "Cannot look at \(url.path) (\(what)).", cause: .system(errno: error))
            }
            return url
        }
        var target = url
        if status.st_mode & S_IFMT == S_IFLNK {
            // Only a link of one's own is followed, as the kernel's protected_symlinks does for
            // opens in /tmp: a link planted by another user (to /etc/shadow, for root) is refused.
            guard status.st_uid == geteuid() else {
                throw ParleyError(stage, .unwritable, "\(url.path) is a symbolic link that another user owns; parley "
                    + "does not write \(what) through it. Name the file itself, or remove the link.")
            }
            guard let resolved = realpath(url.path, nil) else {
                throw ParleyError(stage, .unwritable, "\(url.path) is a symbolic link that leads nowhere; "
                    + "\(what) was not written. Remove the link or choose another path.", cause: .system(errno: errno))
            }
            target = URL(fileURLWithPath: String(cString: resolved))
            free(resolved)
            guard stat(target.path, &status) == 0 else {
                throw ParleyError(stage, .unwritable, "Cannot look at \(target.path) (\(what)).", cause: .system(errno: errno))
            }
        }
        let named = target == url ? url.path : "\(url.path) (a link to \(target.path))"
        switch status.st_mode & S_IFMT {
        case S_IFREG: return target
        case S_IFDIR:
            throw ParleyError(stage, .invalidInput, "\(named) is a folder; name a file in it for \(what).")
        case S_IFIFO, S_IFSOCK:
            throw ParleyError(stage, .invalidInput, "\(named) is a pipe, not a file; parley writes \(what) only "
                + "to a regular file. Choose another path.")
        default:
            throw ParleyError(stage, .invalidInput, "\(named) is a device, not a file; parley writes \(what) only "
                + "to a regular file and never replaces a device. Choose another path.")
        }
    }

    /// The whole contents of the regular file at `url` (checked as `check` does), read with
    /// the system's calls so a failure names the system's reason (`/proc/self/mem`: an
    /// input/output error), never Foundation's dump of its error. A file larger than `limit`
    /// bytes is refused.
    public static func contents(of url: URL, what: String, stage: Stage, limit: Int = 64 << 20) throws -> Data {
        try check(url, what: what, stage: stage)
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ParleyError(stage, .unreadable, "Cannot open \(url.path) (\(what)).", cause: .system(errno: errno))
        }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw ParleyError(stage, .unreadable, "Cannot read \(url.path) (\(what)).", cause: .system(errno: errno))
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
            guard data.count <= limit else {
                throw ParleyError(stage, .invalidInput, "\(url.path) is larger than \(limit >> 20) MiB; \(what) is refused.")
            }
        }
    }
}
