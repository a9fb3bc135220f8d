import Foundation

/// The address space this process may use (`ulimit -v`). Under a limit too small for it,
/// Kaldi's model load does not fail: a thread it cannot start leaves it waiting in a join
/// forever. The limit is read before loading, and a load that cannot work is refused with
/// words a person can act on.
public enum AddressSpaceLimit {
    /// What loading a Vosk model needs: the small Korean model hung at 2 GB and loaded at
    /// 3 GB (`ulimit -v`, measured with `parley transcribe`).
    public static let speechModel: UInt64 = 3 << 30

    /// What a conversation, `say` or `transcribe` needs to start its threads and libraries:
    /// at 300 MB a conversation crashed in 1 of 3 starts (an allocation failing in the Swift
    /// runtime), at 400 MB none did.
    public static let minimum: UInt64 = 512 << 20

    /// The soft limit in bytes, or nil when there is none.
    public static var current: UInt64? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return UInt64(limit.rlim_cur)
    }

    /// An error saying `what` (needing `needed` bytes) when the limit is below it, else nil;
    /// `then` says what still works.
    public static func shortfall(needed: UInt64, for what: String, stage: Stage, then: String = "",
                                 limit: UInt64? = AddressSpaceLimit.current) -> ParleyError? {
        guard let limit, limit < needed else { return nil }
        let size = needed >= 1 << 30 ? "\(needed >> 30) GiB" : "\(needed >> 20) MiB"
        return ParleyError(stage, .engineFailed, "\(what): the memory limit (ulimit -v \(limit / 1024)) is below the "
            + "\(size) of address space it needs. Raise it (ulimit -v unlimited) and start parley again" + then + ".")
    }
}
