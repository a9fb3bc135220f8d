import Foundation

/// What a path names, by `stat` (symbolic links followed): a reader decides from this
/// whether it may read the path at all (a pipe blocks, a folder gives a vague error).
public enum FileKind: Sendable, Equatable {
    /// A regular file.
    case regular
    /// A folder.
    case folder
    /// A pipe or a socket (`/dev/fd/63` from a shell's `<(…)`).
    case pipe
    /// A device or anything else that is not a file.
    case device

    /// What `path` names, or why it cannot be told (`ENOENT` when nothing is there).
    public static func of(_ path: String) -> Result<FileKind, SystemCallError> {
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(.current) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .success(.regular)
        case S_IFDIR: return .success(.folder)
        case S_IFIFO, S_IFSOCK: return .success(.pipe)
        default: return .success(.device)
        }
    }

    /// Why this process may not read `path` (and search it, when `searching`, as a folder
    /// must be to open what is in it), or nil when it may. Root may read whatever it likes:
    /// the permission bits alone would say otherwise.
    public static func refusal(toRead path: String, searching: Bool = false) -> SystemCallError? {
        access(path, searching ? R_OK | X_OK : R_OK) == 0 ? nil : .current
    }

    /// Why this process may not write into `path` (and search it, when `searching`), or
    /// nil when it may.
    public static func refusal(toWrite path: String, searching: Bool = false) -> SystemCallError? {
        access(path, searching ? W_OK | X_OK : W_OK) == 0 ? nil : .current
    }
}
