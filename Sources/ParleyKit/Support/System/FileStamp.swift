import Foundation

/// Identity and age of a file, to tell whether it changed since it was read without
/// reading it again (one `stat`): a rewrite by rename changes the inode, an edit in place
/// the size or time. A missing file has a stamp of its own.
struct FileStamp: Equatable, Sendable {
    let inode: UInt64
    let size: Int64
    let modified: Int

    /// The stamp of `file` as it is now.
    init(of file: URL) {
        var status = stat()
        guard stat(file.path, &status) == 0 else {
            (inode, size, modified) = (0, -1, 0)
            return
        }
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = status.st_mtim.tv_sec * 1_000_000_000 + status.st_mtim.tv_nsec
    }
}
