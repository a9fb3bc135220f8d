import Foundation

/// The part of parley a failure came from; shown to the user in front of the message.
public enum Stage: String, Sendable, Equatable {
    case locale, audio, recognition, translation, synthesis, conversation, configuration, input, storage
}

/// A failure a person can act on: what went wrong, what to do about it, and the
/// underlying cause for `--verbose` output. Callers branch on `code`, never on the text.
public struct ParleyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is, for callers that handle some kinds themselves.
    public enum Code: String, Sendable, Equatable {
        /// Something the person gave (text, a tag, a file's contents, a setting) is not usable.
        case invalidInput
        /// A file, voice, dictionary or other named thing does not exist.
        case notFound
        /// A file exists but cannot be read (permissions, encoding, a broken format).
        case unreadable
        /// A file or folder cannot be written (permissions, a full disk).
        case unwritable
        /// A library or program parley needs is not installed (libvosk, espeak-ng data, Apertium).
        case libraryMissing
        /// No speech model is installed for the locale.
        case modelMissing
        /// A speech model is installed but cannot be loaded.
        case modelBroken
        /// No engine or dictionary serves the translation direction.
        case pairUnavailable
        /// An audio device cannot be opened.
        case deviceUnavailable
        /// An audio device failed while in use (unplugged, stopped answering).
        case deviceLost
        /// The input recording has ended: there is nothing more to hear.
        case inputEnded
        /// A library or engine failed while working (a decode, a synthesis, a pipeline).
        case engineFailed
        /// Something took longer than it may and was stopped.
        case timedOut
        /// The person interrupted the work (Ctrl-C).
        case interrupted
    }

    /// The lower-level reason behind a failure.
    public enum Cause: Sendable, Equatable, CustomStringConvertible {
        /// A system call's `errno`.
        case system(errno: Int32)
        /// A C library's status code and its own text for it (ALSA's `snd_strerror`, espeak-ng's status).
        case library(name: String, status: Int32, text: String)
        /// A lower-level error's or program's own words (Foundation, `dlerror`, Kaldi).
        case text(String)

        public var description: String {
            switch self {
            case .system(let errno):
                DescriptorLimit.explanation(of: errno) ?? FileSizeLimit.explanation(of: errno) ?? String(cString: strerror(errno))
            case .library(let name, let status, let text): text.isEmpty ? "\(name) status \(status)" : text
            case .text(let text): text
            }
        }

        /// The cause of an arbitrary error, in its own words: Foundation's errors by their
        /// localized text, Swift's own by their description (not "error 2").
        public static func from(_ error: any Error) -> Cause {
            .text(ParleyError.words(of: error))
        }
    }

    /// Where the failure happened.
    public let stage: Stage
    /// What kind of failure it is.
    public let code: Code
    /// What failed and, where there is one, the command or step that fixes it.
    public let message: String
    /// The lower-level reason, if any.
    public let cause: Cause?

    /// Creates an error for `stage` of kind `code` with a message a person can act on.
    public init(_ stage: Stage, _ code: Code, _ message: String, cause: Cause? = nil) {
        self.stage = stage
        self.code = code
        self.message = message
        self.cause = cause
    }

    /// `error` as a `ParleyError`: itself when it is one, else an error of `stage` and `code`
    /// whose cause is `error`, so the lower-level reason is kept for `--verbose` and for
    /// anyone who branches on it. `message` defaults to the foreign error's own words.
    public static func wrapping(_ error: any Error, stage: Stage, code: Code, message: String? = nil) -> ParleyError {
        if let error = error as? ParleyError { return error }
        return ParleyError(stage, code, message ?? words(of: error), cause: .from(error))
    }

    /// What a foreign error says about itself: Foundation errors carry a localized text;
    /// for Swift's own, their description names the case (`localizedDescription` would be
    /// "The operation could not be completed").
    static func words(of error: any Error) -> String {
        guard error is CocoaError || error is POSIXError || type(of: error) is NSError.Type else {
            return String(describing: error)
        }
        // The system's own reason, where Foundation kept it: its text for a code it has no
        // words for is a dump ("The operation could not be completed. (NSCocoaErrorDomain
        // error 256.)"), and it says "You don't have permission" for a folder or a pipe.
        let foundation = error as NSError
        if foundation.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(foundation.code))) }
        if let underlying = foundation.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        let text = error.localizedDescription
        guard text.contains("Domain") || text.contains("UserInfo") else { return text }
        return foundation.domain == NSCocoaErrorDomain && (256..<512).contains(foundation.code)
            ? "the file could not be read" : foundation.domain == NSCocoaErrorDomain && (512..<768).contains(foundation.code)
            ? "the file could not be written" : "error \(foundation.code)"
    }

    /// The same error with `message` in place of its own (same stage, code and cause).
    public func withMessage(_ message: String) -> ParleyError {
        ParleyError(stage, code, message, cause: cause)
    }

    public var description: String {
        guard let cause else { return message }
        let text = cause.description
        // Messages often quote the library's own words already.
        return text.isEmpty || message.contains(text) ? message : "\(message) (\(text))"
    }
}
