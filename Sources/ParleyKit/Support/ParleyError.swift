/// The part of parley a failure came from; shown to the user in front of the message.
public enum Stage: String, Sendable, Equatable {
    case locale, audio, recognition, translation, synthesis, conversation, configuration, input
}

/// A failure a person can act on: what went wrong, what to do about it, and the
/// underlying cause for `--verbose` output.
public struct ParleyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the failure happened.
    public let stage: Stage
    /// What failed and, where there is one, the command or step that fixes it.
    public let message: String
    /// The lower-level reason (a C library's own text, an errno string), if any.
    public let cause: String?

    /// Creates an error for `stage` with a message a person can act on.
    public init(_ stage: Stage, _ message: String, cause: String? = nil) {
        self.stage = stage
        self.message = message
        self.cause = cause
    }

    public var description: String {
        guard let cause, !cause.isEmpty else { return message }
        return "\(message) (\(cause))"
    }
}
