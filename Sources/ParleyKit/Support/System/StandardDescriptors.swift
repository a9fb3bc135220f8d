import Foundation

/// Standard input, output and error, opened on `/dev/null` when the caller closed them
/// (`parley en es >&-`). Otherwise the next file parley opens (the transcript journal) gets
/// descriptor 1 or 2, and lines meant for the screen are written into it.
public enum StandardDescriptors {
    /// Opens each of descriptors 0, 1 and 2 that is closed on `/dev/null`. Call it first,
    /// before anything opens a file.
    public static func ensureOpen() {
        for descriptor in Int32(0)...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // open() returns the lowest free descriptor: the one just found closed.
            let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }
}
