import Foundation
import Synchronization

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

    /// Runs `body` with the process's standard error pointed at /dev/null: for libraries
    /// that print from places no error handler reaches. It hides every thread's standard
    /// error while it runs. Nested and concurrent callers share one redirection: the first
    /// saves standard error, the last puts it back.
    public static func withStandardErrorSilenced<T>(_ body: () throws -> T) rethrows -> T {
        silenced.withLock { state in
            if state.depth == 0 {
                fflush(nil)
                state.saved = dup(STDERR_FILENO)
                let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
                if state.saved >= 0, null >= 0 { dup2(null, STDERR_FILENO) }
                if null >= 0 { close(null) }
                // The saved copy must not reach a program started meanwhile.
                if state.saved >= 0 { _ = fcntl(state.saved, F_SETFD, FD_CLOEXEC) }
            }
            state.depth += 1
        }
        defer {
            silenced.withLock { state in
                state.depth -= 1
                if state.depth == 0, state.saved >= 0 {
                    fflush(nil)
                    dup2(state.saved, STDERR_FILENO)
                    close(state.saved)
                    state.saved = -1
                }
            }
        }
        return try body()
    }

    private static let silenced = Mutex<(depth: Int, saved: Int32)>((0, -1))
}
