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
}
