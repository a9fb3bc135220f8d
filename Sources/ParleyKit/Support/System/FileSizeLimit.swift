import Foundation

/// The largest file parley may write (`ulimit -f`). Past it the kernel sends SIGXFSZ, whose
/// default action ends the process at once: `parley dict add` under a 1 MiB limit died
/// leaving its temporary file, and a conversation died before its first turn (PulseAudio's
/// memory file, written for espeak-ng's audio). Ignored, the write fails with EFBIG instead,
/// and each writer reports it and cleans up as for a full disk.
public enum FileSizeLimit {
    /// Makes a write past the limit fail with EFBIG instead of ending parley. Call it at
    /// start; programs parley starts get the default action back (`ApertiumProcess`).
    public static func ignoreSignal() {
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Words for EFBIG, naming the limit; nil for any other `errno`.
    public static func explanation(of errno: Int32) -> String? {
        guard errno == EFBIG else { return nil }
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {
            return "the file is larger than the system allows"
        }
        return "the file would be larger than the file size limit of \(limit.rlim_cur) bytes (ulimit -f): "
            + "raise it (ulimit -f unlimited) and try again"
    }
}
