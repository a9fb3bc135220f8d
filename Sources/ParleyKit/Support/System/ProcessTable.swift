import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Questions about processes that are not parley's children (for those, `Subprocess`).
public enum ProcessTable {
    /// Whether a process with id `processID` exists, whoever owns it (`kill` with signal 0:
    /// EPERM still means it is there).
    public static func exists(_ processID: Int32) -> Bool {
        Glibc.kill(processID, 0) == 0 || errno != ESRCH
    }

    /// This process's id.
    public static var current: Int32 { getpid() }
}

/// The account parley runs as, from the password database.
public enum UserAccount {
    /// The home folder the password database gives this process's user, whatever `$HOME`
    /// says; nil when the account has none.
    public static var homeFolder: String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }
}
