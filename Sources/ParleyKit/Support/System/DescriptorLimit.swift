import Foundation

/// The number of files parley may have open. A conversation holds dictionaries, the journal,
/// the audio device, a speech model's files and an Apertium pipeline's pipes; under a tiny
/// limit (`ulimit -n 12`) each of them fails in its own confusing way ("No dictionary for
/// en→es", "cannot read its mode file"). The soft limit is raised towards the hard one at
/// start, and when even that is too low parley says so once, in these words.
public enum DescriptorLimit {
    /// What a conversation needs with room to spare.
    public static let needed: rlim_t = 256

    /// Raises the soft limit to `needed` (or the hard limit, if lower); returns what to tell
    /// the person when the limit stays below `needed`, else nil.
    public static func ensureEnough() -> String? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < needed else { return nil }
        let wanted = min(needed, limit.rlim_max)
        if wanted > limit.rlim_cur {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        guard limit.rlim_cur < needed else { return nil }
        return "Only \(limit.rlim_cur) open files are allowed (ulimit -n); parley needs about \(needed) for its "
            + "dictionaries, models, audio and translation engine, and what does not open will fail. "
            + "Raise the limit (ulimit -n 1024) and start parley again."
    }

    /// Words for an `errno` that means the limit was reached, else nil.
    public static func explanation(of errno: Int32) -> String? {
        errno == EMFILE || errno == ENFILE
            ? "parley is out of file descriptors: raise the limit (ulimit -n 1024) and start it again" : nil
    }
}
