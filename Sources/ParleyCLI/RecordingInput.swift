import Foundation
import ParleyKit

/// A recording named on the command line, as `transcribe` and `interpret` read it: a file,
/// or `-` and pipes (`<(sox …)`), which cannot be sought and are spooled to a temporary file
/// with no name first. Errors about the spool file name where the recording came from.
struct RecordingInput {
    /// Where the recording is read from.
    let file: URL
    /// How the person named it: `standard input`, the pipe's path, or the file's name.
    let shownName: String
    /// True when it came through a pipe.
    let piped: Bool
    /// Keeps the spooled copy while the recording is read.
    private let spooled: SpooledRecording?

    /// Opens `path` (`-` for standard input); throws an `.input` error naming what failed.
    init(path: String) throws {
        piped = path == "-" || PipedRecording.isPipe(path)
        if piped {
            let source: Int32
            do { source = path == "-" ? STDIN_FILENO : try Descriptor.openForReading(path) } catch {
                throw ParleyError(.input, .unreadable, "Cannot open \(path).", cause: error.cause)
            }
            defer { if source != STDIN_FILENO { Descriptor.close(source) } }
            let spooled = try PipedRecording.spool(from: source)
            self.spooled = spooled
            file = spooled.url
        } else {
            spooled = nil
            file = URL(fileURLWithPath: path)
        }
        shownName = path == "-" ? "standard input" : piped ? path : file.lastPathComponent
    }

    /// The name errors give the recording (nil: its own file name).
    var errorName: String? { piped ? shownName : nil }

    /// `error` with the spool file's path replaced by where the recording came from: the
    /// temporary file's name means nothing to the person.
    func shown(_ error: any Error) -> any Error {
        guard piped, let error = error as? ParleyError else { return error }
        return ParleyError(error.stage, error.code, error.message.replacingOccurrences(of: file.path, with: shownName),
                           cause: error.cause)
    }
}
