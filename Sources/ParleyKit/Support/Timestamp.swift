import Foundation

/// Times as parley writes them, made with the C library alone. Foundation's date formatters
/// load ICU data when first used; with no file descriptor left (`ulimit -n 12`) that load
/// failed and ended the process (SIGILL) while a turn's record was being made, and the turn
/// was lost. These need no file (the local time zone's, if it can be read).
public enum Timestamp {
    /// `time` in UTC as ISO 8601 to the second (`2026-11-29T05:35:53Z`), as the journal records it.
    public static func iso8601(_ time: Date) -> String {
        let parts = utc(time)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    /// `time` in local time for a file name (`2026-11-29-063553`); in UTC when the time zone
    /// cannot be read (the C library falls back by itself, it does not fail).
    public static func fileName(_ time: Date) -> String {
        var seconds = time_t(time.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02d-%02d%02d%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    private static func utc(_ time: Date) -> tm {
        var seconds = time_t(time.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return parts
    }
}
